import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ResetPasswordInput } from '../../../shared/account.contract.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { revokeUserTokens } from '../../platform/auth.ts';
import { announceSessionsEnded } from '../live/live-events.ts';
import type { Clock } from '../../platform/clock.ts';
import { validationFailed } from '../../platform/errors.ts';
import { clientAddressKey } from '../../platform/rate-limiter.ts';
import { newToken, sha256 } from '../../platform/secrets.ts';

const PASSWORD_RESET_LIFETIME_MINUTES = 15;

const invalidResetToken = () => validationFailed({ token: ['This password reset token is invalid or has expired.'] });

/** What a verified forgot-password code (or a console invitation) is exchanged for; only its hash is kept. */
export async function issuePasswordResetToken(db: Db, userId: number, clock: Clock, lifetimeMinutes = PASSWORD_RESET_LIFETIME_MINUTES): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(clock.now().getTime() + lifetimeMinutes * 60_000);
  await db.insert(passwordResetTokens).values({ userId, tokenHash: sha256(token), expiresAt });
  return token;
}

/**
 * Sets the new password of the token's owner. The token is used up, and so is every other open
 * reset token of the user; every session of the user ends (whoever knew the old password is out).
 */
export async function resetPassword(app: FastifyInstance, input: ResetPasswordInput, ip: string): Promise<void> {
  const { db } = app.database;
  const now = app.clock.now();
  const isOpen = and(eq(passwordResetTokens.tokenHash, sha256(input.token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
  // Checked before hashing, so a made-up token costs no scrypt work.
  const [open] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(isOpen).limit(1);
  if (!open) throw invalidResetToken();
  const passwordHash = await app.passwords.hash(input.password, clientAddressKey(ip));
  const reset = await db.transaction(async (tx) => {
    const [used] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(isOpen).returning({ userId: passwordResetTokens.userId });
    if (!used) return undefined;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
    await revokeUserTokens(tx, used.userId, app.clock);
    return { userId: used.userId };
  });
  if (!reset) throw invalidResetToken();
  await announceSessionsEnded({ events: app.events, log: app.log }, reset.userId);
}
