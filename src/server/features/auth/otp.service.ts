import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SendOtpInput, VerifyOtpInput } from '../../../shared/account.contract.ts';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/constants.ts';
import { users } from '../../db/schema.ts';
import { HttpError, validationFailed } from '../../platform/errors.ts';
import { enforceIpRateLimit, enforceRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { newNumericCode } from '../../platform/secrets.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { findUserByContact, identifierKey, isWellFormed, maskContact, readContactIdentifier, type ContactIdentifier } from './contact-identifier.ts';
import { consumeOneTimeCode, issueOneTimeCode, OTP_LIFETIME_MINUTES, type CodeCheck, type OtpPurpose } from './one-time-codes.ts';
import { issuePasswordResetToken } from './password-reset.ts';
import type { UserRow } from './session.ts';

/** One send per resend countdown of the code dialog, a few per hour per account, more per address (shared networks). */
const OTP_RESEND_GAP: RateRule = { limit: 1, windowSeconds: OTP_RESEND_SECONDS };
const OTP_SENDS_PER_ACCOUNT: RateRule = { limit: 5, windowSeconds: 60 * 60 };
const OTP_SENDS_PER_IP: RateRule = { limit: 20, windowSeconds: 60 * 60 };
const OTP_CHECKS_PER_IP: RateRule = { limit: 100, windowSeconds: 60 * 60 };

const checkMessages: Record<Exclude<CodeCheck, 'accepted'>, string> = {
  wrong: 'The OTP is invalid.',
  expired: 'The OTP has expired.',
  locked: 'Too many wrong codes. Please request a new one.',
};

const purposeOf = (forgotPassword: boolean): OtpPurpose => (forgotPassword ? 'forgot_password' : 'verify_account');

function codeMessage(appName: string, purpose: OtpPurpose, code: string) {
  const what = purpose === 'forgot_password' ? 'password reset' : 'verification';
  return {
    subject: `Your ${what} code`,
    text:
      `${code} is your ${appName} ${what} code. It expires in ${OTP_LIFETIME_MINUTES} minutes.\n` +
      'If you did not ask for it, you can ignore this message.',
  };
}

/**
 * Sends the code where the shopper said: the account's e-mail address, or its phone number with the
 * phone code stored on the account (never one from the request, which could point at someone else's line).
 * Answers the code, or undefined when the account cannot receive codes on that channel.
 */
async function deliverCode(app: FastifyInstance, user: UserRow, channel: ContactIdentifier['channel'], purpose: OtpPurpose): Promise<string | undefined> {
  const phoneCode = user.phoneCode?.replace(/\D/g, '');
  if (channel === 'phone' && (!phoneCode || !user.phone)) return undefined;
  const code = await issueOneTimeCode(app.database.db, app.clock, { userId: user.id, purpose, channel });
  const { app_name: appName } = await readStoreSettings(app.database.db);
  const message = codeMessage(appName, purpose, code);
  try {
    if (channel === 'email') await app.mailer.send({ to: user.email!, ...message });
    else await app.sms.send(`+${phoneCode}${user.phone}`, message.text);
  } catch (error) {
    app.log.error({ err: error, channel }, 'one-time code could not be sent');
    throw new HttpError(503, 'The code could not be sent. Please try again later.');
  }
  return code;
}

/**
 * `POST /api/send-otp`. A forgot-password request answers the same whether or not an account
 * matches (and sends nothing when none does); a verification code needs an existing account.
 */
export async function sendOtp(app: FastifyInstance, input: SendOtpInput, ip: string): Promise<{ email_or_phone: string; otp?: string }> {
  const identifier = readContactIdentifier(input.phone);
  if (!isWellFormed(identifier)) throw validationFailed({ phone: ['The phone or email format is invalid.'] });
  await enforceIpRateLimit(app, 'otp-send', ip, OTP_SENDS_PER_IP);
  const user = await findUserByContact(app.database.db, identifier);
  if (!user && !input.forgot_password) throw validationFailed({ phone: ['We could not find an account with that e-mail or phone.'] });
  const accountKey = `otp-send:${user ? `user:${user.id}` : identifierKey(identifier)}`;
  await enforceRateLimit(app.rateLimiter, `${accountKey}:gap`, OTP_RESEND_GAP);
  await enforceRateLimit(app.rateLimiter, `${accountKey}:hour`, OTP_SENDS_PER_ACCOUNT);

  const purpose = purposeOf(input.forgot_password);
  const code = user ? await deliverCode(app, user, identifier.channel, purpose) : undefined;
  if (!code && !input.forgot_password) throw validationFailed({ phone: ['This account has no phone code to send a text message to. Please use your e-mail.'] });
  // A local demo shows the code; an unknown account gets a made-up one, so even then the answers match.
  const shownCode = app.config.appEnv === 'local' ? (code ?? newNumericCode(OTP_LENGTH)) : undefined;
  return { email_or_phone: maskContact(identifier, input.phone_code), ...(shownCode && { otp: shownCode }) };
}

/**
 * `POST /api/verify-otp`. A forgot-password code is exchanged for a password-reset token; a
 * verification code marks the account verified.
 */
export async function verifyOtp(app: FastifyInstance, input: VerifyOtpInput, ip: string): Promise<{ token: string | null }> {
  await enforceIpRateLimit(app, 'otp-check', ip, OTP_CHECKS_PER_IP);
  const { db } = app.database;
  const user = await findUserByContact(db, readContactIdentifier(input.phone));
  if (!user) throw validationFailed({ otp: [checkMessages.wrong] });

  const purpose = purposeOf(input.forgot_password);
  const outcome = await db.transaction(async (tx) => {
    const check = await consumeOneTimeCode(tx, app.clock, { userId: user.id, purpose, code: input.otp });
    if (check !== 'accepted') return { check, token: null };
    if (purpose === 'forgot_password') return { check, token: await issuePasswordResetToken(tx, user.id, app.clock) };
    await tx
      .update(users)
      .set({ verifiedAt: app.clock.now(), updatedAt: app.clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.verifiedAt)));
    return { check, token: null };
  });
  if (outcome.check !== 'accepted') throw validationFailed({ otp: [checkMessages[outcome.check]] });
  return { token: outcome.token };
}
