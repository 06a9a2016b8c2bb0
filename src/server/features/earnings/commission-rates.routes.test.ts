import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, orderItems, shops } from '../../db/schema.ts';
import { catalogAnchors } from '../../test/catalog-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { addShoppers } from '../../test/order-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateStoreSettings } from '../settings/settings.service.ts';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());
// Each test starts from the store's default rate and minimum.
afterEach(async () => {
  const { db } = ctx.database;
  await db.update(categories).set({ commissionRate: null });
  await updateStoreSettings(db, { commission_rate: 1000, withdrawal_minimum: 1000 });
  ctx.app.caches.invalidate(['settings']);
});

const call = (authorization: string, method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization }, ...(payload && { payload }) });

/** A new shopper's cash order of `quantity` units at 10.00 from the shop; answers the rate and commission kept on its line. */
async function lineOfNewOrder(shopId: number, quantity = 2) {
  const [shopper] = await addShoppers(ctx.database.db, 1);
  const order = await placeCashOrder(ctx.app, shopper!.authorization, { shopId, quantity });
  const [line] = await ctx.database.db.select({ rate: orderItems.commissionRate, commission: orderItems.commission }).from(orderItems).where(eq(orderItems.orderId, order.id));
  return line;
}

const lastAudit = async (entityType: 'settings' | 'shop' | 'category', entityId: string) =>
  (await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId))).orderBy(desc(auditLog.id)).limit(1))[0];

describe('/api/console/settings/commission-payouts', () => {
  const settingsCall = (method: 'GET' | 'PATCH', payload?: object) => call(owner, method, '/api/console/settings/commission-payouts', payload);

  it('shows the rate in percent and the minimum as an amount, saves them audited in basis points and minor units, and the next order takes the new rate', async () => {
    expect((await settingsCall('GET')).json().data.settings).toEqual({ commission_rate: 10, withdrawal_minimum: 10 });
    const changed = await settingsCall('PATCH', { commission_rate: 12.5, withdrawal_minimum: 25.5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: 'Commission and payout settings updated', data: { settings: { commission_rate: 12.5, withdrawal_minimum: 25.5 } } });
    expect(await lastAudit('settings', 'store')).toMatchObject({
      action: 'settings.update',
      changes: { commission_rate: { before: 1000, after: 1250 }, withdrawal_minimum: { before: 1000, after: 2550 } },
    });

    const { shop } = await addShopWithOwner(ctx.app);
    expect(await lineOfNewOrder(shop.id)).toEqual({ rate: 1250, commission: 2_50 });
  });

  it('refuses a negative rate, one over 100 %, fractions of a basis point and text, with a message per field', async () => {
    for (const [payload, errors] of [
      [{ commission_rate: -1, withdrawal_minimum: -0.01 }, { commission_rate: ['The commission rate must be at least 0.'], withdrawal_minimum: ['The withdrawal minimum must be at least 0.'] }],
      [{ commission_rate: 100.01 }, { commission_rate: ['The commission rate must not be greater than 100.'] }],
      [{ commission_rate: 12.345, withdrawal_minimum: 1.005 }, { commission_rate: ['The commission rate must have at most 2 decimal places.'], withdrawal_minimum: ['The withdrawal minimum must have at most 2 decimal places.'] }],
      [{ commission_rate: '12', withdrawal_minimum: 'ten' }, { commission_rate: ['The commission rate must be a number.'], withdrawal_minimum: ['The withdrawal minimum must be a number.'] }],
    ] as const) {
      const refused = await settingsCall('PATCH', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(refused.json().errors).toEqual(errors);
    }
    expect((await settingsCall('GET')).json().data.settings).toEqual({ commission_rate: 10, withdrawal_minimum: 10 });
  });

  it('is the store’s staff’s only', async () => {
    const seller = await signInConsoleMember(ctx.app, 'shop_owner');
    expect((await call(seller.authorization, 'PATCH', '/api/console/settings/commission-payouts', { commission_rate: 0 })).statusCode).toBe(403);
  });
});

describe("a shop's and a category's own rates", () => {
  const setShopRate = (authorization: string, shopId: number, commission_rate: unknown) => call(authorization, 'PUT', `/api/console/shops/${shopId}/commission`, { commission_rate });
  const setCategoryRate = (categoryId: number, commission_rate: unknown) => call(owner, 'PATCH', `/api/console/categories/${categoryId}`, { commission_rate });

  it("the shop's over its category's over the store's, each set and cleared through the console, audited, and kept on the next order's lines", async () => {
    const { shop } = await addShopWithOwner(ctx.app);
    const { category_id: categoryId } = await catalogAnchors(ctx.database.db);
    expect(await lineOfNewOrder(shop.id)).toEqual({ rate: 1000, commission: 2_00 });

    const category = await setCategoryRate(categoryId, 15);
    expect(category.statusCode, category.body).toBe(200);
    expect(category.json().data.item).toMatchObject({ id: categoryId, commission_rate: 15 });
    expect(await lastAudit('category', String(categoryId))).toMatchObject({ action: 'category.update', changes: { commission_rate: { before: null, after: 15 } } });
    expect(await lineOfNewOrder(shop.id)).toEqual({ rate: 1500, commission: 3_00 });

    const own = await setShopRate(owner, shop.id, 7.5);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ message: 'Shop commission saved', data: { shop: { id: shop.id, commission_rate: 7.5 } } });
    expect(await lastAudit('shop', String(shop.id))).toMatchObject({ action: 'shop.set_commission', changes: { commission_rate: { before: null, after: 750 } } });
    const byShop = await lineOfNewOrder(shop.id, 3);
    expect(byShop).toEqual({ rate: 750, commission: 2_25 });

    // The store's list of shops shows it.
    const listed = (await call(owner, 'GET', '/api/console/shop-applications?status=approved&limit=100')).json().data.shops as Array<{ id: number; commission_rate: number | null }>;
    expect(listed.find((row) => row.id === shop.id)?.commission_rate).toBe(7.5);

    // Cleared, the category's applies again; then the store's.
    expect((await setShopRate(owner, shop.id, null)).json().data.shop.commission_rate).toBeNull();
    expect(await lastAudit('shop', String(shop.id))).toMatchObject({ action: 'shop.set_commission', changes: { commission_rate: { before: 750, after: null } } });
    expect(await lineOfNewOrder(shop.id)).toEqual({ rate: 1500, commission: 3_00 });
    expect((await setCategoryRate(categoryId, null)).json().data.item.commission_rate).toBeNull();
    expect(await lineOfNewOrder(shop.id)).toEqual({ rate: 1000, commission: 2_00 });
  });

  it('refuses a negative rate, one over 100 %, fractions of a basis point, text and a missing rate, with the field named', async () => {
    const { shop } = await addShopWithOwner(ctx.app);
    const { category_id: categoryId } = await catalogAnchors(ctx.database.db);
    for (const [given, message] of [
      [-1, 'The commission rate must be at least 0.'],
      [100.01, 'The commission rate must not be greater than 100.'],
      [12.345, 'The commission rate must have at most 2 decimal places.'],
      ['12', 'The commission rate must be a number.'],
    ] as const) {
      for (const refused of [await setShopRate(owner, shop.id, given), await setCategoryRate(categoryId, given)]) {
        expect(refused.statusCode, JSON.stringify(given)).toBe(422);
        expect(refused.json().errors).toEqual({ commission_rate: [message] });
      }
    }
    const missing = await call(owner, 'PUT', `/api/console/shops/${shop.id}/commission`, {});
    expect(missing.json().errors).toEqual({ commission_rate: ['The commission rate field is required.'] });
    const [stored] = await ctx.database.db.select({ rate: shops.commissionRate }).from(shops).where(eq(shops.id, shop.id));
    expect(stored!.rate).toBeNull();
  });

  it("never lets a shop's people set their own shop's rate", async () => {
    const { shop, owner: seller } = await addShopWithOwner(ctx.app);
    const refused = await setShopRate(seller.authorization, shop.id, 1);
    expect(refused.statusCode).toBe(403);
    // The shop's profile takes no rate: its other fields save, the rate stays the store's.
    const profile = await ctx.app.inject({ method: 'PATCH', url: '/api/console/shop', headers: { authorization: seller.authorization }, payload: { shop_name: 'Own Rate Shop', commission_rate: 1 } });
    expect(profile.statusCode, profile.body).toBe(200);
    const [stored] = await ctx.database.db.select({ rate: shops.commissionRate }).from(shops).where(eq(shops.id, shop.id));
    expect(stored!.rate).toBeNull();
    expect(await lineOfNewOrder(shop.id)).toEqual({ rate: 1000, commission: 2_00 });
  });
});
