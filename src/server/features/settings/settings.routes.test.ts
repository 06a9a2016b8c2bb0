import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterSchema } from '../../../shared/settings.contract.ts';
import { currencies, settings } from '../../db/schema.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** The fields docs/product/storefront.md §7 says the storefront reads from `GET /master`. */
const specMasterFields = [
  'currency', 'currencies', 'app_name', 'google_playstore_link', 'app_store_link', 'multi_vendor', 'mobile', 'email',
  'web_show_footer', 'address', 'payment_gateways', 'web_footer_text', 'web_footer_description', 'web_footer_logo',
  'footer_qr', 'social_links', 'theme_colors', 'pusher_app_key', 'pusher_app_cluster', 'app_environment',
  'show_download_app', 'register_otp_verify', 'register_otp_type', 'forgot_otp_type', 'languages', 'social_auths',
  'phone_required', 'phone_min_length', 'phone_max_length', 'order_place_account_verify', 'app_locale', 'web_logo',
];
/** Added to the spec's answer: whether a visitor may check out as a guest (off by default). */
const addedMasterFields = ['guest_checkout', 'seller_registration', 'footer_pages'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/master', () => {
  it('carries every field of the spec with the right types', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/master' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.data).sort()).toEqual([...specMasterFields, ...addedMasterFields].sort());
    const master = masterSchema.strict().parse(body.data);
    expect(master.currency).toMatchObject({ name: 'USD', symbol: '$', position: 'prefix', is_default: true, rate_from_default: 1 });
    expect(master.currencies.some((currency) => currency.position === 'suffix')).toBe(true);
    expect(master.languages.map((language) => [language.name, language.direction])).toEqual([
      ['en', 'ltr'],
      ['ar', 'rtl'],
      ['ir', 'rtl'],
    ]);
    expect(Object.keys(master.theme_colors)).toHaveLength(12);
    // Stripe is switched on in the demo data but has no keys here: shoppers are not offered it.
    expect(master.payment_gateways.map((gateway) => gateway.name)).toEqual(['cash']);
  });

  it('offers Stripe once its keys are configured', async () => {
    const withStripe = await createTestApp({ stripe: { secretKey: 'sk_test_example', webhookSecret: 'whsec_example' } });
    try {
      const master = (await withStripe.app.inject({ method: 'GET', url: '/api/master' })).json().data;
      expect(master.payment_gateways.map((gateway: { name: string }) => gateway.name)).toEqual(['cash', 'stripe']);
    } finally {
      await withStripe.close();
    }
  });

  it('reflects what the store owner changes in the database', async () => {
    const { db } = ctx.database;
    await db.update(settings).set({ value: 'Corner Shop' }).where(eq(settings.key, 'app_name'));
    await db.update(settings).set({ value: false }).where(eq(settings.key, 'multi_vendor'));
    // A write behind the app's back says what it changed (decision 022).
    ctx.app.caches.invalidate([cacheTags.settings]);
    const master = (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data;
    expect(master.app_name).toBe('Corner Shop');
    expect(master.multi_vendor).toBe(false);
  });

  it('computes each rate from the default currency', async () => {
    const { db } = ctx.database;
    await db.update(currencies).set({ isDefault: false }).where(eq(currencies.name, 'USD'));
    await db.update(currencies).set({ isDefault: true }).where(eq(currencies.name, 'EUR'));
    ctx.app.caches.invalidate([cacheTags.settings]);
    const master = (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data;
    expect(master.currency.name).toBe('EUR');
    const byName = Object.fromEntries(master.currencies.map((c: { name: string; rate_from_default: number }) => [c.name, c.rate_from_default]));
    expect(byName.EUR).toBe(1);
    expect(byName.USD).toBeCloseTo(1 / 0.92, 5);
    await db.update(currencies).set({ isDefault: false }).where(eq(currencies.name, 'EUR'));
    await db.update(currencies).set({ isDefault: true }).where(eq(currencies.name, 'USD'));
    ctx.app.caches.invalidate([cacheTags.settings]);
  });

  it("tells each currency's decimals, for prices the browser writes without working them out", async () => {
    const { db } = ctx.database;
    await db.insert(currencies).values([
      { name: 'JPY', symbol: '¥', position: 'prefix', rate: '150', isDefault: false, sortOrder: 8 },
      { name: 'KWD', symbol: 'KD', position: 'suffix', rate: '0.31', isDefault: false, sortOrder: 9 },
    ]);
    ctx.app.caches.invalidate([cacheTags.settings]);
    const master = (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data;
    const decimals = Object.fromEntries(master.currencies.map((c: { name: string; decimals: number }) => [c.name, c.decimals]));
    expect(decimals).toMatchObject({ USD: 2, EUR: 2, JPY: 0, KWD: 3 });
    await db.delete(currencies).where(inArray(currencies.name, ['JPY', 'KWD']));
    ctx.app.caches.invalidate([cacheTags.settings]);
  });
});

describe('GET /api/lang/{locale}', () => {
  it('answers the message map of a known locale', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/lang/ar' });
    expect(response.statusCode).toBe(200);
    const messages = response.json();
    expect(messages['Cart is empty']).toBeTypeOf('string');
    expect(messages['Cart is empty']).not.toBe('Cart is empty');
  });

  it('answers 404 for an unknown locale and 422 for a malformed one', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/lang/xx' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Language not found' });
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/lang/%3Cscript%3E' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.locale).toEqual(['Unknown language']);
  });
});

describe('GET /api/countries', () => {
  it('lists the countries with their phone codes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/countries' });
    expect(response.statusCode).toBe(200);
    const { countries } = response.json().data;
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual(expect.objectContaining({ name: 'United States', phone_code: '+1' }));
    expect(countries).toContainEqual(expect.objectContaining({ name: 'Bangladesh', phone_code: '+880' }));
    for (const country of countries) expect(country.phone_code).toMatch(/^\+\d{1,4}$/);
  });
});
