import { and, asc, eq, gte, notExists, sql } from 'drizzle-orm';
import { DEMO_CUSTOMER } from '../../shared/constants.ts';
import { orderStatuses } from '../../shared/order-statuses.ts';
import { placeOrderSchema } from '../../shared/orders.contract.ts';
import { placeOrder } from '../features/orders/place-order.service.ts';
import { creditDeliveredOrder, releaseClosedWindows, shopBalance } from '../features/earnings/shop-ledger.ts';
import { holdWithdrawal, payoutDetailsBox } from '../features/earnings/withdrawals.service.ts';
import { readStoreSetting } from '../features/settings/settings.service.ts';
import type { PaymentGateways } from '../features/payments/payment-gateways.ts';
import { newTicketNumber } from '../features/support/tickets.service.ts';
import type { Db } from '../db/client.ts';
import { addresses, cartItems, consoleMembers, orderItems, orders, orderShipmentItems, orderShipments, orderStatusHistory, productColors, products, productSizes, productVariants, shopLedgerEntries, supportTickets, ticketMessages, users } from '../db/schema.ts';
import { DEMO_ADMIN, DEMO_SELLER } from './accounts.seed.ts';

/** An account the store blocked (it has no password: nobody signs in as it). */
export const DEMO_BLOCKED_CUSTOMER = { name: 'Blocked Customer', email: 'blocked@example.com', blockedReason: 'Refused three cash-on-delivery parcels in a row.' } as const;

const cashOnly: PaymentGateways = new Map([['cash', { name: 'cash', checkout: null }]]);
const HOUR = 60 * 60 * 1000;

/** In-stock products that need no colour or size choice, in id order; of one shop when `shopId` is given. */
async function simpleProducts(db: Db, shopId?: number) {
  return db
    .select({ id: products.id, variantId: productVariants.id, shopId: products.shopId, unit: products.unit })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(
      and(
        eq(products.status, 'active'),
        gte(products.stock, 20),
        shopId === undefined ? undefined : eq(products.shopId, shopId),
        notExists(db.select({ one: sql`1` }).from(productColors).where(eq(productColors.productId, products.id))),
        notExists(db.select({ one: sql`1` }).from(productSizes).where(eq(productSizes.productId, products.id))),
      ),
    )
    .orderBy(asc(products.id))
    .limit(50);
}

/** Two in-stock products from different shops that need no colour or size choice. */
async function simpleProductsFromTwoShops(db: Db) {
  const byShop = new Map((await simpleProducts(db)).map((product) => [product.shopId, product]));
  return [...byShop.values()].slice(0, 2);
}

/** Moves a seeded order through its statuses up to `upTo`, six hours a step from `placedAt`, each step in its history. */
async function walkOrder(db: Db, orderId: number, upTo: (typeof orderStatuses)[number], placedAt: Date) {
  const steps = orderStatuses.slice(1, orderStatuses.indexOf(upTo) + 1);
  // Cash is collected at the door (decision 037).
  const paid = upTo === 'delivered' ? { paymentStatus: 'paid' as const } : {};
  await db.update(orders).set({ status: upTo, ...paid, updatedAt: new Date(placedAt.getTime() + steps.length * 6 * HOUR) }).where(eq(orders.id, orderId));
  await db.insert(orderStatusHistory).values(steps.map((status, index) => ({ orderId, status, createdAt: new Date(placedAt.getTime() + (index + 1) * 6 * HOUR) })));
  return new Date(placedAt.getTime() + steps.length * 6 * HOUR);
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
  await db.insert(users).values({ ...DEMO_BLOCKED_CUSTOMER, blockedAt: new Date(placedAt.getTime() - 24 * HOUR) });
  await walkOrder(db, delivered.id, 'delivered', placedAt);
  await walkOrder(db, onTheWay.id, 'on_the_way', placedAt);
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

const DAY = 24 * HOUR;
const DEMO_PAYOUT_DETAILS = 'IBAN DE89 3704 0044 0532 0130 00, Shop Seller';

/**
 * The demo seller's money (decisions 052 and 053): two delivered orders of its shop, one long enough
 * ago that its earning is available and one still inside the return window, and a withdrawal the
 * store has yet to decide, held on the ledger. Skipped once the shop has a ledger.
 */
export async function seedDemoEarnings(db: Db, appSecret: string | undefined) {
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  const [seller] = await db.select({ id: users.id, shopId: consoleMembers.shopId }).from(users).innerJoin(consoleMembers, eq(consoleMembers.userId, users.id)).where(eq(users.email, DEMO_SELLER.email));
  const shopId = seller?.shopId;
  if (!customer || !seller || !shopId) return;
  if ((await db.select({ id: shopLedgerEntries.id }).from(shopLedgerEntries).where(eq(shopLedgerEntries.shopId, shopId)).limit(1)).length > 0) return;
  const [address] = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, customer.id)).limit(1);
  const [product] = await simpleProducts(db, shopId);
  if (!address || !product) return;

  const now = new Date();
  for (const [index, daysAgo] of [40, 3].entries()) {
    const placedAt = new Date(now.getTime() - daysAgo * DAY);
    await db.insert(cartItems).values({ userId: customer.id, productId: product.id, variantId: product.variantId, quantity: index + 2, unit: product.unit });
    const input = placeOrderSchema.parse({ shop_ids: [shopId], address_id: address.id, payment_method: 'cash' });
    const placed = await placeOrder(db, cashOnly, { userId: customer.id, idempotencyKey: `demo-seed-seller-earning-${daysAgo}`, input, now: placedAt, locale: 'en' });
    const orderId = placed.answer.orders[0]!.id;
    await creditDeliveredOrder(db, orderId, await walkOrder(db, orderId, 'delivered', placedAt));
  }
  await releaseClosedWindows(db, now);
  const { available } = await shopBalance(db, shopId);
  const amount = Math.floor(available / 2 / 100) * 100;
  if (amount >= (await readStoreSetting(db, 'withdrawal_minimum'))) {
    await holdWithdrawal(db, { shopId, amount, sealedDetails: payoutDetailsBox(appSecret).seal(DEMO_PAYOUT_DETAILS), requestedBy: seller.id, now });
  }
}
