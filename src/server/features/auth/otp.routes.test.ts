import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oneTimeCodes, passwordResetTokens, users } from '../../db/schema.ts';
import { sha256 } from '../../platform/secrets.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { signUpCustomer } from '../../test/auth-fixtures.ts';

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

/** The newest message once the outbox holds more than `before`: a code goes out after the answer. */
const deliveredAfter = (before: number) =>
  vi.waitFor(() => {
    const messages = outbox();
    expect(messages.length).toBeGreaterThan(before);
    return messages.at(-1)!;
  });

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
const refused = { message: 'The OTP is invalid or has expired.', errors: { otp: ['The OTP is invalid or has expired.'] } };
const tooManyTries = { message: 'Too many wrong codes. Please request a new one.', errors: { otp: ['Too many wrong codes. Please request a new one.'] } };

async function codesOf(userId: number) {
  return ctx.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId)).orderBy(oneTimeCodes.id);
}

describe('POST /api/send-otp and /api/verify-otp: account verification', () => {
  it('mails a 4-digit code, keeps only its hash, and verifying it marks the account verified', async () => {
    const customer = await signUpCustomer(ctx.app, { email: 'verify.me@example.com' });
    const before = outbox().length;
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

    const mail = await deliveredAfter(before);
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
    expect(reused.json()).toEqual(refused);
  });

  it('writes the code in the language the shopper asked in', async () => {
    await signUpCustomer(ctx.app, { email: 'arabic.code@example.com' });
    const before = outbox().length;
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: 'arabic.code@example.com' }, remoteAddress: nextAddress(), headers: { 'accept-language': 'ar' } });
    expect(sent.statusCode).toBe(200);
    const mail = await deliveredAfter(before);
    expect(mail.subject).toBe('رمز التحقق الخاص بك');
    expect(mail.text).toBe(`${sent.json().data.otp} هو رمز التحقق الخاص بك في Open Store. تنتهي صلاحيته خلال 10 دقائق.\nإذا لم تطلبه، يمكنك تجاهل هذه الرسالة.`);
  });

  it('texts the code to the number on the account when the shopper gives a phone number', async () => {
    const customer = await signUpCustomer(ctx.app, { phone_code: '+44', phone: '7700900123' });
    // A phone code in the request cannot redirect the text to another country's line.
    const before = outbox().length;
    const sent = await sendOtp({ phone: '7700 900 123', phone_code: '+1' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.email_or_phone).toBe('+1 ******0123');
    const text = await deliveredAfter(before);
    expect(text).toMatchObject({ channel: 'sms', to: '+447700900123' });
    expect(text.text).toContain(sent.json().data.otp);
    expect(text.text).toContain('10 minutes');
    expect((await codesOf(customer.user.id))[0]!.channel).toBe('phone');
    expect((await verifyOtp({ phone: '7700900123', phone_code: '+44', otp: sent.json().data.otp })).statusCode).toBe(200);
  });

  it('sends no text to a number whose country code the account lacks, and answers as for any number', async () => {
    await ctx.database.db.insert(users).values({ name: 'No Code', email: 'no.code@example.com', phone: '5550001111' });
    const before = outbox().length;
    const verification = await sendOtp({ phone: '5550001111', phone_code: '+1' });
    waitForResend();
    const reset = await sendOtp({ phone: '5550001111', phone_code: '+1', forgot_password: true });
    const nobody = await sendOtp({ phone: '5550002222', phone_code: '+1' });
    for (const answer of [verification, reset, nobody]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: 'OTP sent successfully', data: { email_or_phone: expect.stringMatching(/^\+1 \*{6}\d{4}$/), otp: expect.stringMatching(/^\d{4}$/) } });
    }
    // A reachable account's code is the only message that follows.
    const reachable = await signUpCustomer(ctx.app);
    await sendOtp({ phone: reachable.email });
    expect((await deliveredAfter(before)).to).toBe(reachable.email);
    expect(outbox()).toHaveLength(before + 1);
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
    expect(expired.json()).toEqual(refused);
  });

  it('makes an older code useless once a new one is sent', async () => {
    const customer = await signUpCustomer(ctx.app);
    const first = (await sendOtp({ phone: customer.email })).json().data.otp;
    waitForResend();
    const second = (await sendOtp({ phone: customer.email })).json().data.otp;
    const [older, newer] = await codesOf(customer.user.id);
    expect(older!.consumedAt).not.toBeNull();
    expect(newer!.consumedAt).toBeNull();
    if (first !== second) expect((await verifyOtp({ phone: customer.email, otp: first })).json()).toEqual(refused);
    expect((await verifyOtp({ phone: customer.email, otp: second })).statusCode).toBe(200);
  });

  it('takes 5 tries per code: after 5 wrong ones even the right code is refused until a new one is sent', async () => {
    const customer = await signUpCustomer(ctx.app);
    const code = (await sendOtp({ phone: customer.email })).json().data.otp;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await verifyOtp({ phone: customer.email, otp: otherCode(code) });
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(422);
      expect(wrong.json(), `attempt ${attempt}`).toEqual(refused);
    }
    const sixth = await verifyOtp({ phone: customer.email, otp: code });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json()).toEqual(tooManyTries);

    waitForResend();
    const fresh = (await sendOtp({ phone: customer.email })).json().data.otp;
    expect((await verifyOtp({ phone: customer.email, otp: fresh })).statusCode).toBe(200);
  });

  it('lets a code die after 5 wrong tries, even when they came through its other address', async () => {
    const customer = await signUpCustomer(ctx.app);
    const code = (await sendOtp({ phone: customer.email })).json().data.otp;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const identifier = attempt % 2 ? { phone: customer.phone, phone_code: customer.phone_code } : { phone: customer.email };
      expect((await verifyOtp({ ...identifier, otp: otherCode(code) })).json(), `attempt ${attempt}`).toEqual(refused);
    }
    expect((await verifyOtp({ phone: customer.email, otp: code })).json()).toEqual(refused);
  });

  it('lets a code do only what it was sent for, whatever the request says', async () => {
    const customer = await signUpCustomer(ctx.app);
    const verification = (await sendOtp({ phone: customer.email })).json().data.otp;
    expect((await verifyOtp({ phone: customer.email, otp: verification, forgot_password: true })).json()).toEqual(refused);
    // The spec's body, without the flag: the code was sent to verify the account, so it does that and gives no reset token.
    expect((await verifyOtp({ phone: customer.email, otp: verification })).json()).toEqual({ message: 'OTP verified successfully', data: { token: null } });
    const [verified] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(verified!.verifiedAt).toEqual(clock.now());
    expect(await ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, customer.user.id))).toEqual([]);

    waitForResend();
    const reset = (await sendOtp({ phone: customer.email, forgot_password: true })).json().data.otp;
    expect((await verifyOtp({ phone: customer.email, otp: reset, forgot_password: false })).json()).toEqual(refused);
    // A refusal for the wrong purpose did not use the code up.
    const exchanged = await verifyOtp({ phone: customer.email, otp: reset, forgot_password: true });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().data.token).toMatch(/^[\w-]{43}$/);
  });

  it('makes every older code useless once a new one is sent, whatever each was for', async () => {
    const customer = await signUpCustomer(ctx.app);
    const verification = (await sendOtp({ phone: customer.email })).json().data.otp;
    waitForResend();
    const reset = (await sendOtp({ phone: customer.email, forgot_password: true })).json().data.otp;
    if (verification !== reset) expect((await verifyOtp({ phone: customer.email, otp: verification })).json()).toEqual(refused);
    expect((await verifyOtp({ phone: customer.email, otp: reset })).json().data.token).toMatch(/^[\w-]{43}$/);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(user!.verifiedAt).toBeNull();
  });

  it('answers a verification request for an unknown address like a known one, sends nothing, and refuses a malformed address', async () => {
    const known = await signUpCustomer(ctx.app, { email: 'known.verify@example.com' });
    const before = outbox().length;
    const unknown = await sendOtp({ phone: 'known.verify@example.org' });
    const sent = await sendOtp({ phone: known.email });
    expect((await deliveredAfter(before)).to).toBe(known.email);
    expect(outbox()).toHaveLength(before + 1);
    expect(unknown.statusCode).toBe(sent.statusCode);
    expect(unknown.json()).toEqual({ message: 'OTP sent successfully', data: { email_or_phone: 'k***********@example.org', otp: expect.stringMatching(/^\d{4}$/) } });
    expect(sent.json()).toEqual({ message: 'OTP sent successfully', data: { email_or_phone: 'k***********@example.com', otp: expect.stringMatching(/^\d{4}$/) } });

    for (const phone of ['no-at-sign-and-no-digits', 'a@b', '12']) {
      const response = await sendOtp({ phone });
      expect(response.statusCode, phone).toBe(422);
      expect(response.json().errors.phone, phone).toEqual(['The phone or email format is invalid.']);
    }
  });

  it('answers code checks for an unknown address exactly like those for an account with a code', async () => {
    const customer = await signUpCustomer(ctx.app, { email: 'checked@example.com' });
    const stranger = 'checked@example.org';
    const code = (await sendOtp({ phone: customer.email })).json().data.otp;
    await sendOtp({ phone: stranger });
    const answers = async (otp: string) => {
      const [own, unknown] = [await verifyOtp({ phone: customer.email, otp }), await verifyOtp({ phone: stranger, otp })];
      return { own: [own.statusCode, own.json()], unknown: [unknown.statusCode, unknown.json()] };
    };
    for (let attempt = 1; attempt <= 5; attempt += 1) expect(await answers(otherCode(code)), `attempt ${attempt}`).toEqual({ own: [422, refused], unknown: [422, refused] });
    expect(await answers(code)).toEqual({ own: [422, tooManyTries], unknown: [422, tooManyTries] });
    clock.advance({ minutes: 10, seconds: 1 });
    expect(await answers(code)).toEqual({ own: [422, refused], unknown: [422, refused] });
  });
});

describe('POST /api/send-otp and /api/verify-otp: forgotten password', () => {
  it('exchanges a right code for a 15-minute password-reset token kept only as a hash', async () => {
    const customer = await signUpCustomer(ctx.app);
    const before = outbox().length;
    const sent = await sendOtp({ phone: customer.email, forgot_password: true });
    const mail = await deliveredAfter(before);
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.text).toContain(sent.json().data.otp);
    expect((await codesOf(customer.user.id))[0]!.purpose).toBe('forgot_password');

    // The spec's body: phone and otp only.
    const verified = await verifyOtp({ phone: customer.email, otp: sent.json().data.otp });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('OTP verified successfully');
    const { token } = verified.json().data;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [stored] = await ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, customer.user.id));
    expect(stored!.tokenHash).toBe(sha256(token));
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(15 * 60 * 1000);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(user!.verifiedAt).toBeNull();
  });

  it('tells only the holder of a right code that the account is blocked (403), and issues no reset token', async () => {
    const customer = await signUpCustomer(ctx.app);
    const before = outbox().length;
    const sent = await sendOtp({ phone: customer.email, forgot_password: true });
    await deliveredAfter(before);
    await ctx.database.db.update(users).set({ blockedAt: clock.now(), blockedReason: 'Fraud' }).where(eq(users.id, customer.user.id));

    expect((await verifyOtp({ phone: customer.email, otp: otherCode(sent.json().data.otp) })).json()).toEqual(refused);
    const blocked = await verifyOtp({ phone: customer.email, otp: sent.json().data.otp });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: 'Your account has been blocked. Please contact the store.' });
    expect(await ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, customer.user.id))).toEqual([]);
  });

  it('answers an unknown account exactly like a known one and sends nothing', async () => {
    const customer = await signUpCustomer(ctx.app, { email: 'known@example.com' });
    const before = outbox().length;
    const unknown = await sendOtp({ phone: 'known@example.org', forgot_password: true });
    const known = await sendOtp({ phone: 'known@example.com', forgot_password: true });
    expect((await deliveredAfter(before)).to).toBe('known@example.com');
    expect(outbox()).toHaveLength(before + 1);

    expect(unknown.statusCode).toBe(known.statusCode);
    const withoutCode = (body: { message: string; data: { email_or_phone: string; otp: string } }) => ({ ...body, data: { ...body.data, otp: 'code' } });
    expect(withoutCode(unknown.json())).toEqual({ ...withoutCode(known.json()), data: { email_or_phone: 'k****@example.org', otp: 'code' } });
    expect(known.json().data.email_or_phone).toBe('k****@example.com');
    expect(unknown.json().data.otp).toMatch(/^\d{4}$/);
    expect(await codesOf(customer.user.id)).toHaveLength(1);

    // The resend countdown applies to an unknown account too, so a 429 tells nothing either.
    const early = [await sendOtp({ phone: 'known@example.org', forgot_password: true }), await sendOtp({ phone: 'known@example.com', forgot_password: true })];
    for (const answer of early) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toEqual({ message: 'Too many attempts. Please try again later.', retry_after: 60 });
    }
  });
});

describe('sending limits', () => {
  it('allows one send per 60 seconds and 5 per hour to each e-mail or phone', async () => {
    const customer = await signUpCustomer(ctx.app);
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(200);
    clock.advance({ seconds: 30 });
    const tooSoon = await sendOtp({ phone: customer.email.toUpperCase() });
    expect(tooSoon.statusCode).toBe(429);
    // How long to wait, for the code dialog's countdown: in the header and in the body.
    expect(tooSoon.headers['retry-after']).toBe('30');
    expect(tooSoon.json()).toEqual({ message: 'Too many attempts. Please try again later.', retry_after: 30 });

    for (let send = 2; send <= 5; send += 1) {
      waitForResend();
      expect((await sendOtp({ phone: customer.email })).statusCode, `send ${send}`).toBe(200);
    }
    waitForResend();
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(429);
    clock.advance({ hours: 1 });
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(200);
  });

  it("keeps each address's wait its own, so a refusal never tells that an e-mail and a phone number share an account", async () => {
    const customer = await signUpCustomer(ctx.app);
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(200);
    clock.advance({ seconds: 10 });
    // The account's phone number, a few seconds after its e-mail got a code, answers as any number would.
    const ownPhone = await sendOtp({ phone: customer.phone, phone_code: customer.phone_code });
    expect(ownPhone.statusCode).toBe(200);
    expect(ownPhone.json().data.email_or_phone).toMatch(/\*+\d{4}$/);
    for (let send = 2; send <= 5; send += 1) {
      waitForResend();
      expect((await sendOtp({ phone: customer.email })).statusCode, `send ${send}`).toBe(200);
    }
    waitForResend();
    expect((await sendOtp({ phone: customer.email })).statusCode).toBe(429);
    expect((await sendOtp({ phone: customer.phone, phone_code: customer.phone_code })).statusCode).toBe(200);
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
