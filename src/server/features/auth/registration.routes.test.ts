import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../../shared/constants.ts';
import { settings, users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { bearer, postLogin, newCustomer } from '../../test/auth-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const register = (payload: unknown, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/registration', payload: payload as object, remoteAddress });

async function setSetting(key: string, value: unknown) {
  await ctx.database.db.update(settings).set({ value }).where(eq(settings.key, key));
}

async function storedUser(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /api/registration', () => {
  it('creates the account, signs it in and keeps only a hash of the password', async () => {
    const body = newCustomer({ email: 'New.Shopper@Example.COM' });
    const response = await register(body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe('Register Successful');
    expect(answer.data.user).toMatchObject({
      name: 'Ada Shopper',
      email: 'new.shopper@example.com',
      country: 'United States',
      phone_code: '+1',
      phone: body.phone,
      is_verified: false,
    });
    expect(answer.data.access.auth_type).toBe('Bearer');
    expect(answer.data.access.token).toMatch(/^[\w-]{43}$/);

    const row = await storedUser('new.shopper@example.com');
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(body.password);

    const logout = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(answer.data.access.token) });
    expect(logout.statusCode).toBe(200);
    const login = await postLogin(ctx.app, 'NEW.shopper@example.com', body.password);
    expect(login.statusCode).toBe(200);
  });

  it('ignores fields outside the contract: no admin, no verified account', async () => {
    const body = newCustomer({ role: 'admin', is_verified: true, verified_at: '2020-01-01T00:00:00Z', user_id: 1, shop_id: 1 });
    const response = await register(body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.is_verified).toBe(false);
    const row = await storedUser(body.email);
    expect(row).toMatchObject({ role: 'customer', verifiedAt: null, shopId: null });
    expect(row!.id).not.toBe(1);
  });

  it('refuses an e-mail or a phone that is already taken', async () => {
    const response = await register(newCustomer({ email: DEMO_CUSTOMER.email.toUpperCase(), phone: DEMO_CUSTOMER.phone }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['The email has already been taken.'],
      phone: ['The phone has already been taken.'],
    });
  });

  it('lets exactly one of several racing registrations of one e-mail win; the others get a field error', async () => {
    const email = 'racer@example.com';
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => register(newCustomer({ email, phone: `5550000${index}00` }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422]);
    for (const answer of answers.filter((each) => each.statusCode === 422)) {
      expect(answer.json().errors.email).toEqual(['The email has already been taken.']);
    }
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('accepts only a country the store knows, and stores it as the store spells it', async () => {
    const unknown = await register(newCustomer({ country: 'Atlantis' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: 'The selected country is invalid.',
      errors: { country: ['The selected country is invalid.'] },
    });
    const body = newCustomer({ country: 'germany' });
    expect((await register(body)).json().data.user.country).toBe('Germany');
  });

  it('applies the store phone length and phone-required settings', async () => {
    const short = await register(newCustomer({ phone: '12345678' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.phone).toEqual(['The phone must be between 9 and 16 digits.']);
    const long = await register(newCustomer({ phone: '12345678901234567' }));
    expect(long.json().errors.phone).toEqual(['The phone must be between 9 and 16 digits.']);
    const letters = await register(newCustomer({ phone: '20255501ab' }));
    expect(letters.json().errors.phone[0]).toBe('The phone must contain digits only.');
    const missing = await register(newCustomer({ phone: '' }));
    expect(missing.json().errors.phone[0]).toBe('The phone field is required.');

    await setSetting('phone_min_length', 5);
    await setSetting('phone_max_length', 6);
    expect((await register(newCustomer({ phone: '123456789' }))).json().errors.phone).toEqual([
      'The phone must be between 5 and 6 digits.',
    ]);
    expect((await register(newCustomer({ phone: '987654' }))).statusCode).toBe(200);

    await setSetting('phone_required', false);
    const withoutPhone = newCustomer({ phone: '', phone_code: '' });
    const answer = await register(withoutPhone);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.user).toMatchObject({ phone: null, phone_code: null });
    const phoneWithoutCode = await register(newCustomer({ phone: '876543', phone_code: '' }));
    expect(phoneWithoutCode.json().errors).toEqual({ phone_code: ['The phone code field is required.'] });

    await setSetting('phone_required', true);
    await setSetting('phone_min_length', 9);
    await setSetting('phone_max_length', 16);
  });

  it('answers every malformed body with field errors, never a server error', async () => {
    const missing = await register({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      name: ['The name field is required.'],
      country: ['The country field is required.'],
      phone_code: ['The phone code field is required.'],
      phone: ['The phone field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });

    const wrongTypes = await register({ name: 42, country: ['Germany'], phone_code: null, phone: 2025550100, email: {}, password: true });
    expect(wrongTypes.statusCode).toBe(422);
    expect(wrongTypes.json().errors.name).toEqual(['The name must be a string.']);

    const huge = await register(newCustomer({ name: 'x'.repeat(100_000), password: 'p'.repeat(5000), email: `${'e'.repeat(300)}@example.com` }));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.password).toEqual(['The password must not be greater than 128 characters.']);

    const shortPassword = await register(newCustomer({ password: 'short' }));
    expect(shortPassword.json().errors.password).toEqual(['The password must be at least 8 characters.']);

    const badEmail = await register(newCustomer({ email: 'not-an-email' }));
    expect(badEmail.json().errors.email).toEqual(['The email must be a valid email address.']);

    for (const payload of ['[1,2]', 'null', '"text"', '{"name":']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/registration', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });

  it('bounds how many accounts one address creates per hour', async () => {
    const address = '198.51.100.23';
    for (let index = 0; index < 30; index += 1) {
      const answer = await register(newCustomer({ country: 'Atlantis' }), address);
      expect(answer.statusCode).toBe(422);
    }
    const refused = await register(newCustomer(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(newCustomer(), '198.51.100.24')).statusCode).toBe(200);
  });
});
