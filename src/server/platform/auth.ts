import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { authTokens, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { unauthorized } from './errors.ts';
import { newToken, sha256 } from './secrets.ts';

/** How long a bearer token lives without being renewed by a new login. */
export const ACCESS_TOKEN_DAYS = 30;

export interface AuthenticatedUser {
  id: number;
  role: 'customer' | 'seller' | 'admin';
  shopId: number | null;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` (or `identifyUser`) when the request carries a live bearer token. */
    user?: AuthenticatedUser;
  }
}

export async function issueAccessToken(db: Db, userId: number, clock: Clock) {
  const token = newToken();
  const expiresAt = new Date(clock.now().getTime() + ACCESS_TOKEN_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(authTokens).values({ userId, tokenHash: sha256(token), expiresAt, createdAt: clock.now() });
  return { token, expiresAt };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
}

async function findUserByToken(db: Db, token: string, clock: Clock): Promise<AuthenticatedUser | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role, shopId: users.shopId, tokenId: authTokens.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, sha256(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, clock.now())))
    .limit(1);
  return row;
}

export function hasBearerToken(request: FastifyRequest): boolean {
  return bearerToken(request) !== null;
}

/** preHandler for routes that need a shopper: a missing, unknown, expired or revoked token is a 401. */
export async function authenticate(request: FastifyRequest) {
  const token = bearerToken(request);
  const user = token ? await findUserByToken(request.server.database.db, token, request.server.clock) : undefined;
  if (!user) throw unauthorized();
  request.user = user;
}

/** preHandler for public routes that answer more for a shopper (favourite flags): never refuses. */
export async function identifyUser(request: FastifyRequest) {
  const token = bearerToken(request);
  if (token) request.user = await findUserByToken(request.server.database.db, token, request.server.clock);
}

/** The shopper `authenticate` let through. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export async function revokeToken(db: Db, tokenId: number, clock: Clock) {
  await db.update(authTokens).set({ revokedAt: clock.now() }).where(eq(authTokens.id, tokenId));
}

/** Ends every session of a user, or every one but the caller's (password change keeps the changer signed in). */
export async function revokeUserTokens(db: Db, userId: number, clock: Clock, { except }: { except?: number } = {}) {
  await db
    .update(authTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), except === undefined ? undefined : ne(authTokens.id, except)));
}
