import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CUSTOMER } from '../../../shared/constants.ts';
import { users } from '../../db/schema.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { bearer, postLogin, signUpCustomer } from '../../test/auth-fixtures.ts';
import { testRedisUrl } from '../../test/test-database.ts';

const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
let ctx: TestContext;
/** Signed up through the API, so its hash uses the tests' cheap scrypt (the seeded demo hash costs seconds here). */
let shopper: Awaited<ReturnType<typeof signUpCustomer>>;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  shopper = await signUpCustomer(ctx.app);
});
afterAll(() => ctx.close());

const logout = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) });
const mismatch = {
  message: 'These credentials do not match our records.',
  errors: { phone: ['These credentials do not match our records.'] },
};

describe('POST /api/login', () => {
  it('signs in with the e-mail (any case) or the phone number and answers a session', async () => {
    const seeded = await postLogin(ctx.app, DEMO_CUSTOMER.email.toUpperCase(), DEMO_CUSTOMER.password);
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json().data.user).toMatchObject({ name: DEMO_CUSTOMER.name, email: DEMO_CUSTOMER.email, is_verified: true });

    const spacedPhone = `(${shopper.phone.slice(0, 3)}) ${shopper.phone.slice(3)}`;
    for (const identifier of [shopper.email.toUpperCase(), shopper.phone, spacedPhone]) {
      const response = await postLogin(ctx.app, identifier, shopper.password);
      expect(response.statusCode, identifier).toBe(200);
      const { message, data } = response.json();
      expect(message).toBe('Login Successful');
      expect(data.user).toEqual({ ...shopper.user, is_verified: false });
      expect(data.user).not.toHaveProperty('password_hash');
      expect(data.user).not.toHaveProperty('role');
      expect(data.access.auth_type).toBe('Bearer');
      expect(new Date(data.access.expires_at).getTime()).toBe(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
      expect((await logout(data.access.token)).statusCode).toBe(200);
    }
  });

  it('answers an unknown account, a wrong password and a social-only account the same, after the same work', async () => {
    const decoy = vi.spyOn(ctx.app.passwords, 'verifyDecoy');
    const [socialOnly] = await ctx.database.db
      .insert(users)
      .values({ name: 'Social Only', email: 'social.only@example.com' })
      .returning();

    const wrongPassword = await postLogin(ctx.app, shopper.email, 'not-the-password');
    expect(decoy).not.toHaveBeenCalled();
    const unknown = await postLogin(ctx.app, 'nobody@example.com', 'not-the-password');
    expect(decoy).toHaveBeenCalledTimes(1);
    const social = await postLogin(ctx.app, socialOnly!.email!, 'not-the-password');
    expect(decoy).toHaveBeenCalledTimes(2);
    decoy.mockRestore();

    for (const answer of [wrongPassword, unknown, social]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(mismatch);
    }
    expect(unknown.headers['content-length']).toBe(wrongPassword.headers['content-length']);
  });

  it("answers in the shopper's language", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'ar' },
      payload: { phone: shopper.email, password: 'not-the-password' },
    });
    expect(response.json()).toEqual({
      message: 'بيانات الاعتماد هذه لا تتطابق مع سجلاتنا.',
      errors: { phone: ['بيانات الاعتماد هذه لا تتطابق مع سجلاتنا.'] },
    });
  });

  it('answers a bad login sent again without hashing it, the same for an unknown account, and still lets the right password in', async () => {
    const verify = vi.spyOn(ctx.app.passwords, 'verify');
    const decoy = vi.spyOn(ctx.app.passwords, 'verifyDecoy');
    const first = await postLogin(ctx.app, shopper.email, 'a guess sent twice', '203.0.113.61');
    const again = await postLogin(ctx.app, shopper.email.toUpperCase(), 'a guess sent twice', '203.0.113.62');
    expect([first.statusCode, again.statusCode]).toEqual([422, 422]);
    expect(again.json()).toEqual(first.json());
    expect(verify).toHaveBeenCalledTimes(1);
    await postLogin(ctx.app, 'nobody-twice@example.com', 'a guess sent twice', '203.0.113.61');
    const unknownAgain = await postLogin(ctx.app, 'nobody-twice@example.com', 'a guess sent twice', '203.0.113.62');
    expect(unknownAgain.json()).toEqual(first.json());
    expect(decoy).toHaveBeenCalledTimes(1);
    expect((await postLogin(ctx.app, shopper.email, shopper.password, '203.0.113.61')).statusCode).toBe(200);
    verify.mockRestore();
    decoy.mockRestore();
  });

  it('refuses an address after 10 failures on one account in an hour, even the right password, but never the owner elsewhere', async () => {
    const customer = await signUpCustomer(ctx.app);
    const attacker = '127.0.0.2';
    for (let attempt = 0; attempt < 50; attempt += 1) {
      // The phone number and the e-mail address count against the same account.
      const identifier = attempt % 2 ? customer.email : customer.phone;
      expect((await postLogin(ctx.app, identifier, 'wrong password', attacker)).statusCode, `attempt ${attempt + 1}`).toBe(attempt < 10 ? 422 : 429);
    }
    const refused = await postLogin(ctx.app, customer.email, customer.password, attacker);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({ message: 'Too many attempts. Please try again later.', retry_after: retryAfter });

    const owner = await postLogin(ctx.app, customer.email, customer.password, '127.0.0.3');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.email).toBe(customer.email);

    clock.advance({ minutes: 59 });
    expect((await postLogin(ctx.app, customer.email, customer.password, attacker)).statusCode).toBe(429);
    clock.advance({ minutes: 2 });
    expect((await postLogin(ctx.app, customer.email, customer.password, attacker)).statusCode).toBe(200);
  });

  it('counts an IPv6 network (/64) as one address against an account', async () => {
    const customer = await signUpCustomer(ctx.app);
    for (let host = 1; host <= 10; host += 1) {
      expect((await postLogin(ctx.app, customer.email, 'wrong password', `2001:db8:7:1::${host.toString(16)}`)).statusCode).toBe(422);
    }
    expect((await postLogin(ctx.app, customer.email, customer.password, '2001:db8:7:1:ffff::1')).statusCode).toBe(429);
    expect((await postLogin(ctx.app, customer.email, customer.password, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('slows an account down as failures from many addresses grow, and still lets the right password in', async () => {
    const customer = await signUpCustomer(ctx.app);
    /** The answer and how long the store waited before giving it (the test clock moves by each wait). */
    const timedLogin = async (password: string, remoteAddress: string) => {
      const startedAt = clock.now().getTime();
      const response = await postLogin(ctx.app, customer.email, password, remoteAddress);
      return { status: response.statusCode, waited: clock.now().getTime() - startedAt };
    };
    const waits: number[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      // Ten failures from each of five addresses: no address is refused, the account only slows down.
      const failure = await timedLogin('wrong password', `127.0.1.${Math.floor(attempt / 10) + 1}`);
      expect(failure.status, `attempt ${attempt + 1}`).toBe(422);
      waits.push(failure.waited);
    }
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits.slice(10, 20)).toEqual(Array(10).fill(1000));
    expect(waits.slice(20, 40)).toEqual(Array(20).fill(2000));
    expect(waits.slice(40)).toEqual(Array(10).fill(4000));

    expect(await timedLogin(customer.password, '127.0.0.3')).toEqual({ status: 200, waited: 4000 });
    // The owner's success forgets the account's failures (an address that failed ten times stays refused).
    expect(await timedLogin('wrong password', '127.0.1.6')).toEqual({ status: 422, waited: 0 });
    expect((await timedLogin('wrong password', '127.0.1.1')).status).toBe(429);
    clock.advance({ hours: 1 });
  });

  it('treats an unknown account the same way, so neither the refusal nor the slowing down tells anything', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await postLogin(ctx.app, 'ghost@example.com', 'guess')).statusCode).toBe(422);
    }
    expect((await postLogin(ctx.app, 'ghost@example.com', 'guess')).statusCode).toBe(429);
    const startedAt = clock.now().getTime();
    expect((await postLogin(ctx.app, 'ghost@example.com', 'guess', '127.0.0.4')).statusCode).toBe(422);
    expect(clock.now().getTime() - startedAt).toBe(1000);
    clock.advance({ hours: 1 });
  });

  it('forgets the failures of an account after a successful login', async () => {
    const customer = await signUpCustomer(ctx.app);
    for (let attempt = 0; attempt < 9; attempt += 1) await postLogin(ctx.app, customer.email, 'wrong password');
    expect((await postLogin(ctx.app, customer.email, customer.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await postLogin(ctx.app, customer.email, 'wrong password')).statusCode).toBe(422);
    }
    expect((await postLogin(ctx.app, customer.email, customer.password)).statusCode).toBe(200);
  });

  it('bounds the attempts from one network address, whatever the accounts', async () => {
    const address = '203.0.113.7';
    for (let attempt = 0; attempt < 100; attempt += 1) {
      expect((await postLogin(ctx.app, `guess${attempt}@example.com`, 'guess', address)).statusCode).toBe(422);
    }
    expect((await postLogin(ctx.app, shopper.email, shopper.password, address)).statusCode).toBe(429);
    expect((await postLogin(ctx.app, shopper.email, shopper.password, '203.0.113.8')).statusCode).toBe(200);
    clock.advance({ hours: 1 });
    expect((await postLogin(ctx.app, shopper.email, shopper.password, address)).statusCode).toBe(200);
  });

  it('answers malformed bodies with field errors, never a server error', async () => {
    const cases: Array<[payload: unknown, message: string]> = [
      [{}, 'The phone field is required.'],
      [{ phone: 12345, password: 12345678 }, 'The phone must be a string.'],
      [{ phone: ['a'], password: null }, 'The phone must be a string.'],
      [{ phone: 'x'.repeat(10_000), password: 'y'.repeat(10_000) }, 'The phone must not be greater than 254 characters.'],
      [[1], 'The input must be an object.'],
    ];
    for (const [payload, message] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(response.json().message).toBe(message);
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(missing.json().errors).toEqual({ phone: ['The phone field is required.'], password: ['The password field is required.'] });
    const broken = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"phone": "a' });
    expect(broken.statusCode).toBe(400);
    const oversized = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone: 'a'.repeat(2_000_000), password: 'x' } });
    expect(oversized.statusCode).toBe(413);
    const plainText = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'phone=a' });
    expect(plainText.statusCode).toBe(422);
  });
});

describe('GET /api/logout and bearer tokens', () => {
  it('revokes the caller token and only that one', async () => {
    const first = (await postLogin(ctx.app, shopper.email, shopper.password)).json().data.access.token;
    const second = (await postLogin(ctx.app, shopper.email, shopper.password)).json().data.access.token;
    const response = await logout(first);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logout successfully', data: {} });
    const again = await logout(first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await logout(second)).statusCode).toBe(200);
  });

  it('refuses a missing, made-up or expired token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/logout' })).statusCode).toBe(401);
    expect((await logout('made-up-token')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);

    const keep = (await postLogin(ctx.app, shopper.email, shopper.password)).json().data.access.token;
    const expire = (await postLogin(ctx.app, shopper.email, shopper.password)).json().data.access.token;
    clock.advance({ days: 29, hours: 23 });
    expect((await logout(keep)).statusCode).toBe(200);
    clock.advance({ hours: 1, seconds: 1 });
    const expired = await logout(expire);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('rate limits in Redis', () => {
  it('hold across two instances of the store that share one Redis', async () => {
    const redisUrl = testRedisUrl();
    const [first, second] = await Promise.all([createTestApp({ redisUrl }), createTestApp({ redisUrl })]);
    // A fresh identifier and address per run: the keys are this test's own and expire within the hour.
    const ghost = `ghost-${randomBytes(8).toString('hex')}@example.com`;
    const address = `10.${randomBytes(3).join('.')}`;
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const instance = attempt % 2 ? first : second;
        expect((await postLogin(instance.app, ghost, 'guess', address)).statusCode).toBe(422);
      }
      expect((await postLogin(first.app, ghost, 'guess', address)).statusCode).toBe(429);
      expect((await postLogin(second.app, ghost, 'guess', address)).statusCode).toBe(429);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
