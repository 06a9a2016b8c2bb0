import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { orders, payments, vouchers } from '../../db/schema.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addShoppers, emptyCarts, fillCarts, placeOrderCall, stockOf, type Shopper } from '../../test/order-fixtures.ts';

/**
 * Races against place-order: many shoppers at once for the last units, for the last voucher uses,
 * one shopper's retries with one Idempotency-Key. On PostgreSQL the requests really run in
 * parallel (a pool of connections, row locks); PGlite is a single connection that runs one
 * transaction at a time, so there the same races run smaller: they check the outcome, not the locking.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const SHOPPERS = onPostgres ? 200 : 40;
const ROUNDS = onPostgres ? 20 : 2;

let ctx: TestContext;
let shoppers: Shopper[];
beforeAll(async () => {
  ctx = await createTestApp();
  shoppers = await addShoppers(ctx.database.db, SHOPPERS);
});
afterAll(() => ctx.close());

const placeAll = (group: readonly Shopper[], body: object) =>
  Promise.all(group.map((shopper) => placeOrderCall(ctx.app, shopper.authorization, { address_id: shopper.addressId, payment_method: 'cash', ...body })));

function tally(answers: ReadonlyArray<{ statusCode: number }>) {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
}

const ordersWithProduct = async (productId: number) =>
  (await queryRows<{ orders: number }>(ctx.database.db, sql`select count(distinct order_id)::int as orders from order_items where product_id = ${productId}`))[0]!
    .orders;

describe(`${SHOPPERS} shoppers at once for 10 units`, () => {
  it(`sell exactly 10, never below zero, ${ROUNDS} times in a row`, { timeout: 240_000 }, async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    for (let round = 1; round <= ROUNDS; round++) {
      const [product] = await addProducts(db, [{ name: `Race Item ${round}`, shopId: shop.id, stock: 10 }]);
      await emptyCarts(db, shoppers);
      await fillCarts(db, shoppers, [{ productId: product!, quantity: 1 }]);

      const answers = await placeAll(shoppers, { shop_ids: [shop.id] });
      expect(tally(answers), `round ${round}`).toEqual({ 200: 10, 409: SHOPPERS - 10 });
      const refusals = new Set(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message));
      expect([...refusals]).toEqual([`Race Item ${round} is out of stock`]);
      expect(await stockOf(db, product!)).toEqual({ stock: 0, total_sold: 10 });
      expect(await ordersWithProduct(product!)).toBe(10);
    }
  });
});

describe('50 shoppers at once for a voucher with 5 uses', () => {
  it('give exactly 5 discounted orders', { timeout: 60_000 }, async () => {
    const { db } = ctx.database;
    const group = shoppers.slice(0, 50 > SHOPPERS ? SHOPPERS : 50);
    const shop = await addShop(db);
    const [product] = await addProducts(db, [{ name: 'Voucher Race Item', shopId: shop.id, price: 20_00, stock: 1000 }]);
    const voucher = await addVoucher(db, shop.id, new Date(), { discountType: 'amount', discount: 5_00, totalLimit: 5 });
    await emptyCarts(db, group);
    await fillCarts(db, group, [{ productId: product!, quantity: 1 }]);

    const answers = await placeAll(group, { shop_ids: [shop.id], coupon_code: voucher.code });
    expect(tally(answers)).toEqual({ 200: 5, 422: group.length - 5 });
    const refused = answers.find((answer) => answer.statusCode === 422)!.json();
    expect(refused.errors).toEqual({ coupon_code: ['This voucher has reached its usage limit'] });
    const discounted = await db.select().from(orders).where(eq(orders.voucherId, voucher.id));
    expect(discounted.map((order) => order.couponDiscount)).toEqual([5_00, 5_00, 5_00, 5_00, 5_00]);
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.usedCount).toBe(5);
  });
});

describe('shoppers at once for two shops’ vouchers with 5 uses each', () => {
  it('give exactly 5 orders per voucher, each voucher on its own shop', { timeout: 60_000 }, async () => {
    const { db } = ctx.database;
    const group = shoppers.slice(0, 30);
    const [lampShop, mugShop] = [await addShop(db), await addShop(db)];
    const [lamp, mug] = await addProducts(db, [
      { name: 'Two Voucher Lamp', shopId: lampShop.id, price: 20_00, stock: 1000 },
      { name: 'Two Voucher Mug', shopId: mugShop.id, price: 10_00, stock: 1000 },
    ]);
    const lampVoucher = await addVoucher(db, lampShop.id, new Date(), { discountType: 'amount', discount: 5_00, totalLimit: 5 });
    const mugVoucher = await addVoucher(db, mugShop.id, new Date(), { discountType: 'amount', discount: 2_00, totalLimit: 5 });
    await emptyCarts(db, group);
    await fillCarts(db, group, [
      { productId: lamp!, quantity: 1 },
      { productId: mug!, quantity: 1 },
    ]);

    const answers = await placeAll(group, { shop_ids: [lampShop.id, mugShop.id], coupon_codes: { [lampShop.id]: lampVoucher.code, [mugShop.id]: mugVoucher.code } });
    expect(tally(answers)).toEqual({ 200: 5, 422: group.length - 5 });
    const refused = answers.find((answer) => answer.statusCode === 422)!.json();
    expect(refused.errors).toEqual({ [`coupon_codes.${lampShop.id}`]: ['This voucher has reached its usage limit'] });
    for (const [voucher, shopId, discount] of [
      [lampVoucher, lampShop.id, 5_00],
      [mugVoucher, mugShop.id, 2_00],
    ] as const) {
      const discounted = await db.select().from(orders).where(eq(orders.voucherId, voucher.id));
      expect(discounted.map((order) => [order.shopId, order.couponDiscount])).toEqual(Array.from({ length: 5 }, () => [shopId, discount]));
      const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      expect(row!.usedCount).toBe(5);
    }
  });
});

describe('20 parallel requests with one Idempotency-Key', () => {
  it('place one order and all get its answer', { timeout: 60_000 }, async () => {
    const { db } = ctx.database;
    const [shopper] = await addShoppers(db, 1);
    const shop = await addShop(db);
    const [product] = await addProducts(db, [{ name: 'Retry Race Item', shopId: shop.id, stock: 50 }]);
    await fillCarts(db, [shopper!], [{ productId: product!, quantity: 2 }]);
    const key = randomUUID();
    const body = { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'cash' };

    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrderCall(ctx.app, shopper!.authorization, body, key)));
    expect(tally(answers)).toEqual({ 200: 20 });
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await ordersWithProduct(product!)).toBe(1);
    expect(await stockOf(db, product!)).toEqual({ stock: 48, total_sold: 2 });
    expect(await db.select().from(payments).where(eq(payments.userId, shopper!.userId))).toHaveLength(1);
  });
});

describe('shoppers whose carts hold the same products in opposite order', () => {
  it('all get their orders, none a server error from a deadlock', { timeout: 60_000 }, async () => {
    const { db } = ctx.database;
    const group = shoppers.slice(0, 40 > SHOPPERS ? SHOPPERS : 40);
    const shop = await addShop(db);
    const [first, second] = await addProducts(db, [
      { name: 'Lock Order A', shopId: shop.id, stock: 1000 },
      { name: 'Lock Order B', shopId: shop.id, stock: 1000 },
    ]);
    await emptyCarts(db, group);
    const half = group.length / 2;
    // Cart line ids follow insertion: half the carts list A first, the other half B first.
    for (const [index, shopper] of group.entries()) {
      const lines = [
        { productId: first!, quantity: 1 },
        { productId: second!, quantity: 1 },
      ];
      await fillCarts(db, [shopper], index < half ? lines : lines.reverse());
    }
    const answers = await placeAll(group, { shop_ids: [shop.id] });
    expect(tally(answers)).toEqual({ 200: group.length });
    expect(await stockOf(db, first!)).toEqual({ stock: 1000 - group.length, total_sold: group.length });
    expect(await stockOf(db, second!)).toEqual({ stock: 1000 - group.length, total_sold: group.length });
  });
});
