import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionData, User } from '../../../shared/account.contract.ts';
import { COOKIE_SESSION_HEADER } from '../../../shared/constants.ts';
import { ACCOUNT_BLOCKED_MESSAGE } from '../../../shared/customers-console.contract.ts';
import { users } from '../../db/schema.ts';
import { currentUser, issueAccessToken, revokeToken } from '../../platform/auth.ts';
import { HttpError, unauthorized } from '../../platform/errors.ts';
import { setSessionCookie } from '../../platform/session-cookie.ts';
import { mergeGuestCart } from '../cart/guest-cart.ts';
import { spokenLocale } from '../i18n/answer-language.ts';

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

/** Refuses a blocked account (403) wherever it signs in, orders or resets its password; asked only once the account proved who it is. */
export function refuseBlocked(user: Pick<UserRow, 'blockedAt'>) {
  if (user.blockedAt) throw new HttpError(403, ACCOUNT_BLOCKED_MESSAGE);
}

/** Whether the caller is the web storefront, which keeps its session in a cookie it cannot read. */
const wantsCookieSession = (request: FastifyRequest) => request.headers[COOKIE_SESSION_HEADER.name] === COOKIE_SESSION_HEADER.value;

/**
 * The answer of login, registration and social sign-in: a new session, as a bearer token in the
 * body for API clients, or in the session cookie for the web storefront (decision 017). The
 * visitor's guest cart, if any, moves into the account's cart. A blocked account gets no session.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<SessionData> {
  refuseBlocked(user);
  const { database, clock } = request.server;
  const { token, expiresAt } = await issueAccessToken(database.db, user.id, clock);
  await rememberLanguage(request, user);
  await mergeGuestCart(request, reply, user.id);
  if (wantsCookieSession(request)) return cookieSession(reply, user, token, expiresAt);
  return { user: presentUser(user), access: { auth_type: 'Bearer', token, expires_at: expiresAt.toISOString() } };
}

/** The language a person signs in with is the one the store's mails to them are written in (decision 042). */
async function rememberLanguage(request: FastifyRequest, user: UserRow) {
  const locale = spokenLocale(request);
  if (!locale || locale === user.locale) return;
  await request.server.database.db.update(users).set({ locale }).where(eq(users.id, user.id));
}

function cookieSession(reply: FastifyReply, user: UserRow, token: string, expiresAt: Date): SessionData {
  setSessionCookie(reply, token, expiresAt);
  return { user: presentUser(user), access: { auth_type: 'Cookie', expires_at: expiresAt.toISOString() } };
}

/**
 * `POST /api/auth/cookie-session`: the storefront moves a token it kept in localStorage (before
 * decision 017) into the cookie, once. The token ends and a new secret with the same end goes into
 * the cookie, so whatever script read the old one holds nothing that works.
 */
export async function exchangeForCookieSession(request: FastifyRequest, reply: FastifyReply): Promise<SessionData> {
  const caller = currentUser(request);
  if (caller.via !== 'bearer') throw unauthorized();
  const { database, clock } = request.server;
  const renewed = await database.db.transaction(async (tx) =>
    (await revokeToken(tx, caller.tokenId, clock)) ? issueAccessToken(tx, caller.id, clock, caller.tokenExpiresAt) : undefined,
  );
  // A second exchange of the same token, racing the first.
  if (!renewed) throw unauthorized();
  const [user] = await database.db.select().from(users).where(eq(users.id, caller.id));
  return cookieSession(reply, user!, renewed.token, renewed.expiresAt);
}
