import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SendOtpInput, VerifyOtpInput } from '../../../shared/account.contract.ts';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { validationFailed } from '../../platform/errors.ts';
import { enforceIpRateLimit, enforceRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { newNumericCode } from '../../platform/secrets.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { mailWriter } from '../i18n/mail-text.ts';
import { findUserByContact, identifierKey, isWellFormed, maskContact, readContactIdentifier, type ContactIdentifier } from './contact-identifier.ts';
import { consumeOneTimeCode, issueOneTimeCode, OTP_LIFETIME_MINUTES, OTP_MAX_WRONG_TRIES, type OtpPurpose } from './one-time-codes.ts';
import { issuePasswordResetToken } from './password-reset.ts';
import { refuseBlocked, type UserRow } from './session.ts';

/**
 * One send per resend countdown of the code dialog and a few per hour to each e-mail or phone asked
 * for, more per network address (shared networks).
 */
const OTP_RESEND_GAP: RateRule = { limit: 1, windowSeconds: OTP_RESEND_SECONDS };
const OTP_SENDS_PER_ADDRESS: RateRule = { limit: 5, windowSeconds: 60 * 60 };
const OTP_SENDS_PER_IP: RateRule = { limit: 20, windowSeconds: 60 * 60 };
const OTP_CHECKS_PER_IP: RateRule = { limit: 100, windowSeconds: 60 * 60 };
/**
 * Tries per e-mail or phone between two sends. It stands in for each code's own count of wrong tries
 * in what the shopper is told, because it runs the same whether or not an account is behind the
 * address: a lock only codes of real accounts could reach would tell them apart.
 */
const OTP_TRIES_PER_SEND: RateRule = { limit: OTP_MAX_WRONG_TRIES, windowSeconds: OTP_LIFETIME_MINUTES * 60 };

/** One answer for a wrong, used, expired or dead code and for an address without an account. */
const CODE_REFUSED = 'The OTP is invalid or has expired.';
const TOO_MANY_TRIES = 'Too many wrong codes. Please request a new one.';

const purposeOf = (forgotPassword: boolean): OtpPurpose => (forgotPassword ? 'forgot_password' : 'verify_account');
const triesKey = (identifier: ContactIdentifier) => `otp-tries:${identifierKey(identifier)}`;

/** Code deliveries under way: answers never wait for them, closing the app does. */
export type CodeDeliveries = Set<Promise<void>>;

/** The code's message in the shopper's language (the store's own when staff sent it). */
function codeMessage(appName: string, purpose: OtpPurpose, code: string, locale: string) {
  const write = mailWriter(locale);
  const forReset = purpose === 'forgot_password';
  const values = { code, store: appName, count: OTP_LIFETIME_MINUTES };
  return {
    subject: write(forReset ? 'Your password reset code' : 'Your verification code'),
    text: [
      write(forReset ? '{{code}} is your {{store}} password reset code. It expires in {{count}} minutes.' : '{{code}} is your {{store}} verification code. It expires in {{count}} minutes.', values),
      write('If you did not ask for it, you can ignore this message.'),
    ].join('\n'),
  };
}

/**
 * Sends the code where the shopper said: the account's e-mail address, or its phone number with the
 * phone code stored on the account (never one from the request, which could point at someone else's line).
 * A failure is logged only: the shopper's answer went out before, the same for every address.
 */
async function deliverCode(app: FastifyInstance, user: UserRow, channel: ContactIdentifier['channel'], purpose: OtpPurpose, code: string, locale?: string) {
  try {
    const { app_name: appName, app_locale: storeLocale } = await readStoreSettings(app.database.db);
    const message = codeMessage(appName, purpose, code, locale ?? storeLocale);
    if (channel === 'email') await app.mailer.send({ to: user.email!, ...message });
    else await app.sms.send(`+${user.phoneCode!.replace(/\D/g, '')}${user.phone}`, message.text);
  } catch (error) {
    app.log.error({ err: error, channel }, 'one-time code could not be sent');
  }
}

/** Whether the account can receive a code on that channel: a phone number needs the account's own phone code. */
const reachable = (user: UserRow, channel: ContactIdentifier['channel']) =>
  channel === 'email' || Boolean(user.phone && user.phoneCode?.replace(/\D/g, ''));

/**
 * `POST /api/send-otp`. Every well-formed address gets the same answer, whether or not an account can
 * receive the code there (nothing is sent then): the answer never says who has an account, neither by
 * its words nor by its time, since it does not wait for the mail or text to go out.
 */
export async function sendOtp(
  app: FastifyInstance,
  input: SendOtpInput,
  ip: string,
  deliveries: CodeDeliveries,
  locale: string,
): Promise<{ email_or_phone: string; otp?: string }> {
  const identifier = readContactIdentifier(input.phone);
  if (!isWellFormed(identifier)) throw validationFailed({ phone: ['The phone or email format is invalid.'] });
  await enforceIpRateLimit(app, 'otp-send', ip, OTP_SENDS_PER_IP);
  // Counted by the address asked for, never by the account behind it: a wait shared by an account's
  // e-mail and phone would tell that both belong to one account.
  const sendKey = `otp-send:${identifierKey(identifier)}`;
  await enforceRateLimit(app.rateLimiter, `${sendKey}:gap`, OTP_RESEND_GAP);
  await enforceRateLimit(app.rateLimiter, `${sendKey}:hour`, OTP_SENDS_PER_ADDRESS);
  const user = await findUserByContact(app.database.db, identifier);

  const purpose = purposeOf(input.forgot_password);
  const recipient = user && reachable(user, identifier.channel) ? user : undefined;
  const code = recipient && (await issueOneTimeCode(app.database.db, app.clock, { userId: recipient.id, purpose, channel: identifier.channel }));
  await app.rateLimiter.reset(triesKey(identifier));
  if (recipient && code) {
    const delivery = deliverCode(app, recipient, identifier.channel, purpose, code, locale);
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }
  // A local demo shows the code; an address without an account gets a made-up one, so even then the answers match.
  const shownCode = app.config.appEnv === 'local' ? (code ?? newNumericCode(OTP_LENGTH)) : undefined;
  return { email_or_phone: maskContact(identifier, input.phone_code), ...(shownCode && { otp: shownCode }) };
}

/**
 * `POST /api/verify-otp` with the spec's `phone` and `otp`: the code's own purpose decides what a
 * right one does. A forgot-password code is exchanged for a password-reset token; a verification
 * code marks the account verified. `forgot_password`, when a client still sends it, must match.
 */
export async function verifyOtp(app: FastifyInstance, input: VerifyOtpInput, ip: string): Promise<{ token: string | null }> {
  await enforceIpRateLimit(app, 'otp-check', ip, OTP_CHECKS_PER_IP);
  const { db } = app.database;
  const identifier = readContactIdentifier(input.phone);
  const { allowed } = await app.rateLimiter.hit(triesKey(identifier), OTP_TRIES_PER_SEND);
  if (!allowed) throw validationFailed({ otp: [TOO_MANY_TRIES] });
  const user = await findUserByContact(db, identifier);
  if (!user) throw validationFailed({ otp: [CODE_REFUSED] });

  const expected = input.forgot_password === undefined ? undefined : purposeOf(input.forgot_password);
  const outcome = await db.transaction(async (tx) => {
    const purpose = await consumeOneTimeCode(tx, app.clock, { userId: user.id, code: input.otp, expected });
    // Only the code's holder learns the account is blocked; the code stays unused (the transaction rolls back).
    if (purpose) refuseBlocked(user);
    if (purpose === 'forgot_password') return { token: await issuePasswordResetToken(tx, user.id, app.clock) };
    if (!purpose) return undefined;
    await tx
      .update(users)
      .set({ verifiedAt: app.clock.now(), updatedAt: app.clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.verifiedAt)));
    return { token: null };
  });
  if (!outcome) throw validationFailed({ otp: [CODE_REFUSED] });
  await app.rateLimiter.reset(triesKey(identifier));
  return outcome;
}

/**
 * The console's "send a password-reset code": a forgot-password code, issued in the caller's
 * transaction (with its audit row) and sent once that commits, to the account's e-mail or else its
 * phone. The shopper goes on as after `POST /api/send-otp` (verify the code, set a new password).
 * Answers where it goes, masked, and the delivery to start after the commit; the code stays here.
 */
export async function issueStaffPasswordResetCode(app: FastifyInstance, tx: Db, user: UserRow): Promise<{ sentTo: string; deliver: () => void } | undefined> {
  const identifier: ContactIdentifier | undefined = user.email ? { channel: 'email', email: user.email } : user.phone && reachable(user, 'phone') ? { channel: 'phone', phone: user.phone } : undefined;
  if (!identifier) return undefined;
  const code = await issueOneTimeCode(tx, app.clock, { userId: user.id, purpose: 'forgot_password', channel: identifier.channel });
  return {
    sentTo: maskContact(identifier, user.phoneCode ?? undefined),
    deliver: () => {
      void app.rateLimiter.reset(triesKey(identifier));
      void deliverCode(app, user, identifier.channel, 'forgot_password', code);
    },
  };
}
