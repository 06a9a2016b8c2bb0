import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSchema } from '../../../shared/catalog.contract.ts';
import type { ConsoleSettings } from '../../../shared/settings-console.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
const call = (authorization: string, method: 'GET' | 'PATCH', payload?: Record<string, unknown>) => ctx.app.inject({ method, url: '/api/console/settings', headers: { authorization }, payload });
const settingsAudit = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(asc(auditLog.id));

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

describe('/api/console/settings', () => {
  it('shows the store settings and changes them, each changed setting in the audit log', async () => {
    const shown = await call(owner, 'GET');
    expect(shown.statusCode, shown.body).toBe(200);
    const before = shown.json<{ data: { settings: ConsoleSettings } }>().data.settings;
    expect(before).toEqual({ multi_vendor: true, guest_checkout: false, seller_registration: true, product_approval: false, sellers_moderate_reviews: false, low_stock_threshold: 5, return_window_days: 14, guest_order_link_days: 90, time_zone: 'UTC' });

    const changed = await call(owner, 'PATCH', { guest_checkout: true, return_window_days: 30, product_approval: false, guest_order_link_days: 30 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: 'Settings updated', data: { settings: { ...before, guest_checkout: true, return_window_days: 30, guest_order_link_days: 30 } } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.guest_checkout).toBe(true);
    expect((await settingsAudit()).map((row) => ({ action: row.action, entityId: row.entityId, changes: row.changes }))).toEqual([
      {
        action: 'settings.update',
        entityId: 'store',
        changes: { guest_checkout: { before: false, after: true }, return_window_days: { before: 14, after: 30 }, guest_order_link_days: { before: 90, after: 30 } },
      },
    ]);
  });

  it('changes the store time zone, audited, and refuses a zone that is no IANA name', async () => {
    const changed = await call(owner, 'PATCH', { time_zone: 'Asia/Tehran' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.settings.time_zone).toBe('Asia/Tehran');
    expect((await settingsAudit()).at(-1)?.changes).toEqual({ time_zone: { before: 'UTC', after: 'Asia/Tehran' } });

    const refused = await call(owner, 'PATCH', { time_zone: 'Mars/Olympus' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ time_zone: ['The selected time zone is invalid.'] });
    expect((await call(owner, 'GET')).json().data.settings.time_zone).toBe('Asia/Tehran');
  });

  it('refuses a bad value under its field and changes nothing', async () => {
    const refused = await call(owner, 'PATCH', { low_stock_threshold: -1, guest_order_link_days: 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ low_stock_threshold: ['The low stock threshold must be at least 0.'], guest_order_link_days: ['The guest order link days must be at least 1.'] });
    expect((await call(owner, 'GET')).json().data.settings.low_stock_threshold).toBe(5);
  });

  it('switches multi-vendor off, audited: the store runs as one shop, its shops not found and sellers not taken', async () => {
    const shop = await addShop(ctx.database.db);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })).statusCode).toBe(200);
    try {
      const changed = await call(owner, 'PATCH', { multi_vendor: false });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.settings).toMatchObject({ multi_vendor: false, seller_registration: true });
      expect((await settingsAudit()).at(-1)?.changes).toEqual({ multi_vendor: { before: true, after: false } });

      const master = (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data;
      expect({ multi_vendor: master.multi_vendor, seller_registration: master.seller_registration }).toEqual({ multi_vendor: false, seller_registration: false });
      const list = await ctx.app.inject({ method: 'GET', url: '/api/shops' });
      expect([list.statusCode, list.json().message]).toEqual([404, 'No shops found']);
      const one = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` });
      expect([one.statusCode, one.json().message]).toEqual([404, 'Shop not found']);
      const applied = await ctx.app.inject({ method: 'POST', url: '/api/shop-registrations', payload: { name: 'Gina Green', email: 'gina@example.test', password: 'seller-password', shop_name: 'Green Corner' } });
      expect([applied.statusCode, applied.json().message]).toEqual([403, 'This store does not take sellers.']);

      const refused = await call(owner, 'PATCH', { multi_vendor: 'no' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ multi_vendor: ['The multi vendor field must be true or false.'] });
    } finally {
      expect((await call(owner, 'PATCH', { multi_vendor: true })).statusCode).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.seller_registration).toBe(true);
  });

  it('switches multi-vendor off and on: the home answer’s shops row and section go and come back at once, though the home is kept', async () => {
    const home = async () => {
      const answer = await ctx.app.inject({ method: 'GET', url: '/api/home' });
      expect(answer.statusCode, answer.body).toBe(200);
      const { shops, sections } = homeSchema.parse(answer.json().data);
      return { shops: shops.map((entry) => entry.name), sections: sections.map((section) => section.kind) };
    };
    // Read once, so that the home answer is kept before the switch; the demo store's shops are in its row.
    const multiVendor = await home();
    expect(multiVendor.shops.length).toBeGreaterThan(0);
    expect(multiVendor.sections).toContain('shops');
    try {
      expect((await call(owner, 'PATCH', { multi_vendor: false })).statusCode).toBe(200);
      expect(await home()).toEqual({ shops: [], sections: multiVendor.sections.filter((kind) => kind !== 'shops') });
    } finally {
      expect((await call(owner, 'PATCH', { multi_vendor: true })).statusCode).toBe(200);
    }
    expect(await home()).toEqual(multiVendor);
  });

  it('is refused to staff without the settings permission', async () => {
    const manager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
    const refused = await call(manager, 'PATCH', { guest_checkout: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});

describe('/api/console/languages', () => {
  const languagesOf = (authorization: string) => ctx.app.inject({ method: 'GET', url: '/api/console/languages', headers: { authorization } });
  const change = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: '/api/console/languages', headers: { authorization: owner }, payload });
  const master = async () => (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data as { app_locale: string; languages: Array<{ name: string }> };
  const shown = (languages: Array<{ name: string; is_active: boolean; is_default: boolean }>) => languages.map(({ name, is_active, is_default }) => ({ name, is_active, is_default }));

  it('lists every language with its switch and the default, and enables, disables and makes one the default, audited', async () => {
    const listed = await languagesOf(owner);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.languages).toEqual([
      { id: expect.any(Number), name: 'en', title: 'English', direction: 'ltr', is_active: true, is_default: true },
      { id: expect.any(Number), name: 'ar', title: 'العربية', direction: 'rtl', is_active: true, is_default: false },
      { id: expect.any(Number), name: 'ir', title: 'فارسی', direction: 'rtl', is_active: true, is_default: false },
    ]);

    const disabled = await change({ name: 'ar', is_active: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().message).toBe('Languages updated');
    expect(shown(disabled.json().data.languages)).toEqual([
      { name: 'en', is_active: true, is_default: true },
      { name: 'ar', is_active: false, is_default: false },
      { name: 'ir', is_active: true, is_default: false },
    ]);
    expect((await master()).languages.map((language) => language.name)).toEqual(['en', 'ir']);
    const [languageAudit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'language')).orderBy(asc(auditLog.id));
    expect({ action: languageAudit?.action, entityId: languageAudit?.entityId, changes: languageAudit?.changes }).toEqual({ action: 'language.update', entityId: 'ar', changes: { is_active: { before: true, after: false } } });

    const defaulted = await change({ name: 'ar', is_active: true, is_default: true });
    expect(defaulted.statusCode, defaulted.body).toBe(200);
    expect(shown(defaulted.json().data.languages).filter((language) => language.is_default)).toEqual([{ name: 'ar', is_active: true, is_default: true }]);
    expect(await master()).toMatchObject({ app_locale: 'ar', languages: [{ name: 'en' }, { name: 'ar' }, { name: 'ir' }] });
    expect((await settingsAudit()).at(-1)?.changes).toEqual({ app_locale: { before: 'en', after: 'ar' } });

    expect((await change({ name: 'en', is_active: false })).statusCode).toBe(200);
    expect((await master()).languages.map((language) => language.name)).toEqual(['ar', 'ir']);
    expect((await change({ name: 'en', is_active: true, is_default: true })).statusCode).toBe(200);
    expect((await master()).app_locale).toBe('en');
  });

  it('refuses disabling the default, a disabled default and an unknown language, under their fields', async () => {
    const noDefaultOff = await change({ name: 'en', is_active: false });
    expect(noDefaultOff.statusCode).toBe(422);
    expect(noDefaultOff.json().errors).toEqual({ is_active: ['The default language cannot be disabled; choose another default first.'] });

    expect((await change({ name: 'ir', is_active: false })).statusCode).toBe(200);
    const disabledDefault = await change({ name: 'ir', is_default: true });
    expect(disabledDefault.statusCode).toBe(422);
    expect(disabledDefault.json().errors).toEqual({ is_default: ['Only an enabled language can be the default.'] });
    expect((await change({ name: 'ir', is_active: true })).statusCode).toBe(200);

    expect((await change({ name: 'fr', is_active: true })).json().errors).toEqual({ name: ['The selected language is invalid.'] });
    expect((await change({ name: 'en', is_default: false })).json().errors).toEqual({ is_default: ['The default field can only be set to true.'] });
    expect((await change({ name: 'en' })).statusCode).toBe(422);
    expect((await master()).app_locale).toBe('en');
  });

  it('is refused to staff without the settings permission', async () => {
    const manager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
    expect((await languagesOf(manager)).statusCode).toBe(403);
  });
});
