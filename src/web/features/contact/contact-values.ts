import type { ContactInput } from '../../../shared/content.contract.ts';

export type ContactValues = Required<{ [Field in keyof ContactInput]: string }>;

export const emptyContact: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };

/** What is sent: trimmed, without an empty phone. */
export function contactPayload(values: ContactValues): ContactInput {
  const { phone, ...rest } = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()])) as ContactValues;
  return phone ? { ...rest, phone } : rest;
}
