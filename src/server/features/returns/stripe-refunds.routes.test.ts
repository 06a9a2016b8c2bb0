import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { orderItems, orderReturnItems, orderReturns, orders, paymentEvents, payments, refunds } from '../../db/schema.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { startFakeStripe, type FakeRefund, type FakeStripe } from '../../test/fake-stripe.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../../test/order-fixtures.ts';
import { deliver } from '../../test/return-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let stripe: FakeStripe;
let owner: { authorization: string };
beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestApp({ stripe: stripe.settings() });
  owner = await signInConsoleMember(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

/** 2 × Lamp at 15.00 (no delivery, no tax) paid at Stripe and delivered: 30.00 paid. */
async function paidStripeOrder() {
  const { db } = ctx.database;
  const shop = await addShop(db, { name: 'Lamp Shop', deliveryCharge: 0 });
  const [lamp] = await addProducts(db, [{ name: 'Lamp', shopId: shop.id, price: 15_00, stock: 10 }]);
  const [shopper] = await addShoppers(db, 1);
  await fillCarts(db, [shopper!], [{ productId: lamp!, quantity: 2 }]);
  const placed = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'stripe' });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId: number = placed.json().data.orders[0].id;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await db.select().from(payments).where(eq(payments.id, order!.paymentId));
  const session = stripe.complete(payment!.providerSessionId!);
  expect((await deliverEvent('checkout.session.completed', session)).statusCode).toBe(200);
  await deliver(db, orderId, new Date());
  return { orderId, session };
}

function deliverEvent(type: string, object: Parameters<FakeStripe['webhook']>[1], eventId?: string) {
  const delivery = stripe.webhook(type, object, { eventId });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });
}

const refund = (orderId: number, body: object, key = randomUUID()) =>
  ctx.app.inject({ method: 'POST', url: `/api/console/orders/${orderId}/refunds`, headers: { authorization: owner.authorization, 'idempotency-key': key }, payload: body });
const refundCalls = () => stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds');
const paymentStatusOf = async (orderId: number) => (await ctx.database.db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
const refundRow = async (id: number) => (await ctx.database.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;

describe('a card payment refunded through Stripe', () => {
  it('refunds part at Stripe once, whatever the retries with the same key', async () => {
    const { orderId, session } = await paidStripeOrder();
    const before = refundCalls().length;
    const key = randomUUID();
    const first = await refund(orderId, { amount: 12.5, reason: 'One lamp arrived broken' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.refund).toMatchObject({ amount: 12.5, method: 'stripe', status: 'succeeded' });
    const retried = await refund(orderId, { amount: 12.5, reason: 'One lamp arrived broken' }, key);
    expect(retried.json().data.refund.id).toBe(first.json().data.refund.id);

    const made = refundCalls().slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.form).toMatchObject({ payment_intent: session.payment_intent, amount: '1250', metadata: { refund_id: String(first.json().data.refund.id) } });
    expect(made[0]!.idempotencyKey).toBe(`refund-${first.json().data.refund.id}`);
    expect(await paymentStatusOf(orderId)).toBe('partially_refunded');
  });

  it('fails a refund Stripe refuses, which then no longer counts against what was paid', async () => {
    const { orderId, session } = await paidStripeOrder();
    await ctx.database.db.update(orders).set({ payableAmount: 40_00 }).where(eq(orders.id, orderId));
    const refused = await refund(orderId, { amount: 35, reason: 'More than Stripe holds' });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'The payment provider refused the refund.']);
    const summary = await ctx.app.inject({ method: 'GET', url: `/api/console/orders/${orderId}/refunds`, headers: { authorization: owner.authorization } });
    expect(summary.json().data).toMatchObject({ refunded: 0, refundable: 40, refunds: [{ status: 'failed' }] });
    expect(session.payment_intent).toBeTruthy();
  });

  it('settles a pending refund from its webhook, once per event id', async () => {
    const { orderId } = await paidStripeOrder();
    stripe.startRefundsAs('pending');
    let made;
    try {
      made = await refund(orderId, { amount: 30, reason: 'Not as described' });
    } finally {
      stripe.startRefundsAs('succeeded');
    }
    expect(made.json().data.refund.status).toBe('pending');
    const id: number = made.json().data.refund.id;
    const atStripe = stripe.refunds.get((await refundRow(id)).providerRefundId!)!;
    expect(await paymentStatusOf(orderId)).toBe('paid');

    const eventId = `evt_${randomUUID()}`;
    const succeeded: FakeRefund = { ...atStripe, status: 'succeeded' };
    const charge = { id: `ch_${randomUUID()}`, object: 'charge', payment_intent: atStripe.payment_intent, refunds: { object: 'list', data: [succeeded] } };
    expect((await deliverEvent('charge.refunded', charge, eventId)).statusCode).toBe(200);
    expect((await refundRow(id)).status).toBe('succeeded');
    expect(await paymentStatusOf(orderId)).toBe('refunded');

    // A redelivery of the same event changes nothing, even if the refund had moved on since.
    await ctx.database.db.update(refunds).set({ status: 'pending' }).where(eq(refunds.id, id));
    expect((await deliverEvent('charge.refunded', charge, eventId)).statusCode).toBe(200);
    expect((await refundRow(id)).status).toBe('pending');
    expect(await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId))).toHaveLength(1);

    expect((await deliverEvent('refund.updated', { ...atStripe, status: 'failed' })).statusCode).toBe(200);
    expect((await refundRow(id)).status).toBe('failed');
    expect(await paymentStatusOf(orderId)).toBe('paid');
  });

  it('tells the shopper of a pending refund once it went through; one that fails later gives its return back', async () => {
    const { db } = ctx.database;
    const { orderId } = await paidStripeOrder();
    const [order] = await db.select({ orderNumber: orders.orderNumber, shopId: orders.shopId, userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    const [line] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const refundMails = async () =>
      (await queryRows<{ id: string }>(db, sql`select id from pgboss.job where name = 'send-mail' and data->>'subject' = ${`Refund for order #${order!.orderNumber}`}`)).length;
    const pending = async (body: object) => {
      stripe.startRefundsAs('pending');
      try {
        const made = await refund(orderId, body);
        expect(made.json().data.refund.status, made.body).toBe('pending');
        return stripe.refunds.get((await refundRow(made.json().data.refund.id)).providerRefundId!)!;
      } finally {
        stripe.startRefundsAs('succeeded');
      }
    };

    const goodwill = await pending({ amount: 5, reason: 'Late delivery' });
    expect(await refundMails()).toBe(0);
    expect((await deliverEvent('refund.updated', { ...goodwill, status: 'succeeded' })).statusCode).toBe(200);
    expect(await refundMails()).toBe(1);
    // Another event saying the same changes nothing: still one mail.
    expect((await deliverEvent('refund.updated', { ...goodwill, status: 'succeeded' })).statusCode).toBe(200);
    expect(await refundMails()).toBe(1);

    const [returned] = await db.insert(orderReturns).values({ orderId, shopId: order!.shopId, status: 'received', reason: 'Broken', locale: 'en' }).returning({ id: orderReturns.id });
    await db.insert(orderReturnItems).values({ returnId: returned!.id, orderItemId: line!.id, quantity: 1 });
    const returnStatus = async () => (await db.select({ status: orderReturns.status }).from(orderReturns).where(eq(orderReturns.id, returned!.id)))[0]!.status;
    const forReturn = await pending({ return_id: returned!.id, reason: 'Returned broken' });
    expect(await returnStatus()).toBe('refunded');
    const failed: FakeRefund = { ...forReturn, status: 'failed' };
    stripe.refunds.set(failed.id, failed);
    expect((await deliverEvent('refund.updated', failed)).statusCode).toBe(200);
    expect(await returnStatus()).toBe('received');
    expect(await refundMails()).toBe(1);
    // The shopper's open pages heard the return refunded, then received again.
    const told = (await ctx.app.events.eventsAfter(order!.userId!, '0-0')).filter((event) => event.type === 'order.return_changed');
    expect(told.map((event) => event.data)).toEqual(['refunded', 'received'].map((status) => ({ order_id: orderId, order_number: order!.orderNumber, status })));
    // The store's order staff are told in the console to refund it again.
    const notices = await ctx.app.inject({ url: '/api/console/notifications', headers: { authorization: owner.authorization } });
    expect(notices.json().data.notifications.filter((notice: { kind: string; entity_id: number }) => notice.kind === 'refund_failed' && notice.entity_id === orderId)).toEqual([
      expect.objectContaining({ entity_type: 'order', data: { order_number: order!.orderNumber, shop: 'Lamp Shop' }, read_at: null }),
    ]);
    // Received again, the return can be refunded anew.
    const again = await refund(orderId, { return_id: returned!.id, reason: 'Returned broken' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.refund).toMatchObject({ return_id: returned!.id, status: 'succeeded' });
    expect(await returnStatus()).toBe('refunded');
    expect(await refundMails()).toBe(2);

    // A refund made and mailed that Stripe fails afterwards: the shopper is told it did not go through
    // (the return's refund failed while pending, before any mail, and told the shopper nothing).
    const failedMails = async () =>
      (await queryRows<{ id: string }>(db, sql`select id from pgboss.job where name = 'send-mail' and data->>'subject' = ${`Your refund for order #${order!.orderNumber} did not go through`}`)).length;
    expect(await failedMails()).toBe(0);
    const failedLater: FakeRefund = { ...goodwill, status: 'failed' };
    stripe.refunds.set(failedLater.id, failedLater);
    expect((await deliverEvent('refund.updated', failedLater)).statusCode).toBe(200);
    expect(await failedMails()).toBe(1);
  });
});
