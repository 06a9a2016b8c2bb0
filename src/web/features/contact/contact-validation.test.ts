import { describe, expect, it } from 'vitest';
import { contactInputSchema } from '../../../shared/content.contract.ts';
import { contactPayload, emptyContact, validateContact, type ContactValues } from './contact-validation.ts';

const valid: ContactValues = {
  name: 'Ada Shopper',
  email: 'ada@example.com',
  phone: '',
  subject: 'My order',
  message: 'When will my order arrive?',
};

/** The fields the server's contract refuses for these values. */
const serverRefuses = (values: ContactValues) => {
  const result = contactInputSchema.safeParse(contactPayload(values));
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => String(issue.path[0])))].sort();
};

describe('the contact form check', () => {
  it('passes what the server takes', () => {
    expect(validateContact(valid)).toEqual({});
    expect(serverRefuses(valid)).toEqual([]);
    expect(validateContact({ ...valid, phone: '+1 (202) 555-0100' })).toEqual({});
  });

  it('refuses what the server refuses, field by field', () => {
    const cases: Partial<ContactValues>[] = [
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { email: '' },
      { email: 'ada@' },
      { email: 'ada example.com' },
      { phone: 'call me' },
      { phone: '12' },
      { subject: '' },
      { subject: 's'.repeat(151) },
      { message: 'Too short' },
      { message: 'm'.repeat(5001) },
    ];
    for (const change of cases) {
      const values = { ...valid, ...change };
      const fields = Object.keys(validateContact(values)).sort();
      expect(fields, JSON.stringify(change)).toEqual(Object.keys(change));
      expect(serverRefuses(values), JSON.stringify(change)).toEqual(fields);
    }
  });

  it('gives one message per empty required field', () => {
    expect(Object.keys(validateContact(emptyContact)).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('sends trimmed values and leaves out an empty phone', () => {
    expect(contactPayload({ ...valid, name: '  Ada  ', phone: '  ' })).toEqual({ ...valid, phone: undefined, name: 'Ada' });
    expect('phone' in contactPayload(valid)).toBe(false);
  });
});
