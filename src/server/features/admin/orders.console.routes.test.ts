import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleCustomerPage, ConsoleOrder, ConsoleOrderPage } from '../../../shared/orders-console.contract.ts';
import { TAB_COUNT_EXACT_BELOW } from '../../../shared/list-pages.ts';
import { auditLog, orderStatusHistory, users } from '../../db/schema.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addShopWithOwner, orderDesk } from '../../test/console-fixtures.ts';
import { addStoredOrders, type StoredOrder } from '../../test/order-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
/** An order manager of the store, and a shop of our own with its owner (so the lists hold only this file's orders). */
let manager: { authorization: string; userId: number };
let shop: { id: number; owner: string; ownerId: number };
let otherShop: { id: number; owner: string };

const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url: `/api/console${url}`, headers: { authorization }, payload });
const listOf = async (authorization: string, query: string) => {
  const response = await call(authorization, 'GET', `/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ConsoleOrderPage }>().data;
};
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ manager, shop, otherShop } = await orderDesk(ctx.app));
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

describe('GET /api/console/orders', () => {
  it('pages newest first by keyset without duplicates or gaps, orders sharing a time included', async () => {
    const times = ['2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-03T10:00:00.000Z', '2026-03-04T10:00:00.000Z', '2026-03-04T10:00:00.000Z', '2026-03-05T10:00:00.000Z'];
    const { id: shopId } = await addShopWithOwner(ctx.app).then((added) => added.shop);
    const placed = await addStoredOrders(ctx.database.db, times.map((time) => ({ shopId, createdAt: at(time) })));
    const expected = [...placed].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((order) => order.id);

    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await listOf(manager.authorization, `shop_id=${shopId}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.orders.map((order) => order.id));
      cursor = page.next_cursor;
      pages += 1;
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
  });

  it('filters by status, days, payment method and state, customer, and searches order numbers, e-mails and phones, an account’s or a guest’s', async () => {
    const customer = await createCustomer(ctx.app, { email: 'ordering.ada@example.test', phone: '4155550142' });
    const entries: StoredOrder[] = [
      { shopId: shop.id, userId: customer.user.id, status: 'pending', createdAt: at('2026-04-01T08:00:00Z') },
      { shopId: shop.id, userId: customer.user.id, status: 'delivered', paymentStatus: 'paid', createdAt: at('2026-04-02T23:59:59Z') },
      { shopId: shop.id, guestEmail: 'guest.bert@example.test', status: 'confirm', paymentMethod: 'stripe', paymentStatus: 'paid', createdAt: at('2026-04-03T00:00:00Z') },
      { shopId: shop.id, guestEmail: 'carla@example.test', status: 'cancelled', paymentStatus: 'cancelled', createdAt: at('2026-04-05T12:00:00Z') },
    ];
    const [adaPending, adaDelivered, bert, carla] = await addStoredOrders(ctx.database.db, entries);
    const ids = async (query: string) => (await listOf(manager.authorization, `shop_id=${shop.id}&${query}`)).orders.map((order) => order.id);

    expect(await ids('status=delivered')).toEqual([adaDelivered!.id]);
    expect(await ids('date_from=2026-04-02&date_to=2026-04-02')).toEqual([adaDelivered!.id]);
    expect(await ids('date_from=2026-04-02')).toEqual([carla!.id, bert!.id, adaDelivered!.id]);
    expect(await ids('payment_method=stripe')).toEqual([bert!.id]);
    expect(await ids('payment_state=paid')).toEqual([bert!.id, adaDelivered!.id]);
    expect(await ids('payment_state=unpaid')).toEqual([carla!.id, adaPending!.id]);
    expect(await ids(`customer_id=${customer.user.id}`)).toEqual([adaDelivered!.id, adaPending!.id]);
    expect(await ids(`search=${bert!.orderNumber.toLowerCase()}`)).toEqual([bert!.id]);
    expect(await ids('search=ordering.ad')).toEqual([adaDelivered!.id, adaPending!.id]);
    expect(await ids('search=GUEST.BERT@')).toEqual([bert!.id]);
    expect(await ids('search=415%20555')).toEqual([adaDelivered!.id, adaPending!.id]);
    // A guest's phone, from the checkout's address.
    expect(await ids('search=(202)%20555-01')).toEqual([carla!.id, bert!.id]);
    expect(await ids('search=100%25')).toEqual([]);

    const page = await listOf(manager.authorization, `shop_id=${shop.id}&search=ordering.ada@example.test`);
    expect(page.orders[0]).toMatchObject({
      id: adaDelivered!.id,
      status: 'delivered',
      payment_status: 'paid',
      payable_amount: 12,
      shop: { id: shop.id },
      customer: { id: customer.user.id, name: customer.user.name, email: 'ordering.ada@example.test', phone: '4155550142' },
    });
    const guest = (await listOf(manager.authorization, `shop_id=${shop.id}&search=carla`)).orders[0];
    expect(guest?.customer).toEqual({ id: null, name: 'Ada Guest', email: 'carla@example.test', phone: '2025550199' });
  });

  it('finds a customer’s orders by a phone or e-mail start that hundreds of customers share, as by one only they have', async () => {
    const { id: shopId } = (await addShopWithOwner(ctx.app)).shop;
    // 250 more customers whose numbers and e-mails start alike: past the few looked up one by one.
    await ctx.database.db.execute(sql`insert into users (name, email, phone)
      select 'Crowd ' || n, 'crowded.' || n || '@example.test', '6465550' || lpad(n::text, 3, '0') from generate_series(1, 250) as n`);
    const [crowded] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'crowded.7@example.test'));
    const [older, newer] = await addStoredOrders(ctx.database.db, [
      { shopId, userId: crowded!.id, status: 'pending', createdAt: at('2026-05-01T08:00:00Z') },
      { shopId, userId: crowded!.id, status: 'confirm', createdAt: at('2026-05-02T08:00:00Z') },
    ]);
    const ids = async (query: string) => (await listOf(manager.authorization, `shop_id=${shopId}&${query}`)).orders.map((order) => order.id);
    for (const search of ['646%20555', 'crowded.', '6465550007', 'crowded.7@']) expect(await ids(`search=${search}`), search).toEqual([newer!.id, older!.id]);
    expect((await listOf(manager.authorization, `shop_id=${shopId}&search=646555`)).counts).toMatchObject({ pending: 1, confirm: 1 });
  });

  it('counts each status under the other filters, exactly below the bound and estimated from it on', async () => {
    const { id: shopId } = (await addShopWithOwner(ctx.app)).shop;
    await addStoredOrders(ctx.database.db, [
      ...Array.from({ length: 3 }, () => ({ shopId, status: 'pending' as const })),
      ...Array.from({ length: 2 }, () => ({ shopId, status: 'processing' as const, paymentStatus: 'paid' as const })),
      { shopId, status: 'delivered', paymentStatus: 'paid' },
    ]);
    const counts = (await listOf(manager.authorization, `shop_id=${shopId}&status=processing`)).counts;
    expect(counts).toEqual({ pending: 3, confirm: 0, processing: 2, pickup: 0, on_the_way: 0, delivered: 1, cancelled: 0 });
    expect((await listOf(manager.authorization, `shop_id=${shopId}&payment_state=paid`)).counts).toMatchObject({ pending: 0, processing: 2, delivered: 1 });

    await addStoredOrders(ctx.database.db, Array.from({ length: TAB_COUNT_EXACT_BELOW }, () => ({ shopId, status: 'on_the_way' as const })));
    const many = (await listOf(manager.authorization, `shop_id=${shopId}&limit=1`)).counts;
    expect(many.on_the_way).toBeGreaterThanOrEqual(TAB_COUNT_EXACT_BELOW);
    expect(many.pending).toBe(3);
  });

  it('shows a seller’s people their own shop’s orders only, whatever shop they name', async () => {
    const [mine] = await addStoredOrders(ctx.database.db, [{ shopId: shop.id }]);
    const [theirs] = await addStoredOrders(ctx.database.db, [{ shopId: otherShop.id }]);
    const own = await listOf(shop.owner, `shop_id=${otherShop.id}&limit=100`);
    expect(own.orders.every((order) => order.shop.id === shop.id)).toBe(true);
    expect(own.orders.map((order) => order.id)).toContain(mine!.id);
    expect((await listOf(otherShop.owner, 'limit=100')).orders.map((order) => order.id)).toEqual([theirs!.id]);
    const everyShop = (await listOf(manager.authorization, 'limit=100')).orders.map((order) => order.id);
    expect(everyShop).toEqual(expect.arrayContaining([mine!.id, theirs!.id]));
  });

  it('refuses bad filters with field errors', async () => {
    const response = await call(manager.authorization, 'GET', '/orders?status=lost&date_from=01-04-2026&payment_state=maybe&shop_id=abc&limit=500&cursor=bm9wZQ');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      status: ['The selected status is invalid.'],
      date_from: ['The date from must be a date in the format YYYY-MM-DD.'],
      payment_state: ['The selected payment state is invalid.'],
      shop_id: ['The shop id must be a number.'],
      limit: ['The limit must not be greater than 100.'],
    });
    const backwards = await call(manager.authorization, 'GET', '/orders?date_from=2026-04-05&date_to=2026-04-01');
    expect(backwards.json()).toMatchObject({ errors: { date_to: ['The date to must be a date after or equal to date from.'] } });
    const cursor = await call(manager.authorization, 'GET', '/orders?cursor=bm9wZQ');
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json()).toMatchObject({ errors: { cursor: ['The cursor is invalid.'] } });
  });
});

describe('GET /api/console/orders/{id}', () => {
  it('shows the lines as sold, the customer, address, payment, note, totals and who moved it when', async () => {
    const shopper = await createCustomer(ctx.app);
    const placed = await placeCashOrder(ctx.app, shopper.authorization, { quantity: 2 });
    expect((await call(manager.authorization, 'POST', `/orders/${placed.id}/status`, { status: 'confirm' })).statusCode).toBe(200);

    const response = await call(manager.authorization, 'GET', `/orders/${placed.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { order } = response.json<{ data: { order: ConsoleOrder } }>().data;
    expect(order).toMatchObject({
      id: placed.id,
      order_number: placed.orderNumber,
      status: 'confirm',
      next_statuses: ['processing', 'cancelled'],
      payment_method: 'cash',
      customer: { id: shopper.user.id, name: shopper.user.name, email: shopper.user.email, phone: shopper.user.phone },
      address: { name: 'Test Shopper', phone: '2025550100', address_line: '1 Test Street', city: 'Springfield' },
      payment: { method: 'cash', status: 'pending', currency: expect.any(String) },
      note: null,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ product_id: placed.productId, variant_id: expect.any(Number), sku: expect.any(String), unit_price: 10, quantity: 2, line_total: 20 }),
    ]);
    expect(order.totals).toMatchObject({ subtotal: 20, coupon_discount: 0, payable_amount: order.payable_amount });
    expect(order.timeline).toEqual([
      { status: 'pending', at: expect.any(String), actor: { id: shopper.user.id, name: shopper.user.name }, reason: null },
      { status: 'confirm', at: expect.any(String), actor: { id: manager.userId, name: expect.any(String) }, reason: null },
    ]);
  });

  it('does not find another shop’s order for a seller’s people, nor an unknown one', async () => {
    const [theirs] = await addStoredOrders(ctx.database.db, [{ shopId: otherShop.id }]);
    for (const url of [`/orders/${theirs!.id}`, '/orders/999999999', '/orders/abc']) {
      const response = await call(shop.owner, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Order not found' });
    }
    expect((await call(otherShop.owner, 'GET', `/orders/${theirs!.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/console/orders/{id}/status', () => {
  it('moves the order through the transition table: history with who, audit row, live event and mail', async () => {
    const shopper = await createCustomer(ctx.app);
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: shop.id, userId: shopper.user.id }]);
    const seen: BusEvent[] = [];
    const stop = await ctx.app.events.subscribe(shopper.user.id, (event) => seen.push(event));
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    try {
      const response = await call(shop.owner, 'POST', `/orders/${order!.id}/status`, { status: 'confirm' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message: 'Order status updated successfully', data: { order: { id: order!.id, status: 'confirm', next_statuses: ['processing', 'cancelled'] } } });
      // Mail goes out through the job queue, after the answer.
      await vi.waitFor(() => expect(mail).toHaveBeenCalledWith(expect.objectContaining({ to: shopper.user.email, subject: expect.stringContaining(`Order ${order!.orderNumber} is now Confirmed`) })), { timeout: 10_000, interval: 100 });
    } finally {
      await stop();
    }
    expect(seen.map((event) => [event.type, event.data])).toEqual([['order.status_changed', { order_id: order!.id, order_number: order!.orderNumber, status: 'confirm' }]]);
    const history = await ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id)).orderBy(asc(orderStatusHistory.id));
    expect(history.map((step) => [step.status, step.actorUserId])).toEqual([
      ['pending', shopper.user.id],
      ['confirm', shop.ownerId],
    ]);
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(order!.id))));
    expect(audit).toMatchObject([{ action: 'order.change_status', actorUserId: shop.ownerId, shopId: shop.id, changes: { status: { before: 'pending', after: 'confirm' } } }]);
  });

  it('cancels (with a reason) with the actor in the history', async () => {
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: shop.id }]);
    expect((await call(manager.authorization, 'POST', `/orders/${order!.id}/cancel`, { reason: 'Out of stock' })).json()).toMatchObject({ data: { order: { status: 'cancelled', next_statuses: [] } } });
    const [, cancelled] = await ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id)).orderBy(asc(orderStatusHistory.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', actorUserId: manager.userId });
  });

  it('refuses a step the transition table does not allow, a bad status, and another shop’s order, changing nothing', async () => {
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: shop.id }]);
    const skip = await call(shop.owner, 'POST', `/orders/${order!.id}/status`, { status: 'delivered' });
    expect(skip.statusCode).toBe(422);
    expect(skip.json()).toEqual({ message: 'This status change is not allowed.', errors: { status: ['This status change is not allowed.'] } });
    const bad = await call(shop.owner, 'POST', `/orders/${order!.id}/status`, { status: 'lost' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { status: ['The selected status is invalid.'] } });
    const missing = await call(shop.owner, 'POST', `/orders/${order!.id}/status`, {});
    expect(missing.json()).toMatchObject({ errors: { status: ['The status field is required.'] } });
    const foreign = await call(otherShop.owner, 'POST', `/orders/${order!.id}/status`, { status: 'confirm' });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id))).map((step) => step.status)).toEqual(['pending']);
    expect(await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(order!.id))))).toEqual([]);
  });
});

describe('GET /api/console/customers', () => {
  it('finds customers by the start of their e-mail, phone or name, newest first, a keyset page at a time', async () => {
    const first = await createCustomer(ctx.app, { name: 'Qlookup Zelda', email: 'zelda.qlookup@example.test', phone: '7185550101' });
    const second = await createCustomer(ctx.app, { name: 'Qlookup Zeno', email: 'zeno.qlookup@example.test', phone: '7185550102' });
    const found = async (query: string) => {
      const response = await call(manager.authorization, 'GET', `/customers?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ConsoleCustomerPage }>().data;
    };
    expect((await found('search=ZELDA.Q')).customers).toEqual([{ id: first.user.id, name: 'Qlookup Zelda', email: 'zelda.qlookup@example.test', phone: '7185550101', created_at: expect.any(String), is_blocked: false }]);
    expect((await found('search=qlookup%20zen')).customers.map((customer) => customer.id)).toEqual([second.user.id]);
    expect((await found('search=718%20555%2001')).customers.map((customer) => customer.id)).toEqual([second.user.id, first.user.id]);
    const firstPage = await found('search=qlookup&limit=1');
    expect(firstPage.customers.map((customer) => customer.id)).toEqual([second.user.id]);
    const nextPage = await found(`search=qlookup&limit=1&cursor=${firstPage.next_cursor}`);
    expect(nextPage.customers.map((customer) => customer.id)).toEqual([first.user.id]);
    expect((await call(manager.authorization, 'GET', '/customers?cursor=xyz')).json()).toMatchObject({ errors: { cursor: ['The cursor is invalid.'] } });
  });
});
