import { z } from 'zod';

/**
 * The contract's wording for a rule whose schema gave no message of its own: Laravel's, like every
 * message of the spec, naming the field, so the server can translate it (its message templates) and a
 * client can show it under the field. Installed for every user of the contract by text-fields.ts.
 */
type RawIssue = z.core.$ZodRawIssue;

/** `per_page` → "per page"; an item of a list is named by its list. */
function fieldName(path: readonly PropertyKey[] | undefined): string {
  const named = [...(path ?? [])].reverse().find((key): key is string => typeof key === 'string');
  return named ? named.replace(/_/g, ' ') : 'input';
}

const KINDS: Record<string, string> = { number: 'a number', int: 'an integer', string: 'a string', array: 'a list', object: 'an object', boolean: 'true or false' };

function bound(origin: string, field: string, limit: number | bigint, smallest: boolean): string {
  if (origin === 'string') return smallest ? `The ${field} must be at least ${limit} characters.` : `The ${field} must not be greater than ${limit} characters.`;
  if (origin === 'array' || origin === 'set') return smallest ? `The ${field} must have at least ${limit} items.` : `The ${field} must not have more than ${limit} items.`;
  return smallest ? `The ${field} must be at least ${limit}.` : `The ${field} must not be greater than ${limit}.`;
}

export function contractMessage(issue: RawIssue): string | undefined {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const missing = issue.input === undefined || issue.input === null || issue.input === '';
      if (missing) return `The ${field} field is required.`;
      const kind = KINDS[issue.expected];
      return kind ? `The ${field} must be ${kind}.` : `The ${field} is invalid.`;
    }
    case 'too_small':
      return bound(issue.origin, field, issue.minimum, true);
    case 'too_big':
      return bound(issue.origin, field, issue.maximum, false);
    case 'invalid_format':
      return issue.format === 'email' ? `The ${field} must be a valid email address.` : `The ${field} format is invalid.`;
    case 'invalid_value':
      return `The selected ${field} is invalid.`;
    default:
      return `The ${field} is invalid.`;
  }
}

// In the browser, zod's probe for `new Function` (to compile faster object parsers) is an eval the
// pages' content security policy refuses and reports; the server keeps the compiled parsers. Every
// module of src/shared that defines a schema imports this one first.
z.config({ customError: contractMessage, jitless: typeof window !== 'undefined' });
