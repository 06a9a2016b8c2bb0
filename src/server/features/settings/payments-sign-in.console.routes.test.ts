import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsSignIn } from '../../../shared/payments-sign-in-console.contract.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../../test/order-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
const call = (method: 'GET' | 'PUT', payload?: Record<string, unknown>, authorization = owner) =>
  ctx.app.inject({ method, url: '/api/console/payments-sign-in', headers: { authorization }, payload });
const current = async () => (await call('GET')).json<{ data: PaymentsSignIn }>().data;
/** The whole form as the console sends it: what is shown now, with `change` laid over it. */
const save = async (change: Record<string, unknown>) => {
  const { payment_methods, sms_configured: _sms, ...rest } = await current();
  return call('PUT', { active_payment_methods: payment_methods.filter((method) => method.is_active).map((method) => method.name), ...rest, ...change });
};
const master = async () => (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json<{ data: Master }>().data;
const settingsAudit = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(asc(auditLog.id));
const signIn = { google: { is_active: false, client_id: '' }, facebook: { is_active: false, client_id: '' }, apple: { is_active: false, client_id: '', redirect_url: '' } };

/** A signed-in shopper (verified or not) with a lamp in the cart, placing it with `payment_method`. */
async function shopperOrder(payment_method: string, { verified = true } = {}) {
  const { db } = ctx.database;
  const shop = await addShop(db, { name: 'Settings Shop' });
  const [lamp] = await addProducts(db, [{ name: 'Settings Lamp', shopId: shop.id, price: 10_00, stock: 5 }]);
  const [shopper] = await addShoppers(db, 1, { verified });
  await fillCarts(db, [shopper!], [{ productId: lamp!, quantity: 1 }]);
  return placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method });
}

beforeAll(async () => {
  // Stripe's keys in the environment, as an installation that runs it has them.
  ctx = await createTestApp({ stripe: { secretKey: 'sk_test_example', webhookSecret: 'whsec_example' } });
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  await master(); // the storefront's copy is kept: each change below must reach it at once
});
afterAll(() => ctx.close());

describe('/api/console/payments-sign-in', () => {
  it('shows the payment methods, configured or not, and the sign-in settings, never a key', async () => {
    const shown = await call('GET');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      message: 'Payments and sign-in',
      data: {
        payment_methods: [
          { name: 'cash', title: 'Cash on Delivery', is_active: true, configured: true },
          { name: 'stripe', title: 'Stripe', is_active: true, configured: true },
        ],
        sms_configured: false,
        register_otp_verify: true,
        order_place_account_verify: false,
        register_otp_type: 'email',
        forgot_otp_type: 'email',
        social_auths: signIn,
      },
    });
    expect(shown.body).not.toContain('sk_test_example');
  });

  it('switches cash on delivery off: the storefront stops offering it and checkout refuses it, audited', async () => {
    const saved = await save({ active_payment_methods: ['stripe'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Payments and sign-in saved');
    expect(saved.json().data.payment_methods.map((method: { is_active: boolean }) => method.is_active)).toEqual([false, true]);
    expect((await master()).payment_gateways.map((gateway) => gateway.name)).toEqual(['stripe']);
    const refused = await shopperOrder('cash');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ payment_method: ['The selected payment method is invalid.'] });
    expect((await settingsAudit()).at(-1)).toMatchObject({ action: 'settings.update', entityId: 'payment_methods', changes: { active_payment_methods: { before: ['cash', 'stripe'], after: ['stripe'] } } });

    expect((await save({ active_payment_methods: ['cash', 'stripe'] })).statusCode).toBe(200);
    expect((await master()).payment_gateways.map((gateway) => gateway.name)).toEqual(['cash', 'stripe']);
    expect((await shopperOrder('cash')).statusCode).toBe(200);
  });

  it('changes the one-time-code settings, audited, and the storefront and checkout follow', async () => {
    const saved = await save({ register_otp_verify: false, order_place_account_verify: true, register_otp_type: 'phone', forgot_otp_type: 'phone' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await master()).toMatchObject({ register_otp_verify: false, order_place_account_verify: true, register_otp_type: 'phone', forgot_otp_type: 'phone' });
    expect((await settingsAudit()).at(-1)).toMatchObject({
      entityId: 'store',
      changes: {
        register_otp_verify: { before: true, after: false },
        order_place_account_verify: { before: false, after: true },
        register_otp_type: { before: 'email', after: 'phone' },
        forgot_otp_type: { before: 'email', after: 'phone' },
      },
    });
    const unverified = await shopperOrder('cash', { verified: false });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json()).toEqual({ message: 'Please verify your account first' });

    await save({ order_place_account_verify: false });
    expect((await shopperOrder('cash', { verified: false })).statusCode).toBe(200);
  });

  it('switches a social sign-in on with its public client id and off again; sign-in follows', async () => {
    const google = { is_active: true, client_id: 'store-123.apps.googleusercontent.com' };
    const apple = { is_active: true, client_id: 'com.example.store', redirect_url: 'https://store.example.com/auth/apple' };
    const saved = await save({ social_auths: { ...signIn, google, apple } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await master()).social_auths).toEqual({ ...signIn, google, apple });
    expect((await settingsAudit()).at(-1)?.changes).toEqual({ social_auths: { before: signIn, after: { ...signIn, google, apple } } });
    const tried = await ctx.app.inject({ method: 'POST', url: '/api/auth/google/token', payload: { code: 'not-a-token' } });
    expect(tried.json().message).not.toBe('This sign-in method is not available.');

    await save({ social_auths: { ...signIn, google: { ...google, is_active: false }, apple } });
    expect((await master()).social_auths.google).toEqual({ ...google, is_active: false });
    const off = await ctx.app.inject({ method: 'POST', url: '/api/auth/google/token', payload: { code: 'not-a-token' } });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ message: 'This sign-in method is not available.' });
  });

  it('refuses bad input under its fields and changes nothing', async () => {
    const before = await current();
    const refused = await save({
      active_payment_methods: [],
      register_otp_type: 'pigeon',
      social_auths: { ...signIn, facebook: { is_active: true, client_id: '' }, apple: { is_active: true, client_id: 'com example', redirect_url: 'http://store.example.com' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      active_payment_methods: ['Keep at least one payment method on.'],
      register_otp_type: ['The selected register otp type is invalid.'],
      'social_auths.facebook.client_id': ['The client id is required to switch this sign-in on.'],
      'social_auths.apple.client_id': ['The client id must not contain spaces.'],
      'social_auths.apple.redirect_url': ['The redirect URL must be an https address.'],
    });
    expect(await current()).toEqual(before);
  });

  it('is refused to staff without the settings permission', async () => {
    const manager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
    const refused = await call('PUT', {}, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});

describe('/api/console/payments-sign-in without Stripe keys', () => {
  it('shows Stripe as not configured and refuses to switch it on', async () => {
    const bare = await createTestApp();
    try {
      const authorization = (await signInConsoleMember(bare.app, 'owner')).authorization;
      const shown = (await bare.app.inject({ method: 'GET', url: '/api/console/payments-sign-in', headers: { authorization } })).json<{ data: PaymentsSignIn }>().data;
      expect(shown.payment_methods.find((method) => method.name === 'stripe')).toMatchObject({ configured: false });
      const { payment_methods: _methods, sms_configured: _sms, ...rest } = shown;
      const refused = await bare.app.inject({ method: 'PUT', url: '/api/console/payments-sign-in', headers: { authorization }, payload: { ...rest, active_payment_methods: ['cash', 'stripe'] } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ active_payment_methods: ['Stripe is not configured on this server.'] });
    } finally {
      await bare.close();
    }
  });
});
