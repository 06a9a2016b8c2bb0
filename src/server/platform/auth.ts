import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { authTokens, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { unauthorized } from './errors.ts';
import { newToken, sha256 } from './secrets.ts';
import { sessionCookieName } from './session-cookie.ts';

/** How long a bearer token lives without being renewed by a new login. */
export const ACCESS_TOKEN_DAYS = 30;

export interface AuthenticatedUser {
  id: number;
  role: 'customer' | 'seller' | 'admin';
  shopId: number | null;
  tokenId: number;
  tokenExpiresAt: Date;
  /** Where the secret came from: an API client's Authorization header, or the web storefront's cookie. */
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` (or `identifyUser`) when the request carries a live session (bearer token or cookie). */
    user?: AuthenticatedUser;
  }
}

export async function issueAccessToken(
  db: Db,
  userId: number,
  clock: Clock,
  expiresAt = new Date(clock.now().getTime() + ACCESS_TOKEN_DAYS * 24 * 60 * 60 * 1000),
) {
  const token = newToken();
  await db.insert(authTokens).values({ userId, tokenHash: sha256(token), expiresAt, createdAt: clock.now() });
  return { token, expiresAt };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
}

/** The session secret a request presents: an Authorization header wins over the cookie. */
function presentedSecret(request: FastifyRequest): { token: string; via: AuthenticatedUser['via'] } | undefined {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = request.cookies[sessionCookieName(request.server.config)];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/** Whether the request presents a session (a bearer token or the session cookie), valid or not. */
export function presentsSession(request: FastifyRequest): boolean {
  return presentedSecret(request) !== undefined;
}

async function findSessionUser(request: FastifyRequest): Promise<AuthenticatedUser | undefined> {
  const secret = presentedSecret(request);
  if (!secret) return undefined;
  const { db } = request.server.database;
  const [row] = await db
    .select({ id: users.id, role: users.role, shopId: users.shopId, tokenId: authTokens.id, tokenExpiresAt: authTokens.expiresAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    // A blocked account's sessions end when it is blocked; this also refuses one that raced the block.
    .where(and(eq(authTokens.tokenHash, sha256(secret.token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, request.server.clock.now()), isNull(users.blockedAt)))
    .limit(1);
  return row && { ...row, via: secret.via };
}

/** preHandler for routes that need a shopper: a missing, unknown, expired or revoked session is a 401. */
export async function authenticate(request: FastifyRequest) {
  const user = await findSessionUser(request);
  if (!user) throw unauthorized();
  request.user = user;
}

/** preHandler for public routes that answer more for a shopper (favourite flags): never refuses. */
export async function identifyUser(request: FastifyRequest) {
  request.user = await findSessionUser(request);
}

/** The shopper `authenticate` let through. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Ends one session; answers whether it was still open. */
export async function revokeToken(db: Db, tokenId: number, clock: Clock): Promise<boolean> {
  const ended = await db
    .update(authTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return ended.length > 0;
}

/** Ends every session of a user, or every one but the caller's (password change keeps the changer signed in). */
export async function revokeUserTokens(db: Db, userId: number, clock: Clock, { except }: { except?: number } = {}) {
  await db
    .update(authTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), except === undefined ? undefined : ne(authTokens.id, except)));
}
