import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { orders, paymentEvents, payments, vouchers } from '../../db/schema.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher, shopperCalls } from '../../test/commerce-fixtures.ts';
import { addConsoleMember, notifiedUsers, storeStaffHolding } from '../../test/console-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addShoppers, fillCarts, placeOrderCall, stockOf } from '../../test/order-fixtures.ts';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../../test/fake-stripe.ts';
import { createPaymentGateways } from './payment-gateways.ts';
import { settleStalePayments } from './payments.service.ts';

let ctx: TestContext;
let stripe: FakeStripe;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
const PUBLIC_URL = 'https://shop.example';
/** What the store's log shows, every line as written. */
const logged: string[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestApp({ stripe: stripe.settings(), publicUrl: PUBLIC_URL, logLevel: 'warn', logStream: { write: (line) => logged.push(line) } }, clock);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

/**
 * A shopper ordering, with Stripe, 2 × Lantern (15.00, 10 % tax) from Lantern Shop (delivery 4.00)
 * and 1 × Candle (6.00) from Candle Shop (no delivery charge): payable 37.00 + 6.00.
 */
async function stripeOrder({ couponCode }: { couponCode?: (shopId: number) => Promise<string> } = {}) {
  const { db } = ctx.database;
  const lanternShop = await addShop(db, { name: 'Lantern Shop', deliveryCharge: 4_00 });
  const candleShop = await addShop(db, { name: 'Candle Shop', deliveryCharge: 0 });
  const [lantern, candle] = await addProducts(db, [
    { name: 'Lantern', shopId: lanternShop.id, price: 15_00, taxRate: 1000, stock: 10 },
    { name: 'Candle', shopId: candleShop.id, price: 6_00, stock: 10 },
  ]);
  const [shopper] = await addShoppers(db, 1);
  await fillCarts(db, [shopper!], [
    { productId: lantern!, quantity: 2 },
    { productId: candle!, quantity: 1 },
  ]);
  const code = couponCode && (await couponCode(lanternShop.id));
  const key = randomUUID();
  const body = { shop_ids: [lanternShop.id, candleShop.id], address_id: shopper!.addressId, payment_method: 'stripe', ...(code && { coupon_code: code }) };
  const place = () => placeOrderCall(ctx.app, shopper!.authorization, body, key);
  const response = await place();
  expect(response.statusCode, response.body).toBe(200);
  const orderIds: number[] = response.json().data.orders.map((order: { id: number }) => order.id);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderIds[0]!));
  const [payment] = await db.select().from(payments).where(eq(payments.id, order!.paymentId));
  return {
    shopper: shopper!,
    lantern: lantern!,
    candle: candle!,
    response,
    place,
    orderIds,
    payment: payment!,
    session: stripe.sessions.get(payment!.providerSessionId!)!,
    calls: shopperCalls(ctx.app, shopper!.authorization),
  };
}

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

function deliver(delivery: { payload: string; signature: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });
}

const sendEvent = (type: string, session: FakeSession, options: { eventId?: string; timestamp?: number } = {}) =>
  deliver(stripe.webhook(type, session, { timestamp: nowSeconds(), ...options }));

async function statesOf(paymentId: number) {
  const [payment] = await ctx.database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  const rows = await queryRows<{ status: string; payment_status: string }>(
    ctx.database.db,
    sql`select status, payment_status from orders where payment_id = ${paymentId} order by id`,
  );
  return { payment: payment!.status, orders: rows.map((row) => `${row.status}/${row.payment_status}`) };
}

const sessionCreations = () => stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/checkout/sessions');

describe('paying with Stripe', () => {
  it('answers the Checkout Session URL, made from the orders’ snapshot in the order currency', async () => {
    const before = sessionCreations().length;
    const { response, payment, session, orderIds } = await stripeOrder();
    expect(response.json().data.order_payment_url).toBe(session.url);
    expect(sessionCreations()).toHaveLength(before + 1);
    const call = sessionCreations().at(-1)!;
    expect(call.authorization).toBe('Bearer sk_test_store');
    expect(call.idempotencyKey).toBe(`payment-${payment.id}-checkout-0`);

    expect(payment).toMatchObject({ method: 'stripe', status: 'pending', amount: 43_00, currency: 'USD', providerUrl: session.url });
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: String(payment.id),
      metadata: { payment_id: String(payment.id) },
      currency: 'usd',
      amount_total: 43_00,
      success_url: `${PUBLIC_URL}/order-history?payment=success`,
      cancel_url: `${PUBLIC_URL}/checkout?payment=cancelled&payment_id=${payment.id}`,
      expires_at: nowSeconds() + 3600,
      customer_email: expect.stringMatching(/@example\.test$/),
    });
    expect(session.line_items).toEqual([
      { name: 'Lantern', unit_amount: 15_00, quantity: 2 },
      { name: 'Delivery (Lantern Shop)', unit_amount: 4_00, quantity: 1 },
      { name: 'Tax (Lantern Shop)', unit_amount: 3_00, quantity: 1 },
      { name: 'Candle', unit_amount: 6_00, quantity: 1 },
    ]);
    expect(await statesOf(payment.id)).toEqual({ payment: 'pending', orders: ['pending/pending', 'pending/pending'] });
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderIds[0]!));
    expect(order!.paymentMethod).toBe('stripe');
  });

  it('takes a voucher off through a one-time Stripe coupon, so Stripe charges the payable amount', async () => {
    // Tax is charged on the goods less the voucher (decision 054): 10% of 30.00 − 5.00.
    const { payment, session } = await stripeOrder({
      couponCode: async (shopId) => (await addVoucher(ctx.database.db, shopId, clock.now(), { discountType: 'amount', discount: 5_00 })).code,
    });
    expect(payment.amount).toBe(37_50);
    expect(session.discount_amount).toBe(5_00);
    expect(session.amount_total).toBe(37_50);
  });

  it('answers a retried placement with the same session, making no second one', async () => {
    const { place, session } = await stripeOrder();
    const before = sessionCreations().length;
    const again = await place();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order_payment_url).toBe(session.url);
    expect(sessionCreations()).toHaveLength(before);
  });

  it('keeps the orders when Stripe is down and starts the payment on the retry with the same key', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    const [lamp] = await addProducts(db, [{ name: 'Outage Lamp', shopId: shop.id, stock: 5 }]);
    const [shopper] = await addShoppers(db, 1);
    await fillCarts(db, [shopper!], [{ productId: lamp!, quantity: 1 }]);
    const key = randomUUID();
    const place = () => placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'stripe' }, key);
    stripe.failNextCreations(1);
    const failed = await place();
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'The payment could not be started. Please try again.' });
    const retried = await place();
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.order_payment_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    // Stripe replays an error to its idempotency key, so the retry is a new attempt with a new key.
    const [payment] = await db.select().from(payments).where(eq(payments.userId, shopper!.userId));
    expect(sessionCreations().filter((call) => call.idempotencyKey?.startsWith(`payment-${payment!.id}-`)).map((call) => call.idempotencyKey)).toEqual([
      `payment-${payment!.id}-checkout-0`,
      `payment-${payment!.id}-checkout-1`,
    ]);
    expect(await db.select().from(orders).where(eq(orders.userId, shopper!.userId))).toHaveLength(1);
    expect(await stockOf(db, lamp!)).toEqual({ stock: 4, total_sold: 1 });
  });

  it('asks again with the same key when Stripe’s answer is lost, getting the session it made', async () => {
    const before = stripe.sessions.size;
    stripe.dropNextAnswers(1);
    const { response, payment, session } = await stripeOrder();
    expect(stripe.sessions.size).toBe(before + 1);
    expect(response.json().data.order_payment_url).toBe(session.url);
    const keys = sessionCreations().filter((call) => call.idempotencyKey?.startsWith(`payment-${payment.id}-`)).map((call) => call.idempotencyKey);
    expect(keys).toEqual([`payment-${payment.id}-checkout-0`, `payment-${payment.id}-checkout-0`]);
  });
});

describe('a replayed placement', () => {
  it('answers no payment URL once its payment was cancelled', async () => {
    const { payment, place, calls } = await stripeOrder();
    expect((await calls.post(`/payments/${payment.id}/cancel`, {})).statusCode).toBe(200);
    const again = await place();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order_payment_url).toBeNull();
  });
});

describe('the Stripe webhook', () => {
  it('marks the payment and its orders paid on checkout.session.completed', async () => {
    const { payment, session, calls, orderIds } = await stripeOrder();
    const response = await sendEvent('checkout.session.completed', stripe.complete(session.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Webhook received', data: {} });
    expect(await statesOf(payment.id)).toEqual({ payment: 'paid', orders: ['pending/paid', 'pending/paid'] });
    const listed = (await calls.get('/orders')).json().data.orders;
    expect(listed.map((order: { id: number; payment_status: string }) => [order.id, order.payment_status]).sort()).toEqual(
      orderIds.map((id) => [id, 'paid']).sort(),
    );
  });

  it('refuses a bad signature, a tampered body and a missing signature', async () => {
    const { payment, session } = await stripeOrder();
    const completed = stripe.complete(session.id);
    const wrongSecret = stripe.webhook('checkout.session.completed', completed, { timestamp: nowSeconds(), secret: 'whsec_someone_else' });
    const genuine = stripe.webhook('checkout.session.completed', completed, { timestamp: nowSeconds() });
    const tampered = { payload: genuine.payload.replace('"paid"', '"PAID"'), signature: genuine.signature };
    logged.length = 0;
    for (const delivery of [wrongSecret, tampered, { payload: genuine.payload, signature: '' }]) {
      const response = await deliver(delivery);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid webhook signature' });
    }
    // The log says why, and holds neither the signature nor the event.
    const refusals = logged.map((line) => JSON.parse(line) as { msg: string; reason?: string }).filter((line) => line.msg === 'Stripe webhook refused');
    expect(refusals.map((line) => line.reason?.split('.')[0])).toEqual([
      'No signatures found matching the expected signature for payload',
      'No signatures found matching the expected signature for payload',
      'No stripe-signature header value was provided',
    ]);
    expect(logged.join('\n')).not.toContain(session.id);
    expect(logged.join('\n')).not.toContain(wrongSecret.signature.split('v1=')[1]!.slice(0, 64));
    expect(await statesOf(payment.id)).toEqual({ payment: 'pending', orders: ['pending/pending', 'pending/pending'] });
    expect((await deliver(genuine)).statusCode).toBe(200);
  });

  it('refuses an event signed longer ago than five minutes, by the store’s clock', async () => {
    const { payment, session } = await stripeOrder();
    const completed = stripe.complete(session.id);
    const stale = await sendEvent('checkout.session.completed', completed, { timestamp: nowSeconds() - 301 });
    expect(stale.statusCode).toBe(400);
    expect(await statesOf(payment.id)).toMatchObject({ payment: 'pending' });
    expect((await sendEvent('checkout.session.completed', completed, { timestamp: nowSeconds() - 240 })).statusCode).toBe(200);
    expect(await statesOf(payment.id)).toMatchObject({ payment: 'paid' });
  });

  it('cancels the orders and gives back stock and voucher use on checkout.session.expired', async () => {
    let voucherId = 0;
    const { payment, session, lantern, candle, shopper } = await stripeOrder({
      couponCode: async (shopId) => {
        const voucher = await addVoucher(ctx.database.db, shopId, clock.now(), { discountType: 'amount', discount: 1_00 });
        voucherId = voucher.id;
        return voucher.code;
      },
    });
    expect(await stockOf(ctx.database.db, lantern)).toEqual({ stock: 8, total_sold: 2 });
    const heard: { type: string; data: Record<string, unknown> }[] = [];
    const stopListening = await ctx.app.events.subscribe(shopper.userId, (event) => heard.push(event));
    expect((await sendEvent('checkout.session.expired', stripe.expire(session.id))).statusCode).toBe(200);
    stopListening();
    // The shopper's open storefronts hear that both orders were cancelled.
    expect(heard.map((event) => [event.type, event.data.status])).toEqual([
      ['order.status_changed', 'cancelled'],
      ['order.status_changed', 'cancelled'],
    ]);
    expect(await statesOf(payment.id)).toEqual({ payment: 'failed', orders: ['cancelled/failed', 'cancelled/failed'] });
    expect(await stockOf(ctx.database.db, lantern)).toEqual({ stock: 10, total_sold: 0 });
    expect(await stockOf(ctx.database.db, candle)).toEqual({ stock: 10, total_sold: 0 });
    const [voucher] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucherId));
    expect(voucher!.usedCount).toBe(0);
  });

  it("tells the console of a failed payment: each order's shop's order readers and the store's order staff, once", async () => {
    const { payment, session, orderIds } = await stripeOrder();
    const [lanternOrder] = await ctx.database.db.select({ shopId: orders.shopId }).from(orders).where(eq(orders.id, orderIds[0]!));
    const owner = await addConsoleMember(ctx.app, 'shop_owner', { shopId: lanternOrder!.shopId });
    const packer = await addConsoleMember(ctx.app, 'shop_staff', { shopId: lanternOrder!.shopId, permissions: ['catalogue.read'] });
    const orderStaff = await storeStaffHolding(ctx.app, 'orders.write');
    expect((await sendEvent('checkout.session.expired', stripe.expire(session.id))).statusCode).toBe(200);
    expect((await sendEvent('checkout.session.expired', stripe.sessions.get(session.id)!)).statusCode).toBe(200);
    expect(await statesOf(payment.id)).toMatchObject({ payment: 'failed' });
    expect(await notifiedUsers(ctx.app, 'payment_failed', orderIds[0]!)).toEqual([owner.user.id, ...orderStaff].sort((a, b) => a - b));
    expect(await notifiedUsers(ctx.app, 'payment_failed', orderIds[1]!)).toEqual(orderStaff);
    expect(await notifiedUsers(ctx.app, 'payment_failed', orderIds[0]!)).not.toContain(packer.user.id);
  });

  it('processes a redelivered event once, also when the deliveries arrive together', async () => {
    const { payment, session, lantern } = await stripeOrder();
    const expired = stripe.expire(session.id);
    const eventId = `evt_test_${randomUUID()}`;
    const answers = await Promise.all([1, 2, 3].map(() => sendEvent('checkout.session.expired', expired, { eventId })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await sendEvent('checkout.session.expired', expired, { eventId })).statusCode).toBe(200);
    expect(await stockOf(ctx.database.db, lantern)).toEqual({ stock: 10, total_sold: 0 });
    const recorded = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(recorded).toEqual([expect.objectContaining({ type: 'checkout.session.expired', paymentId: payment.id })]);
  });

  it('keeps a paid payment paid when an expiry or a repeated completion arrives after it', async () => {
    const { payment, session, lantern } = await stripeOrder();
    const completed = stripe.complete(session.id);
    await sendEvent('checkout.session.completed', completed);
    await sendEvent('checkout.session.expired', { ...completed, status: 'expired' });
    await sendEvent('checkout.session.async_payment_failed', completed);
    await sendEvent('checkout.session.completed', completed);
    expect(await statesOf(payment.id)).toEqual({ payment: 'paid', orders: ['pending/paid', 'pending/paid'] });
    expect(await stockOf(ctx.database.db, lantern)).toEqual({ stock: 8, total_sold: 2 });
  });

  it('never revives a failed payment with a late completion', async () => {
    const { payment, session } = await stripeOrder();
    await sendEvent('checkout.session.expired', stripe.expire(session.id));
    await sendEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' });
    expect(await statesOf(payment.id)).toEqual({ payment: 'failed', orders: ['cancelled/failed', 'cancelled/failed'] });
  });

  it('waits for the money of an asynchronous method, then settles on its outcome', async () => {
    const first = await stripeOrder();
    await sendEvent('checkout.session.completed', stripe.complete(first.session.id, 'unpaid'));
    expect(await statesOf(first.payment.id)).toMatchObject({ payment: 'pending' });
    await sendEvent('checkout.session.async_payment_succeeded', { ...stripe.sessions.get(first.session.id)!, payment_status: 'paid' });
    expect(await statesOf(first.payment.id)).toMatchObject({ payment: 'paid' });

    const second = await stripeOrder();
    await sendEvent('checkout.session.completed', stripe.complete(second.session.id, 'unpaid'));
    await sendEvent('checkout.session.async_payment_failed', stripe.sessions.get(second.session.id)!);
    expect(await statesOf(second.payment.id)).toEqual({ payment: 'failed', orders: ['cancelled/failed', 'cancelled/failed'] });
    expect(await stockOf(ctx.database.db, second.lantern)).toEqual({ stock: 10, total_sold: 0 });
  });

  it('ignores a completion for another amount, and events of payments it does not know', async () => {
    const { payment, session } = await stripeOrder();
    await sendEvent('checkout.session.completed', { ...stripe.complete(session.id), amount_total: 1_00 });
    expect(await statesOf(payment.id)).toMatchObject({ payment: 'pending' });
    const unknown = await sendEvent('checkout.session.completed', { ...session, client_reference_id: '999999999', metadata: {} });
    expect(unknown.statusCode).toBe(200);
    expect((await sendEvent('customer.created', session)).statusCode).toBe(200);
  });
});

describe('the shopper cancelling a Stripe payment', () => {
  it('expires the open session at Stripe, then cancels the orders and gives back the stock, once', async () => {
    const { payment, session, calls, lantern, orderIds } = await stripeOrder();
    const first = await calls.post(`/payments/${payment.id}/cancel`, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Payment cancelled', data: {} });
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(stripe.calls.some((call) => call.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
    expect(await statesOf(payment.id)).toEqual({ payment: 'cancelled', orders: ['cancelled/cancelled', 'cancelled/cancelled'] });
    expect(await stockOf(ctx.database.db, lantern)).toEqual({ stock: 10, total_sold: 0 });
    // Given up, not failed: the console is not told.
    expect(await notifiedUsers(ctx.app, 'payment_failed', orderIds[0]!)).toEqual([]);

    expect((await calls.post(`/payments/${payment.id}/cancel`, {})).statusCode).toBe(200);
    await sendEvent('checkout.session.expired', stripe.sessions.get(session.id)!);
    expect(await statesOf(payment.id)).toEqual({ payment: 'cancelled', orders: ['cancelled/cancelled', 'cancelled/cancelled'] });
    expect(await stockOf(ctx.database.db, lantern)).toEqual({ stock: 10, total_sold: 0 });
  });

  it('refuses when the shopper paid at Stripe in the meantime, and records the payment', async () => {
    const { payment, session, calls, lantern } = await stripeOrder();
    stripe.complete(session.id);
    const response = await calls.post(`/payments/${payment.id}/cancel`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This payment is already complete.' });
    expect(await statesOf(payment.id)).toEqual({ payment: 'paid', orders: ['pending/paid', 'pending/paid'] });
    expect(await stockOf(ctx.database.db, lantern)).toEqual({ stock: 8, total_sold: 2 });
  });

  it('cancels the whole placement when one of its unpaid orders is cancelled', async () => {
    const { payment, session, calls, orderIds, candle } = await stripeOrder();
    const response = await calls.post(`/orders/${orderIds[1]}/cancel`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data.order.status).toBe('cancelled');
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(await statesOf(payment.id)).toEqual({ payment: 'cancelled', orders: ['cancelled/cancelled', 'cancelled/cancelled'] });
    expect(await stockOf(ctx.database.db, candle)).toEqual({ stock: 10, total_sold: 0 });
  });

  it('does not cancel an order paid online', async () => {
    const { session, calls, orderIds } = await stripeOrder();
    await sendEvent('checkout.session.completed', stripe.complete(session.id));
    const response = await calls.post(`/orders/${orderIds[0]}/cancel`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'A paid order cannot be cancelled here. Please contact the shop.' });
  });

  it('does not find another shopper’s payment', async () => {
    const { payment } = await stripeOrder();
    const [intruder] = await addShoppers(ctx.database.db, 1);
    const response = await shopperCalls(ctx.app, intruder!.authorization).post(`/payments/${payment.id}/cancel`, {});
    expect(response.statusCode).toBe(404);
    expect(await statesOf(payment.id)).toMatchObject({ payment: 'pending' });
  });
});

describe('stale payments', () => {
  it('are settled with Stripe when their webhook never came, and released when they never got a session', async () => {
    const { db } = ctx.database;
    const expired = await stripeOrder();
    const paid = await stripeOrder();
    stripe.expire(expired.session.id);
    stripe.complete(paid.session.id);
    const shop = await addShop(db);
    const [lamp] = await addProducts(db, [{ name: 'Sessionless Lamp', shopId: shop.id, stock: 3 }]);
    const [shopper] = await addShoppers(db, 1);
    await fillCarts(db, [shopper!], [{ productId: lamp!, quantity: 1 }]);
    stripe.failNextCreations(1);
    await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'stripe' });
    const [sessionless] = await db.select().from(payments).where(eq(payments.userId, shopper!.userId));

    const gateways = await createPaymentGateways(ctx.config);
    await settleStalePayments(db, gateways, clock.now(), ctx.app.log);
    expect(await statesOf(expired.payment.id)).toMatchObject({ payment: 'pending' });

    const later = new Date(clock.now().getTime() + 4 * 3_600_000);
    await settleStalePayments(db, gateways, later, ctx.app.log);
    expect(await statesOf(expired.payment.id)).toEqual({ payment: 'failed', orders: ['cancelled/failed', 'cancelled/failed'] });
    expect(await statesOf(paid.payment.id)).toEqual({ payment: 'paid', orders: ['pending/paid', 'pending/paid'] });
    expect(await statesOf(sessionless!.id)).toEqual({ payment: 'failed', orders: ['cancelled/failed'] });
    expect(await stockOf(db, lamp!)).toEqual({ stock: 3, total_sold: 0 });
  });
});
