import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { bearer, postLogin, signUpCustomer } from '../../test/auth-fixtures.ts';

const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
/** GET /api/logout answers 200 only for a live token: the probe of whether a session still works. */
const sessionWorks = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) })).statusCode === 200;

/** The forgot-password steps up to the reset token (the code is in the answer: the test store is a local environment). */
async function resetTokenFor(email: string) {
  const sent = await post('/api/send-otp', { phone: email, forgot_password: true });
  const verified = await post('/api/verify-otp', { phone: email, otp: sent.json().data.otp, forgot_password: true });
  return verified.json().data.token as string;
}

describe('POST /api/reset-password', () => {
  it('sets the new password, ends every session and uses the token up', async () => {
    const customer = await signUpCustomer(ctx.app);
    const otherDevice = (await postLogin(ctx.app, customer.email, customer.password)).json().data.access.token;
    const token = await resetTokenFor(customer.email);

    const reset = await post('/api/reset-password', { password: 'brand new secret', password_confirmation: 'brand new secret', token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successfully', data: {} });

    expect(await sessionWorks(customer.token)).toBe(false);
    expect(await sessionWorks(otherDevice)).toBe(false);
    expect((await postLogin(ctx.app, customer.email, customer.password)).statusCode).toBe(422);
    expect((await postLogin(ctx.app, customer.email, 'brand new secret')).statusCode).toBe(200);

    const again = await post('/api/reset-password', { password: 'another secret', password_confirmation: 'another secret', token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['This password reset token is invalid or has expired.'] });
    expect((await postLogin(ctx.app, customer.email, 'another secret')).statusCode).toBe(422);
  });

  it('refuses a token older than 15 minutes, and a made-up one', async () => {
    const customer = await signUpCustomer(ctx.app);
    const token = await resetTokenFor(customer.email);
    clock.advance({ minutes: 15, seconds: 1 });
    const late = await post('/api/reset-password', { password: 'brand new secret', password_confirmation: 'brand new secret', token });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.token).toEqual(['This password reset token is invalid or has expired.']);
    const madeUp = await post('/api/reset-password', { password: 'brand new secret', password_confirmation: 'brand new secret', token: 'x'.repeat(43) });
    expect(madeUp.json().errors.token).toEqual(['This password reset token is invalid or has expired.']);
    expect((await postLogin(ctx.app, customer.email, customer.password)).statusCode).toBe(200);
  });

  it('checks the new password and its confirmation', async () => {
    const mismatch = await post('/api/reset-password', { password: 'brand new secret', password_confirmation: 'brand new secreT', token: 'abc' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Confirm Password does not match.'] });
    const short = await post('/api/reset-password', { password: 'short', password_confirmation: 'short', token: 'abc' });
    expect(short.json().errors.password).toEqual(['The password must be at least 8 characters.']);
    const long = await post('/api/reset-password', { password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129), token: 'abc' });
    expect(long.json().errors.password).toEqual(['The password must not be greater than 128 characters.']);
    const missing = await post('/api/reset-password', {});
    expect(missing.json().errors).toEqual({
      password: ['The password field is required.'],
      password_confirmation: ['The password confirmation field is required.'],
      token: ['The token field is required.'],
    });
    for (const payload of [{ password: 12345678, password_confirmation: 12345678, token: 5 }, [], { token: ['a'] }]) {
      expect((await post('/api/reset-password', payload)).statusCode).toBe(422);
    }
  });
});

describe('POST /api/change-password', () => {
  it('changes the password, keeps the caller signed in and ends every other session', async () => {
    const customer = await signUpCustomer(ctx.app);
    const otherDevice = (await postLogin(ctx.app, customer.email, customer.password)).json().data.access.token;
    const changed = await post(
      '/api/change-password',
      { current_password: customer.password, password: 'changed secret', password_confirmation: 'changed secret' },
      customer.token,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Password changed successfully', data: {} });
    expect(await sessionWorks(otherDevice)).toBe(false);
    expect(await sessionWorks(customer.token)).toBe(true);
    expect((await postLogin(ctx.app, customer.email, customer.password)).statusCode).toBe(422);
    expect((await postLogin(ctx.app, customer.email, 'changed secret')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a mismatched confirmation, changing nothing', async () => {
    const customer = await signUpCustomer(ctx.app);
    const wrong = await post(
      '/api/change-password',
      { current_password: 'not my password', password: 'changed secret', password_confirmation: 'changed secret' },
      customer.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The current password is incorrect.', errors: { current_password: ['The current password is incorrect.'] } });
    const mismatch = await post(
      '/api/change-password',
      { current_password: customer.password, password: 'changed secret', password_confirmation: 'other secret' },
      customer.token,
    );
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Confirm Password does not match.'] });
    expect((await postLogin(ctx.app, customer.email, customer.password)).statusCode).toBe(200);
  });

  it('bounds wrong current passwords per account', async () => {
    const customer = await signUpCustomer(ctx.app);
    const attempt = (current: string) =>
      post('/api/change-password', { current_password: current, password: 'changed secret', password_confirmation: 'changed secret' }, customer.token);
    for (let index = 0; index < 10; index += 1) expect((await attempt('guess')).statusCode).toBe(422);
    expect((await attempt(customer.password)).statusCode).toBe(429);
    clock.advance({ hours: 1 });
    expect((await attempt(customer.password)).statusCode).toBe(200);
  });

  it('needs a live bearer token: none, a revoked one or an expired one gets 401', async () => {
    const body = { current_password: 'whatever1', password: 'changed secret', password_confirmation: 'changed secret' };
    expect((await post('/api/change-password', body)).statusCode).toBe(401);

    const customer = await signUpCustomer(ctx.app);
    await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(customer.token) });
    const revoked = await post('/api/change-password', body, customer.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: 'Unauthenticated.' });

    const token = (await postLogin(ctx.app, customer.email, customer.password)).json().data.access.token;
    clock.advance({ days: 30, seconds: 1 });
    expect((await post('/api/change-password', body, token)).statusCode).toBe(401);
  });
});
