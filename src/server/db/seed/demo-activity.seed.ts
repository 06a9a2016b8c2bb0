import { and, asc, eq, gte, notExists, sql } from 'drizzle-orm';
import { DEMO_CUSTOMER } from '../../../shared/constants.ts';
import { orderStatuses } from '../../../shared/order-statuses.ts';
import { placeOrderSchema } from '../../../shared/orders.contract.ts';
import { placeOrder } from '../../features/orders/place-order.service.ts';
import type { PaymentGateways } from '../../features/payments/payment-gateways.ts';
import { newTicketNumber } from '../../features/support/tickets.service.ts';
import type { Db } from '../client.ts';
import { addresses, cartItems, orderItems, orders, orderShipmentItems, orderShipments, orderStatusHistory, productColors, products, productSizes, productVariants, supportTickets, ticketMessages, users } from '../schema.ts';
import { DEMO_ADMIN } from './accounts.seed.ts';

/** An account the store blocked (it has no password: nobody signs in as it). */
export const DEMO_BLOCKED_CUSTOMER = { name: 'Blocked Customer', email: 'blocked@example.com', blockedReason: 'Refused three cash-on-delivery parcels in a row.' } as const;

const cashOnly: PaymentGateways = new Map([['cash', { name: 'cash', checkout: null }]]);
const HOUR = 60 * 60 * 1000;

/** Two in-stock products from different shops that need no colour or size choice. */
async function simpleProductsFromTwoShops(db: Db) {
  const candidates = await db
    .select({ id: products.id, variantId: productVariants.id, shopId: products.shopId, unit: products.unit })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(
      and(
        eq(products.status, 'active'),
        gte(products.stock, 20),
        notExists(db.select({ one: sql`1` }).from(productColors).where(eq(productColors.productId, products.id))),
        notExists(db.select({ one: sql`1` }).from(productSizes).where(eq(productSizes.productId, products.id))),
      ),
    )
    .orderBy(asc(products.id))
    .limit(50);
  const byShop = new Map(candidates.map((product) => [product.shopId, product]));
  return [...byShop.values()].slice(0, 2);
}

/**
 * The demo shopper's history, placed through the real order service so stock, figures and
 * snapshots agree: one order delivered (ready for a review), one on its way, and a support ticket
 * about it that the admin took and answered. Also a customer the store blocked, so the console's
 * customers show one. Skipped once the shopper has any order.
 */
export async function seedDemoActivity(db: Db) {
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  if (!customer || !admin) return;
  if ((await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer.id)).limit(1)).length > 0) return;
  const [address] = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, customer.id)).limit(1);
  const picked = await simpleProductsFromTwoShops(db);
  if (!address || picked.length < 2) return;

  const placedAt = new Date(Date.now() - 72 * HOUR);
  await db.insert(cartItems).values(picked.map((product, index) => ({ userId: customer.id, productId: product.id, variantId: product.variantId, quantity: index + 1, unit: product.unit })));
  const input = placeOrderSchema.parse({ shop_ids: picked.map((product) => product.shopId), address_id: address.id, payment_method: 'cash' });
  await placeOrder(db, cashOnly, { userId: customer.id, idempotencyKey: 'demo-seed-first-orders', input, now: placedAt, locale: 'en' });

  const placed = await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(eq(orders.userId, customer.id)).orderBy(asc(orders.id));
  const [delivered, onTheWay] = placed;
  if (!delivered || !onTheWay) return;
  const walk = async (orderId: number, upTo: (typeof orderStatuses)[number]) => {
    const steps = orderStatuses.slice(1, orderStatuses.indexOf(upTo) + 1);
    // Cash is collected at the door (decision 037).
    const paid = upTo === 'delivered' ? { paymentStatus: 'paid' as const } : {};
    await db.update(orders).set({ status: upTo, ...paid, updatedAt: new Date(placedAt.getTime() + steps.length * 6 * HOUR) }).where(eq(orders.id, orderId));
    await db
      .insert(orderStatusHistory)
      .values(steps.map((status, index) => ({ orderId, status, createdAt: new Date(placedAt.getTime() + (index + 1) * 6 * HOUR) })));
  };
  await db.insert(users).values({ ...DEMO_BLOCKED_CUSTOMER, blockedAt: new Date(placedAt.getTime() - 24 * HOUR) });
  await walk(delivered.id, 'delivered');
  await walk(onTheWay.id, 'on_the_way');
  const [parcel] = await db
    .insert(orderShipments)
    .values({ orderId: onTheWay.id, carrier: 'DHL Express', trackingNumber: 'JD014600006281', trackingUrl: 'https://www.dhl.com/en/express/tracking.html?AWB=JD014600006281', createdAt: new Date(placedAt.getTime() + 18 * HOUR) })
    .returning({ id: orderShipments.id });
  const onTheWayLines = await db.select({ id: orderItems.id, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, onTheWay.id));
  await db.insert(orderShipmentItems).values(onTheWayLines.map((line) => ({ shipmentId: parcel!.id, orderItemId: line.id, quantity: line.quantity })));

  const [ticket] = await db
    .insert(supportTickets)
    .values({
      ticketNo: newTicketNumber(),
      userId: customer.id,
      orderId: onTheWay.id,
      subject: 'When will my order arrive?',
      issueType: 'delivery',
      status: 'answered',
      // The admin took it from the queue and answered it.
      assignedUserId: admin.id,
      createdAt: new Date(placedAt.getTime() + 30 * HOUR),
      updatedAt: new Date(placedAt.getTime() + 32 * HOUR),
    })
    .returning({ id: supportTickets.id });
  await db.insert(ticketMessages).values([
    {
      ticketId: ticket!.id,
      userId: customer.id,
      isStaff: false,
      body: 'Hello, my order left the shop yesterday. Could you tell me when it should arrive?',
      createdAt: new Date(placedAt.getTime() + 30 * HOUR),
    },
    {
      ticketId: ticket!.id,
      userId: admin.id,
      isStaff: true,
      body: 'Hi! Your parcel is with the courier and should reach you within two working days. We will let you know as soon as it is delivered.',
      createdAt: new Date(placedAt.getTime() + 32 * HOUR),
    },
  ]);
}
