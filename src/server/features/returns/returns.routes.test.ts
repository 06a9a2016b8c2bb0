import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_DELIVERED_MESSAGE, NOTHING_PAID_MESSAGE, REFUND_OVER_PAID_MESSAGE, RETURN_WINDOW_CLOSED_MESSAGE, TOO_MANY_RETURNED_MESSAGE } from '../../../shared/returns.contract.ts';
import { consoleNotifications, orders, stockMovements, users } from '../../db/schema.ts';
import { variantsOf } from '../../test/catalog-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { drawnPicture, multipartBody } from '../../test/multipart-fixtures.ts';
import { addShoppers, addStoredOrders } from '../../test/order-fixtures.ts';
import { deliveredOrder, mailsTo } from '../../test/return-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: { authorization: string };
let shopOwner: { authorization: string };
const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  owner = await signInConsoleMember(ctx.app, 'owner');
  shopOwner = await signInConsoleMember(ctx.app, 'shop_owner');
});
afterAll(() => ctx.close());

const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { authorization, ...headers }, ...(payload && { payload }) });

const askReturn = (authorization: string, orderId: number, lines: Array<{ order_item_id: number; quantity: number }>, reason = 'It is too small') =>
  call(authorization, 'POST', `/api/orders/${orderId}/returns`, { lines, reason });

const emailOf = async (userId: number) => (await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email!;

const refund = (authorization: string, orderId: number, body: object, key = randomUUID()) =>
  call(authorization, 'POST', `/api/console/orders/${orderId}/refunds`, body, { 'idempotency-key': key });

describe('a shopper asking for a return', () => {
  it('returns some units of a delivered order within the window; the staff are told and the shopper mailed', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 3 });
    const asked = await askReturn(delivered.shopper.authorization, delivered.id, [{ order_item_id: delivered.line.id, quantity: 2 }]);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().message).toBe('Return requested successfully');
    const created = asked.json().data.return;
    expect(created).toMatchObject({ status: 'requested', reason: 'It is too small', photos: [], lines: [{ order_item_id: delivered.line.id, quantity: 2, restocked: null }] });

    const state = (await call(delivered.shopper.authorization, 'GET', `/api/orders/${delivered.id}/returns`)).json().data;
    expect(state).toMatchObject({ can_request: true, lines: [{ order_item_id: delivered.line.id, returnable_quantity: 1 }], returns: [{ id: created.id }], refunds: [] });
    expect(state.window_ends_at).toBe(new Date(clock.now().getTime() + 14 * DAY_MS).toISOString());

    const told = await ctx.database.db.select().from(consoleNotifications).where(and(eq(consoleNotifications.kind, 'return_requested'), eq(consoleNotifications.entityId, created.id)));
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(told[0]!.data).toEqual({ order_number: delivered.orderNumber, shop: expect.any(String) });

    const email = await emailOf(delivered.shopper.userId);
    await expect.poll(() => mailsTo(ctx.config.dataDir, email).map((mail) => mail.subject)).toContain(`Return requested for order #${delivered.orderNumber}`);
  });

  it('writes the mails in the language the shopper asked in', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 1 });
    const asked = await call(delivered.shopper.authorization, 'POST', `/api/orders/${delivered.id}/returns`, { lines: [{ order_item_id: delivered.line.id, quantity: 1 }], reason: 'Broken' }, { 'accept-language': 'ar' });
    expect(asked.statusCode, asked.body).toBe(201);
    const email = await emailOf(delivered.shopper.userId);
    await expect.poll(() => mailsTo(ctx.config.dataDir, email).map((mail) => mail.subject)).toContain(`طلب إرجاع للطلب #${delivered.orderNumber}`);
  });

  it('takes pictures sent as a multipart form', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 1 });
    const form = await multipartBody({ lines: JSON.stringify([{ order_item_id: delivered.line.id, quantity: 1 }]), reason: 'Scratched' }, [
      { field: 'photos', name: 'scratch.png', type: 'image/png', data: await drawnPicture('png') },
    ]);
    const asked = await ctx.app.inject({ method: 'POST', url: `/api/orders/${delivered.id}/returns`, headers: { authorization: delivered.shopper.authorization, ...form.headers }, payload: form.payload });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().data.return.photos).toEqual([expect.stringMatching(/^\/media\/uploads\/returns\/[0-9a-f]{32}\.webp$/)]);
  });

  it('is refused once the return window has closed, until the store widens it', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 1, deliveredAt: new Date(clock.now().getTime() - 15 * DAY_MS) });
    const lines = [{ order_item_id: delivered.line.id, quantity: 1 }];
    const late = await askReturn(delivered.shopper.authorization, delivered.id, lines);
    expect([late.statusCode, late.json().message]).toEqual([422, RETURN_WINDOW_CLOSED_MESSAGE]);
    expect((await call(delivered.shopper.authorization, 'GET', `/api/orders/${delivered.id}/returns`)).json().data.can_request).toBe(false);

    const widened = await call(owner.authorization, 'PATCH', '/api/admin/settings', { return_window_days: 30 });
    expect(widened.statusCode, widened.body).toBe(200);
    try {
      expect((await askReturn(delivered.shopper.authorization, delivered.id, lines)).statusCode).toBe(201);
    } finally {
      await call(owner.authorization, 'PATCH', '/api/admin/settings', { return_window_days: 14 });
    }
  });

  it('refuses a return window the store cannot have', async () => {
    const refused = await call(owner.authorization, 'PATCH', '/api/admin/settings', { return_window_days: -1 });
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { return_window_days: ['The return window days must be at least 0.'] }]);
  });

  it('never returns more than was bought less what other returns ask back; a declined return frees its units', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 3 });
    const { authorization } = delivered.shopper;
    const tooMany = await askReturn(authorization, delivered.id, [{ order_item_id: delivered.line.id, quantity: 4 }]);
    expect([tooMany.statusCode, tooMany.json().errors]).toEqual([422, { lines: [TOO_MANY_RETURNED_MESSAGE] }]);

    const first = (await askReturn(authorization, delivered.id, [{ order_item_id: delivered.line.id, quantity: 2 }])).json().data.return;
    const more = await askReturn(authorization, delivered.id, [{ order_item_id: delivered.line.id, quantity: 2 }]);
    expect([more.statusCode, more.json().message]).toEqual([422, TOO_MANY_RETURNED_MESSAGE]);

    expect((await call(owner.authorization, 'POST', `/api/console/returns/${first.id}/reject`, { reason: 'Worn' })).statusCode).toBe(200);
    expect((await askReturn(authorization, delivered.id, [{ order_item_id: delivered.line.id, quantity: 3 }])).statusCode).toBe(201);
  });

  it("refuses an order that is not delivered, a line of another order, and finds no other shopper's order", async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 1 });
    const [stranger] = await addShoppers(ctx.database.db, 1);
    const lines = [{ order_item_id: delivered.line.id, quantity: 1 }];
    const foreign = await askReturn(stranger!.authorization, delivered.id, lines);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Order not found']);
    expect((await call(stranger!.authorization, 'GET', `/api/orders/${delivered.id}/returns`)).statusCode).toBe(404);

    const [pending] = await addStoredOrders(ctx.database.db, [{ shopId: await sellerShopId(ctx.app), userId: stranger!.userId }]);
    const early = await askReturn(stranger!.authorization, pending!.id, lines);
    expect([early.statusCode, early.json().message]).toEqual([422, NOT_DELIVERED_MESSAGE]);

    await ctx.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, pending!.id));
    const wrongLine = await askReturn(stranger!.authorization, pending!.id, lines);
    expect(wrongLine.statusCode).toBe(422);

    const blank = await askReturn(delivered.shopper.authorization, delivered.id, [], '');
    expect([blank.statusCode, blank.json().errors]).toEqual([422, { lines: ['Choose at least one item.'], reason: ['The reason field is required.'] }]);
  });
});

describe('the console working a return', () => {
  it('approves with instructions, marks it received (restocking a line) and refunds it; the shopper follows every step', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 3 });
    const email = await emailOf(delivered.shopper.userId);
    const created = (await askReturn(delivered.shopper.authorization, delivered.id, [{ order_item_id: delivered.line.id, quantity: 2 }])).json().data.return;
    const url = `/api/console/returns/${created.id}`;

    const early = await call(shopOwner.authorization, 'POST', `${url}/receive`, { lines: [{ order_item_id: delivered.line.id, restock: true }] });
    expect([early.statusCode, early.json().message]).toEqual([422, 'Only an approved return can be marked received.']);

    const approved = await call(shopOwner.authorization, 'POST', `${url}/approve`, { instructions: 'Post it to 1 Depot Road.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.return).toMatchObject({ status: 'approved', instructions: 'Post it to 1 Depot Road.' });
    const rejectLate = await call(owner.authorization, 'POST', `${url}/reject`, { reason: 'Too late' });
    expect([rejectLate.statusCode, rejectLate.json().message]).toEqual([422, 'Only a requested return can be rejected.']);
    const refundEarly = await refund(owner.authorization, delivered.id, { return_id: created.id, reason: 'Returned' });
    expect([refundEarly.statusCode, refundEarly.json().message]).toEqual([422, 'Only a received return can be refunded.']);

    const variant = (await variantsOf(ctx.database.db, delivered.productId))[0]!;
    const received = await call(shopOwner.authorization, 'POST', `${url}/receive`, { lines: [{ order_item_id: delivered.line.id, restock: true }] });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.return).toMatchObject({ status: 'received', lines: [{ restocked: true }], received_at: clock.now().toISOString() });
    const ledger = await ctx.database.db.select().from(stockMovements).where(and(eq(stockMovements.variantId, variant.id), eq(stockMovements.reason, 'refund')));
    expect(ledger).toMatchObject([{ change: 2, reference: String(delivered.id) }]);
    expect((await variantsOf(ctx.database.db, delivered.productId))[0]!.stock).toBe(variant.stock + 2);

    const refunded = await refund(shopOwner.authorization, delivered.id, { return_id: created.id, reason: 'Returned in good order' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const unit = delivered.line.lineTotal / 3 / 100;
    expect(refunded.json().data.refund).toMatchObject({ return_id: created.id, amount: 2 * unit, method: 'cash', status: 'succeeded', lines: [{ order_item_id: delivered.line.id, quantity: 2 }] });
    expect(refunded.json().data.refunds).toMatchObject({ refunded: 2 * unit, payment_status: 'partially_refunded' });

    const shopper = (await call(delivered.shopper.authorization, 'GET', `/api/orders/${delivered.id}/returns`)).json().data;
    expect(shopper).toMatchObject({ returns: [{ status: 'refunded' }], refunds: [{ amount: 2 * unit, status: 'succeeded' }], refunded_amount: 2 * unit });
    expect((await call(delivered.shopper.authorization, 'GET', `/api/orders/${delivered.id}`)).json().data.order.payment_status).toBe('partially_refunded');
    await expect
      .poll(() => mailsTo(ctx.config.dataDir, email).map((mail) => mail.subject))
      .toEqual(expect.arrayContaining([`Return approved for order #${delivered.orderNumber}`, `Return received for order #${delivered.orderNumber}`, `Refund for order #${delivered.orderNumber}`]));
    expect(mailsTo(ctx.config.dataDir, email).find((mail) => mail.subject.startsWith('Return approved'))!.text).toContain('Post it to 1 Depot Road.');
    // Open storefronts heard of each step as it was taken; the refused ones told them nothing.
    const told = (await ctx.app.events.eventsAfter(delivered.shopper.userId, '0-0')).filter((event) => event.type === 'order.return_changed');
    expect(told.map((event) => event.data)).toEqual(
      ['approved', 'received', 'refunded'].map((status) => ({ order_id: delivered.id, order_number: delivered.orderNumber, status })),
    );
  });

  it("lists returns by status, and another shop's people find none of them", async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 1 });
    const created = (await askReturn(delivered.shopper.authorization, delivered.id, [{ order_item_id: delivered.line.id, quantity: 1 }])).json().data.return;
    const requested = (await call(shopOwner.authorization, 'GET', '/api/console/returns?status=requested&limit=100')).json().data.returns;
    expect(requested.find((row: { id: number }) => row.id === created.id)).toMatchObject({ status: 'requested', order: { id: delivered.id, order_number: delivered.orderNumber }, quantity: 1 });
    const approvedOnly = (await call(owner.authorization, 'GET', '/api/console/returns?status=approved&limit=100')).json().data.returns;
    expect(approvedOnly.every((row: { status: string }) => row.status === 'approved')).toBe(true);

    const other = await addShopWithOwner(ctx.app);
    const otherOwner = other.owner.authorization;
    const listed = (await call(otherOwner, 'GET', '/api/console/returns')).json().data;
    expect(listed).toEqual({ returns: [], next_cursor: null });
    for (const [method, url, body] of [
      ['GET', `/api/console/returns/${created.id}`, undefined],
      ['POST', `/api/console/returns/${created.id}/approve`, { instructions: 'Send it' }],
      ['GET', `/api/console/orders/${delivered.id}/refunds`, undefined],
    ] as const) {
      const answer = await call(otherOwner, method, url, body);
      expect(answer.statusCode, url).toBe(404);
    }
    const refundElsewhere = await refund(otherOwner, delivered.id, { amount: 1, reason: 'Goodwill' });
    expect([refundElsewhere.statusCode, refundElsewhere.json().message]).toEqual([404, 'Order not found']);
  });
});

describe('refunds', () => {
  it('refunds an amount as goodwill, lines by quantity, never more than was paid in all', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 3 });
    const paid = delivered.order.payableAmount / 100;
    const goodwill = await refund(owner.authorization, delivered.id, { amount: 1.5, reason: 'Late delivery' });
    expect(goodwill.statusCode, goodwill.body).toBe(201);
    expect(goodwill.json().data.refund).toMatchObject({ amount: 1.5, return_id: null, lines: [] });

    const over = await refund(owner.authorization, delivered.id, { amount: paid, reason: 'Everything' });
    expect([over.statusCode, over.json().errors]).toEqual([422, { amount: [REFUND_OVER_PAID_MESSAGE] }]);
    const tooManyUnits = await refund(owner.authorization, delivered.id, { lines: [{ order_item_id: delivered.line.id, quantity: 4 }], reason: 'Units' });
    expect([tooManyUnits.statusCode, tooManyUnits.json().errors]).toEqual([422, { lines: ['You cannot refund more of an item than was bought.'] }]);
    const both = await refund(owner.authorization, delivered.id, { amount: 1, lines: [{ order_item_id: delivered.line.id, quantity: 1 }], reason: 'Both' });
    expect([both.statusCode, both.json().errors]).toEqual([422, { amount: ['Give an amount or items, not both.'] }]);

    const byLine = await refund(owner.authorization, delivered.id, { lines: [{ order_item_id: delivered.line.id, quantity: 1 }], reason: 'One arrived broken' });
    expect(byLine.statusCode, byLine.body).toBe(201);
    const rest = byLine.json().data.refunds.refundable;
    expect(rest).toBeCloseTo(paid - 1.5 - delivered.line.lineTotal / 300, 2);
    const last = await refund(owner.authorization, delivered.id, { amount: rest, reason: 'The rest' });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().data.refunds).toMatchObject({ refunded: paid, refundable: 0, payment_status: 'refunded' });
    const again = await refund(owner.authorization, delivered.id, { amount: 0.01, reason: 'More' });
    expect([again.statusCode, again.json().message]).toEqual([422, REFUND_OVER_PAID_MESSAGE]);
  });

  it('answers a retried refund with the same key with the refund it made, and refuses the key for another request', async () => {
    const delivered = await deliveredOrder(ctx.app, { quantity: 1 });
    const key = randomUUID();
    const first = await refund(owner.authorization, delivered.id, { amount: 2, reason: 'Goodwill' }, key);
    const retried = await refund(owner.authorization, delivered.id, { amount: 2, reason: 'Goodwill' }, key);
    expect([first.statusCode, retried.statusCode]).toEqual([201, 201]);
    expect(retried.json().data.refund.id).toBe(first.json().data.refund.id);
    expect(retried.json().data.refunds.refunds).toHaveLength(1);
    const reused = await refund(owner.authorization, delivered.id, { amount: 3, reason: 'Goodwill' }, key);
    expect([reused.statusCode, reused.json().message]).toEqual([409, 'This Idempotency-Key was used with a different request.']);
    const keyless = await call(owner.authorization, 'POST', `/api/console/orders/${delivered.id}/refunds`, { amount: 1, reason: 'No key' });
    expect([keyless.statusCode, keyless.json().errors]).toEqual([422, { 'Idempotency-Key': ['The Idempotency-Key header is required.'] }]);
  });

  it('refuses a refund of an order nothing was paid for', async () => {
    const [unpaid] = await addStoredOrders(ctx.database.db, [{ shopId: await sellerShopId(ctx.app), status: 'on_the_way' }]);
    const answer = await refund(owner.authorization, unpaid!.id, { amount: 1, reason: 'Goodwill' });
    expect([answer.statusCode, answer.json().message]).toEqual([422, NOTHING_PAID_MESSAGE]);
  });
});
