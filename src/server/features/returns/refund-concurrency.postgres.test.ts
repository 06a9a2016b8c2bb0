import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, refunds } from '../../db/schema.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../../test/order-fixtures.ts';
import { deliver, deliveredOrder } from '../../test/return-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Staff refunding the same order at the same moment, on PostgreSQL where the requests really run in
 * parallel (a pool of connections, the order's row lock): never more than was paid, and one refund
 * (one Stripe call) per Idempotency-Key.
 */
let ctx: TestContext;
let stripe: FakeStripe;
let staff: Array<{ authorization: string }>;
beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestApp({ stripe: stripe.settings() });
  staff = [await signInConsoleMember(ctx.app, 'owner'), await signInConsoleMember(ctx.app, 'order_manager'), await signInConsoleMember(ctx.app, 'shop_owner')];
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const refund = (authorization: string, orderId: number, body: object, key = randomUUID()) =>
  ctx.app.inject({ method: 'POST', url: `/api/console/orders/${orderId}/refunds`, headers: { authorization, 'idempotency-key': key }, payload: body });
const refundsOf = (orderId: number) => ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('refunds at the same moment', () => {
  it('never add up to more than was paid, however many staff refund at once', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const delivered = await deliveredOrder(ctx.app, { quantity: 3 });
      const paid = delivered.order.payableAmount;
      // Each asks for 40 % of what was paid: two fit, the rest must be refused.
      const share = Math.floor(paid * 0.4) / 100;
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => refund(staff[index % staff.length]!.authorization, delivered.id, { amount: share, reason: `Race ${index}` })));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([...Array(2).fill(201), ...Array(10).fill(422)]);
      const made = await refundsOf(delivered.id);
      expect(made.reduce((sum, row) => sum + row.amount, 0)).toBeLessThanOrEqual(paid);
      expect(made).toHaveLength(2);
    }
  });

  it('make one refund and one Stripe call for one key sent twice at once', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db, { name: 'Race Shop', deliveryCharge: 0 });
    const [lamp] = await addProducts(db, [{ name: 'Race Lamp', shopId: shop.id, price: 20_00, stock: 10 }]);
    const [shopper] = await addShoppers(db, 1);
    await fillCarts(db, [shopper!], [{ productId: lamp!, quantity: 1 }]);
    const placed = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'stripe' });
    const orderId: number = placed.json().data.orders[0].id;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [payment] = await db.select().from(payments).where(eq(payments.id, order!.paymentId));
    stripe.complete(payment!.providerSessionId!);
    await db.update(payments).set({ status: 'paid' }).where(eq(payments.id, payment!.id));
    await db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    await deliver(db, orderId, new Date());

    const key = randomUUID();
    const before = stripe.calls.filter((call) => call.path === '/v1/refunds').length;
    const answers = await Promise.all(staff.slice(0, 2).map((member) => refund(member.authorization, orderId, { amount: 5, reason: 'Scratched' }, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((answer) => answer.json().data.refund.id)).size).toBe(1);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(stripe.calls.filter((call) => call.path === '/v1/refunds').length - before).toBe(1);
  });
});
