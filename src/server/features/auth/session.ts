import type { FastifyInstance } from 'fastify';
import type { SessionData, User } from '../../../shared/account.contract.ts';
import { type users } from '../../db/schema.ts';
import { issueAccessToken } from '../../platform/auth.ts';

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

/** Issues a bearer token: the answer of login, registration and social sign-in. */
export async function startSession(app: FastifyInstance, user: UserRow): Promise<SessionData> {
  const { token, expiresAt } = await issueAccessToken(app.database.db, user.id, app.clock);
  return { user: presentUser(user), access: { auth_type: 'Bearer', token, expires_at: expiresAt.toISOString() } };
}
