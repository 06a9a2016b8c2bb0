import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { OTP_LENGTH } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { oneTimeCodes, type otpChannels, type otpPurposes } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { newNumericCode, sha256 } from '../../platform/secrets.ts';

export type OtpPurpose = (typeof otpPurposes)[number];
export type OtpChannel = (typeof otpChannels)[number];

export const OTP_LIFETIME_MINUTES = 10;
/** After this many wrong guesses a code is dead: 5 guesses out of 10,000 keeps guessing hopeless. */
const OTP_MAX_WRONG_TRIES = 5;

/**
 * Stores a fresh code for the purpose and answers it in plain text, to be sent; only its hash is kept.
 * Older unused codes of the same purpose stop working, so only the latest message counts.
 */
export async function issueOneTimeCode(
  db: Db,
  clock: Clock,
  { userId, purpose, channel }: { userId: number; purpose: OtpPurpose; channel: OtpChannel },
): Promise<string> {
  const code = newNumericCode(OTP_LENGTH);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
    await tx.insert(oneTimeCodes).values({
      userId,
      purpose,
      channel,
      codeHash: sha256(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_LIFETIME_MINUTES * 60_000),
    });
  });
  return code;
}

export type CodeCheck = 'accepted' | 'wrong' | 'expired' | 'locked';

/** Checks a code against the user's live code of that purpose; a right one is used up, a wrong one counts towards the lock. */
export async function consumeOneTimeCode(
  db: Db,
  clock: Clock,
  { userId, purpose, code }: { userId: number; purpose: OtpPurpose; code: string },
): Promise<CodeCheck> {
  const now = clock.now();
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  if (!live) return 'wrong';
  if (live.expiresAt <= now) return 'expired';
  if (live.failedAttempts >= OTP_MAX_WRONG_TRIES) return 'locked';
  // The conditions repeat in each update so that two requests racing on one code cannot both win or both skip the count.
  const stillOpen = and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.failedAttempts, OTP_MAX_WRONG_TRIES));
  if (live.codeHash !== sha256(code)) {
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(stillOpen)
      .returning({ failedAttempts: oneTimeCodes.failedAttempts });
    return counted && counted.failedAttempts < OTP_MAX_WRONG_TRIES ? 'wrong' : 'locked';
  }
  const [used] = await db.update(oneTimeCodes).set({ consumedAt: now }).where(stillOpen).returning({ id: oneTimeCodes.id });
  return used ? 'accepted' : 'wrong';
}
