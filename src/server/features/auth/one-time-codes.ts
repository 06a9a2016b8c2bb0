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
export const OTP_MAX_WRONG_TRIES = 5;

/**
 * Stores a fresh code for the purpose and answers it in plain text, to be sent; only its hash is kept.
 * Every older unused code of the user stops working, whatever it was for: only the latest message
 * counts, and a typed code needs no word from the client on what it is for (the row says).
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
      .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.consumedAt)));
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

/**
 * Checks a code against the user's live code and answers what it was sent for, once: a right code is
 * used up. A wrong one counts towards the code's death, and so does nothing else: an expired or
 * dead code, or one sent for another purpose than the `expected` one, answers undefined untouched.
 */
export async function consumeOneTimeCode(
  db: Db,
  clock: Clock,
  { userId, code, expected }: { userId: number; code: string; expected?: OtpPurpose },
): Promise<OtpPurpose | undefined> {
  const now = clock.now();
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  const checkable = live && (!expected || live.purpose === expected) && live.expiresAt > now && live.failedAttempts < OTP_MAX_WRONG_TRIES;
  if (!checkable) return undefined;
  // The conditions repeat in each update so that two requests racing on one code cannot both win or both skip the count.
  const stillOpen = and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.failedAttempts, OTP_MAX_WRONG_TRIES));
  if (live.codeHash !== sha256(code)) {
    await db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(stillOpen);
    return undefined;
  }
  const [used] = await db.update(oneTimeCodes).set({ consumedAt: now }).where(stillOpen).returning({ id: oneTimeCodes.id });
  return used ? live.purpose : undefined;
}
