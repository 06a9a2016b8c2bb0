import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, passwordResetTokens, users } from '../../db/schema.ts';
import { sha256 } from '../../platform/secrets.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { signUpCustomer } from './auth-fixtures.ts';

const clock = new ManualClock(new Date('2026-04-01T08:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

interface OutboxMessage {
  to: string;
  subject?: string;
  text: string;
  channel?: string;
}

function outbox(): OutboxMessage[] {
  const folder = path.join(ctx.config.dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as OutboxMessage);
}

/** Each send comes from its own address unless a test names one, so only the per-address test meets that limit. */
let sends = 0;
const nextAddress = () => {
  sends += 1;
  return `198.18.${sends >> 8}.${sends & 255}`;
};
const sendOtp = (payload: object, remoteAddress = nextAddress()) => ctx.app.inject({ method: 'POST', url: '/api/send-otp', payload, remoteAddress });
const verifyOtp = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/verify-otp', payload });
/** Moves past the resend countdown, so the next send of the same account is allowed. */
const waitForResend = () => clock.advance({ seconds: 61 });
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function codesOf(userId: number) {
  return ctx.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId)).orderBy(oneTimeCodes.id);
}

describe('POST /api/send-otp and /api/verify-otp: account verification', () => {
  it('mails a 4-digit code, keeps only its hash, and verifying it marks the account verified', async () => {
    const customer = await signUpCustomer(ctx.app, { email: 'verify.me@example.com' });
    const sent = await sendOtp({ phone: 'Verify.Me@example.com', forgot_password: false });
    expect(sent.statusCode).toBe(200);
    const { message, data } = sent.json();
    expect(message).toBe('OTP sent successfully');
    expect(data.email_or_phone).toBe('v********@example.com');
    expect(data.otp).toMatch(/^\d{4}$/);

    const [row] = await codesOf(customer.user.id);
    expect(row).toMatchObject({ purpose: 'verify_account', channel: 'email', codeHash: sha256(data.otp), failedAttempts: 0, consumedAt: null });
    expect(row!.codeHash).not.toContain(data.otp);
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(10 * 60 * 1000);

    const mail = outbox().at(-1)!;
    expect(mail.to).toBe('verify.me@example.com');
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toContain('10 minutes');
    const mailedCode = mail.text.match(/\b(\d{4}) is your\b/)?.[1];
    expect(mailedCode).toBe(data.otp);

    const verified = await verifyOtp({ phone: 'verify.me@example.com', otp: mailedCode! });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'OTP verified successfully', data: { token: null } });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(user!.verifiedAt).toEqual(clock.now());
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone: customer.email, password: customer.password } });
    expect(login.json().data.user.is_verified).toBe(true);

    const reused = await verifyOtp({ phone: 'verify.me@example.com', otp: data.otp });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'The OTP is invalid.', errors: { otp: ['The OTP is invalid.'] } });
  });

  it('texts the code to the number on the account when the shopper gives a phone number', async () => {
    const customer = await signUpCustomer(ctx.app, { phone_code: '+44', phone: '7700900123' });
    // A phone code in the request cannot redirect the text to another country's line.
    const sent = await sendOtp({ phone: '7700 900 123', phone_code: '+1' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.email_or_phone).toBe('+1 ******0123');
    const text = outbox().at(-1)!;
    expect(text).toMatchObject({ channel: 'sms', to: '+447700900123' });
    expect(text.text).toContain(sent.json().data.otp);
    expect(text.text).toContain('10 minutes');
    expect((await codesOf(customer.user.id))[0]!.channel).toBe('phone');
    expect((await verifyOtp({ phone: '7700900123', phone_code: '+44', otp: sent.json().data.otp })).statusCode).toBe(200);
  });

  it('sends no text to a number whose country code the account lacks', async () => {
    await ctx.database.db.insert(users).values({ name: 'No Code', email: 'no.code@example.com', phone: '5550001111' });
    const before = outbox().length;
    const verification = await sendOtp({ phone: '5550001111', phone_code: '+1' });
    expect(verification.statusCode).toBe(422);
    expect(verification.json().errors.phone).toEqual(['This account has no phone code to send a text message to. Please use your e-mail.']);
    waitForResend();
    expect((await sendOtp({ phone: '5550001111', phone_code: '+1', forgot_password: true })).statusCode).toBe(200);
    expect(outbox()).toHaveLength(before);
  });

  it('lets a code expire after 10 minutes', async () => {
    const customer = await signUpCustomer(ctx.app);
    const early = (await sendOtp({ phone: customer.email })).json().data.otp;
    clock.advance({ minutes: 9, seconds: 59 });
    expect((await verifyOtp({ phone: customer.email, otp: early })).statusCode).toBe(200);

    const late = (await sendOtp({ phone: customer.email })).json().data.otp;
    clock.advance({ minutes: 10, seconds: 1 });
    const expired = await verifyOtp({ phone: customer.email, otp: late });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ message: 'The OTP has expired.', errors: { otp: ['The OTP has expired.'] } });
  });

  it('makes an older code useless once a new one is sent', async () => {
    const customer = await signUpCustomer(ctx.app);
    const first = (await sendOtp({ phone: customer.email })).json().data.otp;
    waitForResend();
    const second = (await sendOtp({ phone: customer.email })).json().data.otp;
    const [older, newer] = await codesOf(customer.user.id);
    expect(older!.consumedAt).not.toBeNull();
    expect(newer!.consumedAt).toBeNull();
    if (first !== second) expect((await verifyOtp({ phone: customer.email, otp: first })).json().errors.otp).toEqual(['The OTP is invalid.']);
    expect((await verifyOtp({ phone: customer.email, otp: second })).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const customer = await signUpCustomer(ctx.app);
    const code = (await sendOtp({ phone: customer.email })).json().data.otp;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await verifyOtp({ phone: customer.email, otp: otherCode(code) });
      expect(wrong.json().message, `attempt ${attempt}`).toBe('The OTP is invalid.');
    }
    const fifth = await verifyOtp({ phone: customer.email, otp: otherCode(code) });
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json()).toEqual({
      message: 'Too many wrong codes. Please request a new one.',
      errors: { otp: ['Too many wrong codes. Please request a new one.'] },
    });
    expect((await verifyOtp({ phone: customer.email, otp: code })).json().message).toBe('Too many wrong codes. Please request a new one.');

    waitForResend();
    const fresh = (await sendOtp({ phone: customer.email })).json().data.otp;
    expect((await verifyOtp({ phone: customer.email, otp: fresh })).statusCode).toBe(200);
  });

  it('keeps verification and password-reset codes apart', async () => {
    const customer = await signUpCustomer(ctx.app);
    const verification = (await sendOtp({ phone: customer.email })).json().data.otp;
    const asReset = await verifyOtp({ phone: customer.email, otp: verification, forgot_password: true });
    expect(asReset.json().errors.otp).toEqual(['The OTP is invalid.']);

    waitForResend();
    const reset = (await sendOtp({ phone: customer.email, forgot_password: true })).json().data.otp;
    const asVerification = await verifyOtp({ phone: customer.email, otp: reset, forgot_password: false });
    expect(asVerification.json().errors.otp).toEqual(['The OTP is invalid.']);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(user!.verifiedAt).toBeNull();

    // Each code still works for its own purpose: a wrong-purpose try did not use it up.
    expect((await verifyOtp({ phone: customer.email, otp: verification })).statusCode).toBe(200);
    expect((await verifyOtp({ phone: customer.email, otp: reset, forgot_password: true })).statusCode).toBe(200);
  });

  it('refuses a verification code for an unknown account or a malformed address', async () => {
    const unknown = await sendOtp({ phone: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.phone).toEqual(['We could not find an account with that e-mail or phone.']);
    for (const phone of ['no-at-sign-and-no-digits', 'a@b', '12']) {
      const response = await sendOtp({ phone });
      expect(response.statusCode, phone).toBe(422);
      expect(response.json().errors.phone, phone).toEqual(['The phone or email format is invalid.']);
    }
    const verify = await verifyOtp({ phone: 'nobody@example.com', otp: '1234' });
    expect(verify.json()).toEqual({ message: 'The OTP is invalid.', errors: { otp: ['The OTP is invalid.'] } });
  });
});

describe('POST /api/send-otp and /api/verify-otp: forgotten password', () => {
  it('exchanges a right code for a 15-minute password-reset token kept only as a hash', async () => {
    const customer = await signUpCustomer(ctx.app);
    const sent = await sendOtp({ phone: customer.email, forgot_password: true });
    const mail = outbox().at(-1)!;
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.text).toContain(sent.json().data.otp);
    expect((await codesOf(customer.user.id))[0]!.purpose).toBe('forgot_password');

    const verified = await verifyOtp({ phone: customer.email, otp: sent.json().data.otp, forgot_password: true });
    expect(verified.statusCode).toBe(200);
    const { token } = verified.json().data;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [stored] = await ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, customer.user.id));
    expect(stored!.tokenHash).toBe(sha256(token));
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(15 * 60 * 1000);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(user!.verifiedAt).toBeNull();
  });

  it('answers an unknown account exactly like a known one and sends nothing', async () => {
    const customer = await signUpCustomer(ctx.app, { email: 'known@example.com' });
    const before = outbox().length;
    const unknown = await sendOtp({ phone: 'known@example.org', forgot_password: true });
    expect(outbox()).toHaveLength(before);
    const known = await sendOtp({ phone: 'known@example.com', forgot_password: true });
    expect(outbox()).toHaveLength(before + 1);

    expect(unknown.statusCode).toBe(known.statusCode);
    const withoutCode = (body: { message: string; data: { email_or_phone: string; otp: string } }) => ({ ...body, data: { ...body.data, otp: 'code' } });
    expect(withoutCode(unknown.json())).toEqual({ ...withoutCode(known.json()), data: { email_or_phone: 'k****@example.org', otp: 'code' } });
    expect(known.json().data.email_or_phone).toBe('k****@example.com');
    expect(unknown.json().data.otp).toMatch(/^\d{4}$/);
    expect(await codesOf(customer.user.id)).toHaveLength(1);

    // The resend countdown applies to an unknown account too, so a 429 tells nothing either.
    expect((await sendOtp({ phone: 'known@example.org', forgot_password: true })).statusCode).toBe(429);
    expect((await sendOtp({ phone: 'known@example.com', forgot_password: true })).statusCode).toBe(429);
  });
});

describe('sending limits', () => {
  it('allows one send per 60 seconds and 5 per hour per account', async () => {
    const customer = await signUpCustomer(ctx.app);
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(200);
    clock.advance({ seconds: 30 });
    const tooSoon = await sendOtp({ phone: customer.phone, phone_code: customer.phone_code });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('Too many attempts. Please try again later.');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(30);

    for (let send = 2; send <= 5; send += 1) {
      waitForResend();
      expect((await sendOtp({ phone: customer.email })).statusCode, `send ${send}`).toBe(200);
    }
    waitForResend();
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(429);
    clock.advance({ hours: 1 });
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(200);
  });

  it('allows 20 sends per hour from one network address', async () => {
    const address = '192.0.2.44';
    for (let send = 0; send < 20; send += 1) {
      expect((await sendOtp({ phone: `someone${send}@example.com`, forgot_password: true }, address)).statusCode).toBe(200);
    }
    const refused = await sendOtp({ phone: 'someone-else@example.com', forgot_password: true }, address);
    expect(refused.statusCode).toBe(429);
    expect((await sendOtp({ phone: 'someone-else@example.com', forgot_password: true }, '192.0.2.45')).statusCode).toBe(200);
  });
});

describe('malformed code requests', () => {
  it('get field errors, never a server error', async () => {
    const malformed: unknown[] = [{}, { phone: 42 }, { phone: null, forgot_password: 'yes' }, { phone: ['a@b.com'] }, { phone: 'x'.repeat(50_000) }, []];
    const badCodes: unknown[] = [{ otp: 1234 }, { otp: '12a4' }, { otp: '12345' }, { otp: null }].map((body) => ({ phone: 'a@example.com', ...body }));
    const cases = [
      ...malformed.flatMap((payload) => [{ url: '/api/send-otp', payload }, { url: '/api/verify-otp', payload }]),
      ...badCodes.map((payload) => ({ url: '/api/verify-otp', payload })),
    ];
    for (const { url, payload } of cases) {
      const response = await ctx.app.inject({ method: 'POST', url, payload: payload as object });
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 50)}`).toBe(422);
    }
    const missing = await verifyOtp({});
    expect(missing.json().errors).toEqual({ phone: ['The phone or email field is required.'], otp: ['The otp field is required.'] });
  });
});
