import { CONTACT_LIMITS, CONTACT_PHONE_PATTERN } from '../../../shared/contact-limits.ts';
import type { ContactInput } from '../../../shared/content.contract.ts';
import type { FieldErrors } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n.ts';

export type ContactValues = Required<{ [Field in keyof ContactInput]: string }>;

export const emptyContact: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The contact contract's rules, checked before sending (the storefront may not load zod); the
 * server checks them again and has the last word.
 */
export function validateContact(values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  const tooLong = (max: number) => t({ one: 'This field must not be longer than {{count}} character.', other: 'This field must not be longer than {{count}} characters.' }, { count: max });

  const name = values.name.trim();
  if (!name) errors.name = [t('Please enter your name.')];
  else if (name.length > CONTACT_LIMITS.name) errors.name = [tooLong(CONTACT_LIMITS.name)];

  const email = values.email.trim();
  if (!email) errors.email = [t('Please enter your e-mail address.')];
  else if (email.length > CONTACT_LIMITS.email || !EMAIL_PATTERN.test(email)) errors.email = [t('Please enter a valid e-mail address.')];

  const phone = values.phone.trim();
  if (phone && !CONTACT_PHONE_PATTERN.test(phone)) errors.phone = [t('Please enter a valid phone number.')];

  const subject = values.subject.trim();
  if (!subject) errors.subject = [t('Please enter a subject.')];
  else if (subject.length > CONTACT_LIMITS.subject) errors.subject = [tooLong(CONTACT_LIMITS.subject)];

  const message = values.message.trim();
  if (!message) errors.message = [t('Please write your message.')];
  else if (message.length < CONTACT_LIMITS.messageMin) {
    errors.message = [t({ one: 'Your message must be at least {{count}} character.', other: 'Your message must be at least {{count}} characters.' }, { count: CONTACT_LIMITS.messageMin })];
  } else if (message.length > CONTACT_LIMITS.message) errors.message = [tooLong(CONTACT_LIMITS.message)];

  return errors;
}

/** What is sent: trimmed, without an empty phone. */
export function contactPayload(values: ContactValues): ContactInput {
  const { phone, ...rest } = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()])) as ContactValues;
  return phone ? { ...rest, phone } : rest;
}
