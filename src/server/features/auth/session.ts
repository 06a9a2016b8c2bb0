import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionData, User } from '../../../shared/account.contract.ts';
import { type users } from '../../db/schema.ts';
import { issueAccessToken } from '../../platform/auth.ts';
import { mergeGuestCart } from '../cart/guest-cart.ts';

export type UserRow = typeof users.$inferSelect;

/** A user as the API shows it to its owner; never the hash, role or shop. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    country: row.country,
    phone_code: row.phoneCode,
    phone: row.phone,
    profile_photo: row.profilePhoto,
    gender: row.gender,
    birthday: row.birthday,
    is_verified: row.verifiedAt !== null,
  };
}

/**
 * Issues a bearer token: the answer of login, registration and social sign-in. The visitor's guest
 * cart, if any, moves into the account's cart.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<SessionData> {
  const app = request.server;
  const { token, expiresAt } = await issueAccessToken(app.database.db, user.id, app.clock);
  await mergeGuestCart(request, reply, user.id);
  return { user: presentUser(user), access: { auth_type: 'Bearer', token, expires_at: expiresAt.toISOString() } };
}
