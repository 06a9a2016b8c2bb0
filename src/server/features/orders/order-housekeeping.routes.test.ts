import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys, orders, payments } from '../../db/schema.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { quickJobTiming } from '../../test/job-timing.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { startAppInstance } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../../test/order-fixtures.ts';

let stripe: FakeStripe;
let database: Database;
/** Two instances of the store on one database, as behind a load balancer, each offering the housekeeping every second. */
let instances: FastifyInstance[];
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));

const startInstance = () =>
  startAppInstance(database, { stripe: stripe.settings(), jobs: quickJobTiming({ housekeepingSeconds: 1 }) }, { clock });

beforeAll(async () => {
  stripe = await startFakeStripe();
  database = await openTestDatabase();
  instances = await Promise.all([startInstance(), startInstance()]);
});
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()));
  await database.close();
  await stripe.close();
});

describe('order housekeeping', () => {
  it('releases a stale online payment once across instances, tells the shopper live, and forgets old placement keys', async () => {
    const { db } = database;
    const shop = await addShop(db, { name: 'Housekeeping Shop' });
    const [lamp] = await addProducts(db, [{ name: 'Forgotten Lamp', shopId: shop.id, price: 12_00, stock: 5 }]);
    const [shopper] = await addShoppers(db, 1);
    await fillCarts(db, [shopper!], [{ productId: lamp!, quantity: 2 }]);
    const response = await placeOrderCall(instances[0]!, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'stripe' });
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.userId, shopper!.userId));
    const [payment] = await db.select().from(payments).where(eq(payments.id, order!.paymentId));
    const sessionPath = `/v1/checkout/sessions/${payment!.providerSessionId}`;

    const heard: BusEvent[] = [];
    await Promise.all(instances.map((app) => app.events.subscribe(shopper!.userId, (event) => heard.push(event))));
    // The webhook never came and the shopper never paid: a week later the checkout is still open at Stripe.
    clock.advance({ days: 8 });

    await vi.waitFor(
      async () => {
        const [settled] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment!.id));
        expect(settled!.status).toBe('failed');
        expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, shopper!.userId))).toEqual([]);
      },
      { timeout: 15_000, interval: 200 },
    );
    const [cancelled] = await db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order!.id));
    expect(cancelled).toEqual({ status: 'cancelled', paymentStatus: 'failed' });
    const sessionCalls = stripe.calls.filter((call) => call.path.startsWith(sessionPath)).map((call) => `${call.method} ${call.path}`);
    expect(sessionCalls).toEqual([`GET ${sessionPath}`, `POST ${sessionPath}/expire`]);
    expect(heard.map((event) => [event.type, event.data])).toEqual([
      ['order.status_changed', { order_id: order!.id, order_number: order!.orderNumber, status: 'cancelled' }],
    ]);
  });
});
