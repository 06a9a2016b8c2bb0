import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { adminQuery } from '../../test/test-database.ts';
import { addShoppers, fillCarts, placeOrderCall, type Shopper } from '../../test/order-fixtures.ts';

/**
 * Every connection of the store to PostgreSQL cut while shoppers place orders, as a restart, a
 * failover or a terminated backend does: the process carries on, requests caught mid-way answer
 * 503 and go through when retried with their Idempotency-Key, and the database holds exactly the
 * orders shoppers were told about. Then the database refuses connections for a while: the store
 * says so (503, health too) and serves again on its own once the database is back.
 *
 * PostgreSQL only (a *.postgres.test.ts file): PGlite runs inside the process and has no
 * connections to lose.
 */
const SHOPPERS = 80;
const PARALLEL = 16;
/** The storm's answered placements after which every connection is cut. */
const CUT_AFTER = [15, 45];
const MAX_ATTEMPTS = 20;
const UNAVAILABLE = { message: 'Service temporarily unavailable. Please try again.' };

let ctx: TestContext;
let databaseName: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
  databaseName = row!.name;
});
afterAll(async () => {
  await adminQuery(`alter database ${databaseName} allow_connections true`);
  await ctx.close();
});

/** Ends every session on this test's own database (never another's): the app's pool and anything else connected to it. */
const cutConnections = () => adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}'`);

interface Journey {
  shopper: Shopper;
  key: string;
  body: object;
  answer?: LightMyRequestResponse;
}

/** Waits until `check` passes, for at most `ms` milliseconds; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });

describe('connections to PostgreSQL cut during a placement storm', () => {
  it('keep the store alive and every acknowledged order whole', { timeout: 120_000 }, async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    const productIds = await addProducts(db, [
      { name: 'Storm Lamp', shopId: shop.id, price: 25_00, stock: 60 },
      { name: 'Storm Rug', shopId: shop.id, price: 80_00, stock: 30 },
    ]);
    const voucher = await addVoucher(db, shop.id, new Date(), { discountType: 'amount', discount: 2_00, totalLimit: 15 });
    const shoppers = await addShoppers(db, SHOPPERS);
    const journeys: Journey[] = [];
    for (const [index, shopper] of shoppers.entries()) {
      await fillCarts(db, [shopper], [{ productId: productIds[index % 2]!, quantity: 1 + (index % 2) }]);
      journeys.push({
        shopper,
        key: randomUUID(),
        body: { shop_ids: [shop.id], address_id: shopper.addressId, payment_method: 'cash', ...(index % 3 === 0 && { coupon_code: voucher.code }) },
      });
    }

    const unavailable: LightMyRequestResponse[] = [];
    const cuts: Array<Promise<void>> = [];
    let answered = 0;
    /** A shopper's placement, tried again with its key while the store answers 503 (the storefront keeps the key for a retry). */
    const place = async (journey: Journey) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await placeOrderCall(ctx.app, journey.shopper.authorization, journey.body, journey.key);
        if (answer.statusCode !== 503 || attempt === MAX_ATTEMPTS) return answer;
        unavailable.push(answer);
      }
    };
    const queue = [...journeys];
    const worker = async () => {
      for (let journey = queue.shift(); journey; journey = queue.shift()) {
        journey.answer = await place(journey);
        answered += 1;
        if (CUT_AFTER.includes(answered)) cuts.push(cutConnections());
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await Promise.all(cuts);

    // Requests caught by a cut were told to come back, in the envelope, and did.
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.json()).toEqual(UNAVAILABLE);
      expect(answer.headers['retry-after']).toBe('5');
    }
    const statuses = new Set(journeys.map((journey) => journey.answer!.statusCode));
    expect([...statuses].filter((status) => ![200, 409, 422].includes(status))).toEqual([]);
    expect((await health()).statusCode).toBe(200);

    // The orders in the database are exactly the acknowledged ones, with their lines.
    const acknowledged = journeys
      .filter((journey) => journey.answer!.statusCode === 200)
      .flatMap((journey) => (journey.answer!.json() as { data: { orders: Array<{ id: number }> } }).data.orders.map((order) => order.id))
      .sort((a, b) => a - b);
    const stored = await queryRows<{ id: number; lines: number }>(
      db,
      sql`select o.id, (select count(*)::int from order_items i where i.order_id = o.id) as lines
          from orders o where o.shop_id = ${shop.id} order by o.id`,
    );
    expect(stored.map((order) => order.id)).toEqual(acknowledged);
    expect(stored.every((order) => order.lines === 1)).toBe(true);

    // Stock moved by exactly what the orders hold; the voucher counts exactly the orders that used it.
    const products = await queryRows<{ id: number; stock: number; total_sold: number; ordered: number }>(
      db,
      sql`select p.id, p.stock, p.total_sold, coalesce((select sum(i.quantity)::int from order_items i where i.product_id = p.id), 0) as ordered
          from products p where p.id in (${productIds[0]!}, ${productIds[1]!}) order by p.id`,
    );
    expect(products.map(({ id, stock, total_sold }) => ({ id, shelfAndSold: stock + total_sold }))).toEqual([
      { id: productIds[0], shelfAndSold: 60 },
      { id: productIds[1], shelfAndSold: 30 },
    ]);
    expect(products.every((product) => product.total_sold === product.ordered)).toBe(true);
    const [usage] = await queryRows<{ used_count: number; orders: number; redemptions: number }>(
      db,
      sql`select v.used_count,
                 (select count(*)::int from orders o where o.voucher_id = v.id) as orders,
                 (select count(*)::int from voucher_redemptions r where r.voucher_id = v.id) as redemptions
          from vouchers v where v.id = ${voucher.id}`,
    );
    expect(usage).toEqual({ used_count: usage!.orders, orders: usage!.orders, redemptions: usage!.orders });
    expect(usage!.orders).toBeGreaterThan(0);
  });
});

describe('a database that refuses connections for a while', () => {
  it('answers 503 meanwhile and serves again within 5 s of coming back', { timeout: 60_000 }, async () => {
    const [shopper] = await addShoppers(ctx.database.db, 1);
    await adminQuery(`alter database ${databaseName} allow_connections false`);
    await cutConnections();

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: 'Service Unavailable', data: { status: 'error', database: 'down' } });
    const orders = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: { authorization: shopper!.authorization } });
    expect(orders.statusCode).toBe(503);
    expect(orders.json()).toEqual(UNAVAILABLE);
    expect(orders.headers['retry-after']).toBe('5');

    await adminQuery(`alter database ${databaseName} allow_connections true`);
    await within(5_000, async () => (await health()).statusCode === 200);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: { authorization: shopper!.authorization } });
    expect(again.statusCode).toBe(200);
  });
});
