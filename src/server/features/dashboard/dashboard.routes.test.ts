import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { orderItems } from '../../db/schema.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { addShoppers } from '../../test/order-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateStoreSettings } from '../settings/settings.service.ts';
import { rollUpDashboards } from './dashboard-rollup.ts';

let ctx: TestContext;
let owner: { authorization: string };
// 22:30 in Tehran (UTC+3:30): the store's day is not UTC's.
const clock = new ManualClock(new Date('2026-05-04T19:00:00Z'));
const ZONE = 'Asia/Tehran';

beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  owner = await signInConsoleMember(ctx.app, 'owner');
  await updateStoreSettings(ctx.database.db, { time_zone: ZONE });
});
afterAll(() => ctx.close());

const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { authorization, ...headers }, ...(payload && { payload }) });

const dashboard = async (authorization: string, query: string) => {
  const answer = await call(authorization, 'GET', `/api/console/dashboard?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

/** A small seeded generator (mulberry32): the same walk on every run. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

async function deliver(orderId: number) {
  for (const status of ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered']) {
    const moved = await call(owner.authorization, 'POST', `/api/console/orders/${orderId}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

/**
 * What the orders and the ledger say for the days of the store's clock from `from` to `to`:
 * revenue and orders of the orders placed then and not cancelled, the commission the store kept
 * (what was paid for the shop's part less the shop's earning in the ledger, for delivered orders;
 * the lines' commission for those still on their way), and the refunds made then.
 */
async function fromTheRecords(from: string, to: string, shopId: number | null) {
  const ofShop = shopId === null ? sql`` : sql`and o.shop_id = ${shopId}`;
  const [placed] = await queryRows<{ orders: number; revenue: string; commission: string }>(
    ctx.database.db,
    sql`select count(*)::int as orders, coalesce(sum(o.payable_amount), 0) as revenue,
        coalesce(sum(case when e.id is not null then o.subtotal - o.coupon_discount + o.delivery_charge - e.amount
                          else (select sum(l.commission) from order_items l where l.order_id = o.id) end), 0) as commission
      from orders o left join shop_ledger_entries e on e.order_id = o.id and e.kind = 'order_earning'
      where o.status <> 'cancelled' ${ofShop}
        and o.created_at >= (${from}::date::timestamp at time zone ${ZONE}) and o.created_at < ((${to}::date + 1)::timestamp at time zone ${ZONE})`,
  );
  const [refunded] = await queryRows<{ refunds: string }>(
    ctx.database.db,
    sql`select coalesce(sum(r.amount), 0) as refunds from refunds r join orders o on o.id = r.order_id
      where r.status <> 'failed' ${ofShop}
        and r.created_at >= (${from}::date::timestamp at time zone ${ZONE}) and r.created_at < ((${to}::date + 1)::timestamp at time zone ${ZONE})`,
  );
  return { orders: placed!.orders, revenue: Number(placed!.revenue) / 100, commission: Number(placed!.commission) / 100, refunds: Number(refunded!.refunds) / 100 };
}

const figuresOf = (answer: { figures: Record<string, { current: number }> }) => ({
  orders: answer.figures.orders!.current,
  revenue: answer.figures.revenue!.current,
  commission: answer.figures.commission!.current,
  refunds: answer.figures.refunds!.current,
});

describe('the dashboards', () => {
  it('sum what random orders placed, delivered, refunded and cancelled over days came to, as the orders and the ledger do', async () => {
    const random = randomFrom(55);
    const shopsUsed = [await addShopWithOwner(ctx.app), await addShopWithOwner(ctx.app)];
    const delivered: number[] = [];
    for (let day = 0; day < 3; day += 1) {
      for (let n = 0; n < 4; n += 1) {
        const { shop } = shopsUsed[random(2)]!;
        const [shopper] = await addShoppers(ctx.database.db, 1);
        const order = await placeCashOrder(ctx.app, shopper!.authorization, { shopId: shop.id, quantity: 1 + random(3) });
        const fate = random(4);
        if (fate === 0) {
          const cancelled = await call(owner.authorization, 'POST', `/api/console/orders/${order.id}/cancel`, { reason: 'Out of stock' });
          expect(cancelled.statusCode, cancelled.body).toBe(200);
        } else if (fate >= 2) {
          await deliver(order.id);
          delivered.push(order.id);
        }
        clock.advance({ minutes: 75 });
      }
      // A refund, of a line or of an amount, of an order delivered earlier (perhaps on another day).
      if (delivered.length > 0) {
        const refunded = delivered[random(delivered.length)]!;
        const [line] = await ctx.database.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, refunded));
        const body = random(2) === 0 ? { lines: [{ order_item_id: line!.id, quantity: 1 }], reason: 'Broken' } : { amount: 1.5, reason: 'Late' };
        const refund = await call(owner.authorization, 'POST', `/api/console/orders/${refunded}/refunds`, body, { 'idempotency-key': randomUUID() });
        expect(refund.statusCode, refund.body).toBe(201);
      }
      clock.advance({ hours: 19 });
    }
    await rollUpDashboards(ctx.database.db, clock.now());
    // Today (live, not rolled up yet): one more order, and a refund of an order of an earlier day.
    const [late] = await addShoppers(ctx.database.db, 1);
    await placeCashOrder(ctx.app, late!.authorization, { shopId: shopsUsed[0]!.shop.id, quantity: 2 });
    const refund = await call(owner.authorization, 'POST', `/api/console/orders/${delivered[0]}/refunds`, { amount: 1, reason: 'Late' }, { 'idempotency-key': randomUUID() });
    expect(refund.statusCode, refund.body).toBe(201);

    const week = await dashboard(owner.authorization, 'range=7d');
    expect([week.from, week.to, week.previous_from, week.previous_to, week.time_zone]).toEqual(['2026-05-01', '2026-05-07', '2026-04-24', '2026-04-30', ZONE]);
    expect(figuresOf(week)).toEqual(await fromTheRecords(week.from, week.to, null));
    expect(week.series.map((day: { day: string }) => day.day)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07']);
    expect(week.series.reduce((total: number, day: { orders: number }) => total + day.orders, 0)).toBe(week.figures.orders.current);
    for (const { shop, owner: seller } of shopsUsed) {
      const own = await dashboard(seller.authorization, 'range=7d');
      expect(own.shop_id).toBe(shop.id);
      expect(figuresOf(own)).toEqual(await fromTheRecords(own.from, own.to, shop.id));
      const [ledger] = await queryRows<{ available: string; pending: string }>(
        ctx.database.db,
        sql`select coalesce(sum(amount) filter (where status = 'available'), 0) as available, coalesce(sum(amount) filter (where status = 'pending'), 0) as pending from shop_ledger_entries where shop_id = ${shop.id}`,
      );
      expect(own.balance).toEqual({ available: Number(ledger!.available) / 100, pending: Number(ledger!.pending) / 100 });
      expect(own.top_shops).toEqual([]);
    }

    // Today against yesterday; yesterday's figures were rolled up, today's are read live.
    const today = await dashboard(owner.authorization, 'range=today');
    expect(figuresOf(today)).toEqual(await fromTheRecords('2026-05-07', '2026-05-07', null));
    const yesterday = await fromTheRecords('2026-05-06', '2026-05-06', null);
    expect([today.figures.orders.previous, today.figures.revenue.previous, today.figures.refunds.previous]).toEqual([yesterday.orders, yesterday.revenue, yesterday.refunds]);

    // Cancelling an order of an earlier day moves that day at the job's next run.
    const [oldOrder] = await queryRows<{ id: number }>(ctx.database.db, sql`select id from orders where status = 'pending' and shop_id = ${shopsUsed[0]!.shop.id} and created_at < ${'2026-05-06T20:30:00Z'} limit 1`);
    if (oldOrder) {
      await call(owner.authorization, 'POST', `/api/console/orders/${oldOrder.id}/cancel`, { reason: 'Out of stock' });
      clock.advance({ minutes: 2 });
      await rollUpDashboards(ctx.database.db, clock.now());
    }
    expect(figuresOf(await dashboard(owner.authorization, 'range=7d'))).toEqual(await fromTheRecords(week.from, week.to, null));
  }, 120_000);

  it('rewrites every day when the store moves to another time zone', async () => {
    await updateStoreSettings(ctx.database.db, { time_zone: 'UTC' });
    try {
      expect((await rollUpDashboards(ctx.database.db, clock.now())).length).toBeGreaterThan(1);
      const week = await dashboard(owner.authorization, 'range=30d');
      expect(week.time_zone).toBe('UTC');
    } finally {
      await updateStoreSettings(ctx.database.db, { time_zone: ZONE });
      await rollUpDashboards(ctx.database.db, clock.now());
    }
  });

  it('refuses a range that is not one, with the field to correct', async () => {
    const refused = async (query: string) => {
      const answer = await call(owner.authorization, 'GET', `/api/console/dashboard?${query}`);
      return [answer.statusCode, answer.json().errors];
    };
    expect(await refused('range=custom')).toEqual([422, { from: ['The from field is required when range is custom.'], to: ['The to field is required when range is custom.'] }]);
    expect(await refused('range=custom&from=2026-05-07&to=2026-05-01')).toEqual([422, { to: ['The to must be a date after or equal to from.'] }]);
    expect(await refused('range=custom&from=2025-01-01&to=2026-05-01')).toEqual([422, { to: ['The range must not be longer than 366 days.'] }]);
    expect(await refused('range=custom&from=2026-02-30&to=2026-03-01')).toEqual([422, { from: ['The from must be a valid date.'] }]);
    expect(await refused('range=year')).toEqual([422, { range: ['The selected range is invalid.'] }]);
    const custom = await dashboard(owner.authorization, 'range=custom&from=2026-05-01&to=2026-05-03');
    expect([custom.previous_from, custom.previous_to, custom.series.length]).toEqual(['2026-04-28', '2026-04-30', 3]);
  });

  it("shows a seller their own shop's figures only, and the store's staff the store's or one shop's", async () => {
    const { shop, owner: seller } = await addShopWithOwner(ctx.app);
    const other = await addShopWithOwner(ctx.app);
    expect((await dashboard(seller.authorization, `range=7d&shop_id=${other.shop.id}`)).shop_id).toBe(shop.id);
    const ofShop = await dashboard(owner.authorization, `range=7d&shop_id=${other.shop.id}`);
    expect([ofShop.shop_id, ofShop.work_waiting.shop_applications]).toEqual([other.shop.id, null]);
    const store = await dashboard(owner.authorization, 'range=7d');
    expect([store.shop_id, store.balance, typeof store.work_waiting.shop_applications, typeof store.work_waiting.withdrawals]).toEqual([null, null, 'number', 'number']);
    const unknown = await call(owner.authorization, 'GET', '/api/console/dashboard?shop_id=99999999');
    expect([unknown.statusCode, unknown.json().errors]).toEqual([422, { shop_id: ['The selected shop id is invalid.'] }]);
    const agent = await signInConsoleMember(ctx.app, 'support_agent');
    const ofAgent = await dashboard(agent.authorization, 'range=7d');
    expect([ofAgent.low_stock, ofAgent.work_waiting.shop_applications, typeof ofAgent.work_waiting.tickets]).toEqual([null, null, 'number']);
  });
});
