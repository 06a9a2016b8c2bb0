import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherSchema, type Voucher } from '../../../shared/cart.contract.ts';
import { shops } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addShop, addVoucher, shopperCalls } from '../../test/commerce-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const clock = new ManualClock();
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

const DAY_MS = 86_400_000;

async function shopper() {
  const { authorization } = await createCustomer(ctx.app);
  return shopperCalls(ctx.app, authorization);
}

async function couponsOf(response: { statusCode: number; body: string; json(): { data: { coupons: unknown } } }): Promise<Voucher[]> {
  expect(response.statusCode, response.body).toBe(200);
  return voucherSchema.array().parse(response.json().data.coupons);
}

describe('a shop’s vouchers', () => {
  it('lists only the vouchers usable now, soonest to expire first, in the spec’s shape', async () => {
    const { db } = ctx.database;
    const now = clock.now();
    const shop = await addShop(db);
    const otherShop = await addShop(db);
    const percentage = await addVoucher(db, shop.id, now, {
      discountType: 'percentage',
      discount: 15,
      minOrderAmount: 40_00,
      maxDiscountAmount: 20_00,
      limitForUser: 2,
      expiresAt: new Date(now.getTime() + 20 * DAY_MS),
    });
    const amount = await addVoucher(db, shop.id, now, { discountType: 'amount', discount: 7_50, minOrderAmount: 30_00, expiresAt: new Date(now.getTime() + 10 * DAY_MS) });
    await addVoucher(db, shop.id, now, { isActive: false });
    await addVoucher(db, shop.id, now, { startsAt: new Date(now.getTime() + DAY_MS), expiresAt: new Date(now.getTime() + 9 * DAY_MS) });
    await addVoucher(db, shop.id, now, { startsAt: new Date(now.getTime() - 9 * DAY_MS), expiresAt: new Date(now.getTime() - DAY_MS) });
    await addVoucher(db, shop.id, now, { totalLimit: 10, usedCount: 10 });
    await addVoucher(db, otherShop.id, now);
    const { get } = await shopper();

    const response = await get(`/get-vouchers?shop_id=${shop.id}`);
    expect(response.json().message).toBe('Vouchers');
    expect(await couponsOf(response)).toEqual([
      {
        id: amount.id,
        code: amount.code,
        discount_type: 'Amount',
        discount: 7.5,
        min_order_amount: 30,
        max_discount_amount: null,
        limit_for_user: 1,
        shop_id: shop.id,
        started: amount.startsAt.toISOString(),
        validity: amount.expiresAt.toISOString(),
        is_collected: false,
      },
      {
        id: percentage.id,
        code: percentage.code,
        discount_type: 'Percentage',
        discount: 15,
        min_order_amount: 40,
        max_discount_amount: 20,
        limit_for_user: 2,
        shop_id: shop.id,
        started: percentage.startsAt.toISOString(),
        validity: percentage.expiresAt.toISOString(),
        is_collected: false,
      },
    ]);
  });

  it('says so when a shop has none', async () => {
    const shop = await addShop(ctx.database.db);
    const { get } = await shopper();
    const response = await get(`/get-vouchers?shop_id=${shop.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Sorry there is no voucher available', data: { coupons: [] } });
  });

  it('offers no voucher of a shop that is pending or suspended, and lets nobody collect one', async () => {
    const { db } = ctx.database;
    const pending = await addShop(db, { status: 'pending' });
    const suspended = await addShop(db, { status: 'suspended' });
    const pendingVoucher = await addVoucher(db, pending.id, clock.now());
    const suspendedVoucher = await addVoucher(db, suspended.id, clock.now());
    const { get, post } = await shopper();

    expect(await couponsOf(await get(`/get-vouchers?shop_id=${suspended.id}`))).toEqual([]);
    const everyShop = (await couponsOf(await get('/get-vouchers'))).map((voucher) => voucher.id);
    expect(everyShop).not.toContain(pendingVoucher.id);
    expect(everyShop).not.toContain(suspendedVoucher.id);
    const collect = await post('/vouchers-collect', { coupon_id: suspendedVoucher.id });
    expect(collect.statusCode).toBe(404);
    expect(collect.json().message).toBe('Voucher not found');
  });

  it('drops a voucher from the list once the store clock passes its end', async () => {
    const shop = await addShop(ctx.database.db);
    await addVoucher(ctx.database.db, shop.id, clock.now(), { expiresAt: new Date(clock.now().getTime() + DAY_MS) });
    const { get } = await shopper();
    expect(await couponsOf(await get(`/get-vouchers?shop_id=${shop.id}`))).toHaveLength(1);
    clock.advance({ days: 2 });
    expect(await couponsOf(await get(`/get-vouchers?shop_id=${shop.id}`))).toEqual([]);
  });

  it('shows every demo shop two or three seeded vouchers, both kinds among them', async () => {
    const { get } = await shopper();
    const demoShops = await ctx.database.db.select({ id: shops.id }).from(shops).orderBy(asc(shops.id)).limit(10);
    const all = await couponsOf(await get('/get-vouchers'));
    for (const shop of demoShops) {
      const own = all.filter((voucher) => voucher.shop_id === shop.id);
      expect(own.length, `shop ${shop.id}`).toBeGreaterThanOrEqual(2);
      expect(own.length, `shop ${shop.id}`).toBeLessThanOrEqual(3);
      expect(new Set(own.map((voucher) => voucher.discount_type))).toEqual(new Set(['Percentage', 'Amount']));
      expect(own.filter((voucher) => voucher.discount_type === 'Percentage').every((voucher) => voucher.max_discount_amount! > 0)).toBe(true);
    }
  });
});

describe('collecting a voucher', () => {
  it('collects once, marks it collected for this shopper only, and refuses a second time', async () => {
    const shop = await addShop(ctx.database.db);
    const voucher = await addVoucher(ctx.database.db, shop.id, clock.now());
    const collector = await shopper();
    const bystander = await shopper();

    const collected = await collector.post('/vouchers-collect', { coupon_id: voucher.id });
    expect(collected.statusCode).toBe(200);
    expect(collected.json()).toEqual({ message: 'Voucher collected successfully', data: {} });
    expect((await couponsOf(await collector.get(`/get-vouchers?shop_id=${shop.id}`)))[0]!.is_collected).toBe(true);
    expect((await couponsOf(await bystander.get(`/get-vouchers?shop_id=${shop.id}`)))[0]!.is_collected).toBe(false);

    const again = await collector.post('/vouchers-collect', { coupon_id: voucher.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already collected this voucher' });
  });

  it('refuses an unknown voucher with 404 and one that is over with 422', async () => {
    const shop = await addShop(ctx.database.db);
    const now = clock.now();
    const expired = await addVoucher(ctx.database.db, shop.id, now, { startsAt: new Date(now.getTime() - 9 * DAY_MS), expiresAt: new Date(now.getTime() - DAY_MS) });
    const { post } = await shopper();

    const unknown = await post('/vouchers-collect', { coupon_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Voucher not found');

    const over = await post('/vouchers-collect', { coupon_id: expired.id });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ message: 'This voucher has expired', errors: { coupon_id: ['This voucher has expired'] } });
  });
});

describe('bad input', () => {
  it.each([
    ['GET', '/api/get-vouchers?shop_id=1'],
    ['POST', '/api/vouchers-collect'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const response = await ctx.app.inject({ method, url, payload: method === 'POST' ? { coupon_id: 1 } : undefined });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a missing or malformed voucher id and shop id', async () => {
    const { get, post } = await shopper();
    const missing = await post('/vouchers-collect', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ coupon_id: ['The coupon id field is required.'] });
    expect((await post('/vouchers-collect', { coupon_id: 'one' })).json().errors).toEqual({ coupon_id: ['The coupon id must be a number.'] });
    expect((await get('/get-vouchers?shop_id=abc')).statusCode).toBe(422);
    expect((await get('/get-vouchers?shop_id=-1')).statusCode).toBe(422);
  });

  it('never answers junk with a server error', async () => {
    const { authorization } = await createCustomer(ctx.app);
    for (const payload of ['{not json', '[1,2]', 'null', '{"coupon_id": [1]}', '{"coupon_id": 1e40}']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/vouchers-collect', headers: { authorization, 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });
});
