import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from './session.ts';

/** The `phone` field of login and of the code forms holds an e-mail address or a phone number (docs/product/storefront.md §3). */
export type ContactIdentifier = { channel: 'email'; email: string } | { channel: 'phone'; phone: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Anything with an "@" is an e-mail address; otherwise the digits are the phone number (spaces, dashes and brackets dropped). */
export function readContactIdentifier(value: string): ContactIdentifier {
  if (value.includes('@')) return { channel: 'email', email: value.trim().toLowerCase() };
  return { channel: 'phone', phone: value.replace(/\D/g, '') };
}

/** Whether the identifier could belong to an account at all: a well-formed address or a plausible number. */
export function isWellFormed(identifier: ContactIdentifier): boolean {
  return identifier.channel === 'email' ? EMAIL_PATTERN.test(identifier.email) : identifier.phone.length >= 4 && identifier.phone.length <= 20;
}

/** The key an identifier's rate limits use: the address asked for, whether or not an account stands behind it. */
export const identifierKey = (identifier: ContactIdentifier) =>
  identifier.channel === 'email' ? `email:${identifier.email}` : `phone:${identifier.phone}`;

export async function findUserByContact(db: Db, identifier: ContactIdentifier): Promise<UserRow | undefined> {
  if (!isWellFormed(identifier)) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(identifier.channel === 'email' ? eq(users.email, identifier.email) : eq(users.phone, identifier.phone))
    .limit(1);
  return row;
}

/**
 * Where a code went, without giving the address away ("c*******@example.com", "+1 ******0123").
 * Built from what the shopper typed, so the answer is the same whether or not an account matched.
 */
export function maskContact(identifier: ContactIdentifier, phoneCode?: string): string {
  if (identifier.channel === 'email') {
    const at = identifier.email.lastIndexOf('@');
    const local = identifier.email.slice(0, at);
    return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}${identifier.email.slice(at)}`;
  }
  const visible = identifier.phone.slice(-4);
  const hidden = '*'.repeat(Math.max(identifier.phone.length - visible.length, 2));
  const code = phoneCode?.replace(/\D/g, '');
  return `${code ? `+${code} ` : ''}${hidden}${visible}`;
}
