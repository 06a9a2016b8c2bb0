import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orderItems, shopLedgerEntries, shops } from '../../db/schema.ts';
import { catalogAnchors } from '../../test/catalog-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { addShoppers } from '../../test/order-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateStoreSettings } from '../settings/settings.service.ts';
import { releaseClosedWindows } from './shop-ledger.ts';

let ctx: TestContext;
let owner: { authorization: string };
const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  owner = await signInConsoleMember(ctx.app, 'owner');
});
afterAll(() => ctx.close());

const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { authorization, ...headers }, ...(payload && { payload }) });

const earnings = async (authorization: string, query = '') => {
  const answer = await call(authorization, 'GET', `/api/console/earnings${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

/** A new shopper's cash order of `quantity` units at 10.00 from the shop. */
async function orderFrom(shopId: number, quantity: number) {
  const [shopper] = await addShoppers(ctx.database.db, 1);
  return placeCashOrder(ctx.app, shopper!.authorization, { shopId, quantity });
}

/** Walks the order to delivered through the console, as the store does. */
async function deliver(orderId: number) {
  for (const status of ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered']) {
    const moved = await call(owner.authorization, 'POST', `/api/console/orders/${orderId}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

const commissionOf = async (orderId: number) =>
  (await ctx.database.db.select({ rate: orderItems.commissionRate, commission: orderItems.commission }).from(orderItems).where(eq(orderItems.orderId, orderId)))[0];

describe('commission', () => {
  it("takes the shop's rate over its category's over the store's, fixed on the line when the order is placed", async () => {
    const { db } = ctx.database;
    const { shop } = await addShopWithOwner(ctx.app);
    const { category_id: categoryId } = await catalogAnchors(db);

    const byStore = await orderFrom(shop.id, 2);
    expect(await commissionOf(byStore.id)).toEqual({ rate: 1000, commission: 2_00 });

    await db.update(categories).set({ commissionRate: 1500 }).where(eq(categories.id, categoryId));
    try {
      const byCategory = await orderFrom(shop.id, 2);
      expect(await commissionOf(byCategory.id)).toEqual({ rate: 1500, commission: 3_00 });

      await db.update(shops).set({ commissionRate: 750 }).where(eq(shops.id, shop.id));
      const byShop = await orderFrom(shop.id, 3);
      expect(await commissionOf(byShop.id)).toEqual({ rate: 750, commission: 2_25 });

      // A later change of rate never rewrites orders already placed.
      await updateStoreSettings(db, { commission_rate: 2000 });
      expect(await commissionOf(byStore.id)).toEqual({ rate: 1000, commission: 2_00 });
    } finally {
      await db.update(categories).set({ commissionRate: null }).where(eq(categories.id, categoryId));
      await updateStoreSettings(db, { commission_rate: 1000 });
    }
  });
});

describe("a shop's ledger", () => {
  it('credits a delivered order pending until its return window closes, then available; a refund takes its share from the pending or the available', async () => {
    const { shop, owner: seller } = await addShopWithOwner(ctx.app);
    const order = await orderFrom(shop.id, 2);
    expect(await earnings(seller.authorization)).toEqual({ shop_id: shop.id, shop_name: shop.name, balance: { available: 0, pending: 0 }, entries: [], next_cursor: null });

    await deliver(order.id);
    const delivered = await earnings(seller.authorization);
    // 20.00 of lines less 10% commission; no delivery charge, no voucher.
    expect(delivered.balance).toEqual({ available: 0, pending: 18 });
    expect(delivered.entries).toEqual([
      {
        id: expect.any(Number),
        kind: 'order_earning',
        amount: 18,
        status: 'pending',
        available_at: new Date(clock.now().getTime() + 14 * DAY_MS).toISOString(),
        created_at: clock.now().toISOString(),
        order: { id: order.id, order_number: order.orderNumber },
        refund_id: null,
        withdrawal_id: null,
      },
    ]);

    // Half of what was paid comes back while the window is open: half of the shop's share leaves its pending earnings.
    const refunded = await call(owner.authorization, 'POST', `/api/console/orders/${order.id}/refunds`, { lines: [{ order_item_id: (await lineOf(order.id)).id, quantity: 1 }], reason: 'Broken' }, { 'idempotency-key': randomUUID() });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const afterRefund = await earnings(seller.authorization);
    expect(afterRefund.balance).toEqual({ available: 0, pending: 9 });
    expect(afterRefund.entries[0]).toMatchObject({ kind: 'refund', amount: -9, status: 'pending', refund_id: refunded.json().data.refund.id });

    // Not yet: the window is open for another day.
    expect(await releaseClosedWindows(ctx.database.db, new Date(clock.now().getTime() + 13 * DAY_MS))).toBe(0);
    expect(await releaseClosedWindows(ctx.database.db, new Date(clock.now().getTime() + 14 * DAY_MS))).toBe(2);
    expect((await earnings(seller.authorization)).balance).toEqual({ available: 9, pending: 0 });

    // A goodwill refund after the earnings became available takes from the available balance.
    const goodwill = await call(owner.authorization, 'POST', `/api/console/orders/${order.id}/refunds`, { amount: 5, reason: 'Late' }, { 'idempotency-key': randomUUID() });
    expect(goodwill.statusCode, goodwill.body).toBe(201);
    const last = await earnings(seller.authorization);
    expect(last.balance).toEqual({ available: 4.5, pending: 0 });
    expect(last.entries.map((entry: { kind: string; amount: number; status: string }) => [entry.kind, entry.amount, entry.status])).toEqual([
      ['refund', -4.5, 'available'],
      ['refund', -9, 'available'],
      ['order_earning', 18, 'available'],
    ]);
  });

  it('leaves nothing for an order cancelled before delivery', async () => {
    const { shop, owner: seller } = await addShopWithOwner(ctx.app);
    const order = await orderFrom(shop.id, 1);
    const cancelled = await call(owner.authorization, 'POST', `/api/console/orders/${order.id}/cancel`, { reason: 'Out of stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await earnings(seller.authorization)).toMatchObject({ balance: { available: 0, pending: 0 }, entries: [] });
  });

  it("shows a seller their own shop's only; the store's staff name the shop; others are refused", async () => {
    const { shop, owner: seller } = await addShopWithOwner(ctx.app);
    const other = await addShopWithOwner(ctx.app);
    await deliver((await orderFrom(other.shop.id, 1)).id);

    expect((await earnings(seller.authorization, `?shop_id=${other.shop.id}`)).shop_id).toBe(shop.id);
    expect((await earnings(owner.authorization, `?shop_id=${other.shop.id}`)).balance).toEqual({ available: 0, pending: 9 });
    const unnamed = await call(owner.authorization, 'GET', '/api/console/earnings');
    expect([unnamed.statusCode, unnamed.json().errors]).toEqual([422, { shop_id: ['The shop id field is required.'] }]);
    const unknown = await call(owner.authorization, 'GET', '/api/console/earnings?shop_id=99999999');
    expect([unknown.statusCode, unknown.json().errors]).toEqual([422, { shop_id: ['The selected shop id is invalid.'] }]);

    const staff = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['orders.read'] });
    expect((await call(staff.authorization, 'GET', '/api/console/earnings')).statusCode).toBe(403);
    const agent = await signInConsoleMember(ctx.app, 'support_agent');
    expect((await call(agent.authorization, 'GET', `/api/console/earnings?shop_id=${shop.id}`)).statusCode).toBe(403);
  });
});

describe("the store's overview of the shops' earnings", () => {
  type Row = { shop: { id: number; name: string }; commission: number; pending: number; available: number };
  /** Every page of the overview, two shops at a time. */
  async function overview() {
    const rows: Row[] = [];
    let cursor = '';
    for (;;) {
      const answer = await call(owner.authorization, 'GET', `/api/console/earnings/shops?limit=2${cursor && `&cursor=${cursor}`}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const { data } = answer.json();
      rows.push(...data.shops);
      if (!data.next_cursor) return { rows, totals: data.totals };
      cursor = data.next_cursor;
    }
  }

  it("answers each shop's commission on delivered orders, pending and available balances, and totals equal to the orders' and ledger's sums", async () => {
    const { db } = ctx.database;
    const first = await addShopWithOwner(ctx.app);
    const second = await addShopWithOwner(ctx.app);
    const idle = await addShopWithOwner(ctx.app);
    await orderFrom(idle.shop.id, 1); // placed, never delivered: no earnings, not listed
    const released = await orderFrom(first.shop.id, 2);
    await deliver(released.id);
    await releaseClosedWindows(db, new Date(clock.now().getTime() + 14 * DAY_MS));
    await deliver((await orderFrom(first.shop.id, 1)).id);
    const refunded = await orderFrom(second.shop.id, 3);
    await deliver(refunded.id);
    const refund = await call(owner.authorization, 'POST', `/api/console/orders/${refunded.id}/refunds`, { amount: 10, reason: 'Broken' }, { 'idempotency-key': randomUUID() });
    expect(refund.statusCode, refund.body).toBe(201);

    const { rows, totals } = await overview();
    const byShop = new Map(rows.map((row) => [row.shop.id, row]));
    // 20.00 + 10.00 at 10%: 3.00 of commission; 18.00 available, 9.00 pending.
    expect(byShop.get(first.shop.id)).toEqual({ shop: { id: first.shop.id, name: first.shop.name }, commission: 3, pending: 9, available: 18 });
    // 30.00 at 10%, a third refunded: 27.00 less 9.00 pending; the commission on the delivered order stays.
    expect(byShop.get(second.shop.id)).toEqual({ shop: { id: second.shop.id, name: second.shop.name }, commission: 3, pending: 18, available: 0 });
    expect(byShop.has(idle.shop.id)).toBe(false);
    expect(rows.map((row) => row.shop.name)).toEqual(rows.map((row) => row.shop.name).toSorted());

    const [ledger] = await db
      .select({
        pending: sql<number>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.status} = 'pending'), 0)`.mapWith(Number),
        available: sql<number>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.status} = 'available'), 0)`.mapWith(Number),
      })
      .from(shopLedgerEntries);
    const [commission] = await db
      .select({ total: sql<number>`coalesce(sum(${orderItems.commission}), 0)`.mapWith(Number) })
      .from(orderItems)
      .where(sql`${orderItems.orderId} in (select ${shopLedgerEntries.orderId} from ${shopLedgerEntries} where ${shopLedgerEntries.kind} = 'order_earning')`);
    expect(totals).toEqual({ commission: commission!.total / 100, pending: ledger!.pending / 100, available: ledger!.available / 100 });
    const sumOf = (key: 'commission' | 'pending' | 'available') => Math.round(rows.reduce((sum, row) => sum + row[key] * 100, 0)) / 100;
    expect(totals).toEqual({ commission: sumOf('commission'), pending: sumOf('pending'), available: sumOf('available') });
  });

  it("is the store's: a shop's owner is refused", async () => {
    const { owner: seller } = await addShopWithOwner(ctx.app);
    expect((await call(seller.authorization, 'GET', '/api/console/earnings/shops')).statusCode).toBe(403);
  });
});

describe("a shop's statement as CSV", () => {
  const statement = (authorization: string, query: string) => call(authorization, 'GET', `/api/console/earnings/statement.csv?${query}`);

  it("lists the period's entries on the store's clock between the opening and closing balances, its texts made safe for a spreadsheet", async () => {
    const { db } = ctx.database;
    const { shop, owner: seller } = await addShopWithOwner(ctx.app);
    await db.update(shops).set({ name: '=Fern, "Clay"' }).where(eq(shops.id, shop.id));
    await updateStoreSettings(db, { time_zone: 'Asia/Tehran' });
    const startedAt = clock.now();
    try {
      // 09:00 UTC is 12:30 on 4 May in Tehran; 21:00 UTC is already 00:30 on 5 May there.
      const first = await orderFrom(shop.id, 2);
      await deliver(first.id);
      clock.advance({ hours: 12 });
      const second = await orderFrom(shop.id, 1);
      await deliver(second.id);

      const fifth = await statement(seller.authorization, 'from=2026-05-05&to=2026-05-05');
      expect(fifth.statusCode, fifth.body).toBe(200);
      expect(fifth.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(fifth.headers['content-disposition']).toBe(`attachment; filename="statement-${shop.id}-2026-05-05-2026-05-05.csv"`);
      expect(fifth.body).toBe(
        [
          `Shop,"'=Fern, ""Clay"""`,
          'Period,2026-05-05,2026-05-05',
          'Time zone,Asia/Tehran',
          'Date,Entry,Order,Amount,Status',
          '2026-05-05,Opening balance,,18,',
          `2026-05-05,Order earning,${second.orderNumber},9,Pending until 2026-05-19`,
          '2026-05-05,Closing balance,,27,',
          '',
        ].join('\r\n'),
      );
      const fourth = await statement(owner.authorization, `shop_id=${shop.id}&from=2026-05-01&to=2026-05-04`);
      expect(fourth.body.split('\r\n').slice(4, -1)).toEqual(['2026-05-01,Opening balance,,0,', `2026-05-04,Order earning,${first.orderNumber},18,Pending until 2026-05-18`, '2026-05-04,Closing balance,,18,']);
      const arabic = await call(seller.authorization, 'GET', '/api/console/earnings/statement.csv?from=2026-05-05&to=2026-05-05', undefined, { 'accept-language': 'ar' });
      expect(arabic.body.split('\r\n')[4]).toBe('2026-05-05,الرصيد الافتتاحي,,18,');
    } finally {
      await updateStoreSettings(db, { time_zone: 'UTC' });
      clock.advance({ seconds: (startedAt.getTime() - clock.now().getTime()) / 1000 });
    }
  });

  it("refuses a seller another shop's statement, and a period that ends before it starts", async () => {
    const { owner: seller } = await addShopWithOwner(ctx.app);
    const other = await addShopWithOwner(ctx.app);
    const foreign = await statement(seller.authorization, `shop_id=${other.shop.id}&from=2026-05-01&to=2026-05-31`);
    expect([foreign.statusCode, foreign.json().errors]).toEqual([422, { shop_id: ['The selected shop id is invalid.'] }]);
    const backwards = await statement(seller.authorization, 'from=2026-05-31&to=2026-05-01');
    expect([backwards.statusCode, backwards.json().errors]).toEqual([422, { to: ['The to must be a date after or equal to from.'] }]);
    const unnamed = await statement(owner.authorization, 'from=2026-05-01');
    expect([unnamed.statusCode, unnamed.json().errors]).toEqual([422, { to: ['The to field is required.'] }]);
  });
});

const lineOf = async (orderId: number) => (await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;
