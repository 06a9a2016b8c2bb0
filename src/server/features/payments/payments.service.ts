import { and, asc, eq, inArray, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, paymentEvents, payments, shops, users } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../platform/errors.ts';
import { cancelPendingOrders } from '../order-release/order-release.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { notifyOrders, type NotificationRow } from '../notifications/notifications.service.ts';
import { CheckoutRefused, type CheckoutEvent, type PaymentGateways } from './payment-gateways.ts';
import { paymentCharge } from './payment-charge.ts';
import { applyRefundStates, type AfterCommit } from './refund-settlement.ts';

const PAYMENT_COMPLETE_MESSAGE = 'This payment is already complete.';
export const ONLY_PENDING_MESSAGE = 'Only pending orders can be cancelled.';
/** How long after placing a shopper has to pay at a hosted checkout before it closes and the orders are released. */
const CHECKOUT_LIFETIME_MS = 60 * 60_000;
const MIN_CHECKOUT_LIFETIME_MS = 31 * 60_000;
/** A pending online payment this old is settled by asking the provider (a webhook may have been lost). */
const STALE_PAYMENT_MS = 3 * CHECKOUT_LIFETIME_MS;

type PaymentRow = typeof payments.$inferSelect;

/** Marks a pending payment and its orders paid. A payment already settled keeps its state: a late or repeated event changes nothing. */
export async function markPaymentPaid(tx: Db, paymentId: number, now: Date): Promise<boolean> {
  const [paid] = await tx
    .update(payments)
    .set({ status: 'paid', updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!paid) return false;
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', updatedAt: now })
    .where(and(eq(orders.paymentId, paymentId), eq(orders.paymentStatus, 'pending'), ne(orders.status, 'cancelled')));
  return true;
}

/** A payment closed unpaid, and the console notifications its failure wrote (none when the shopper gave it up). */
export interface ClosedPayment {
  paymentId: number;
  notifications: NotificationRow[];
}

/**
 * Ends a pending payment unpaid: its pending orders are cancelled and their stock and voucher uses
 * given back, once; a failed one is told to the console. Null when it was no longer pending.
 */
export async function closeUnpaidPayment(tx: Db, paymentId: number, status: 'failed' | 'cancelled', now: Date): Promise<ClosedPayment | null> {
  const [closed] = await tx
    .update(payments)
    .set({ status, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!closed) return null;
  await cancelPendingOrders(tx, eq(orders.paymentId, paymentId), { paymentStatus: status, now });
  return { paymentId, notifications: status === 'failed' ? await notifyOrders(tx, 'payment_failed', eq(orders.paymentId, paymentId), now) : [] };
}

async function loadChargedOrders(db: Db, paymentId: number) {
  const orderRows = await db
    .select({
      id: orders.id,
      shopName: shops.name,
      deliveryCharge: orders.deliveryCharge,
      taxAmount: orders.taxAmount,
      couponDiscount: orders.couponDiscount,
      couponCode: orders.couponCode,
      currencyRate: orders.currencyRate,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.paymentId, paymentId))
    .orderBy(asc(orders.id));
  const lines = await db
    .select({ orderId: orderItems.orderId, name: orderItems.name, unitPrice: orderItems.unitPrice, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderRows.map((order) => order.id)))
    .orderBy(asc(orderItems.id));
  return orderRows.map((order) => ({ ...order, lines: lines.filter((line) => line.orderId === order.id) }));
}

/**
 * Where the shopper pays a placed payment: the hosted checkout's URL (made on the first call, the
 * same one after), or null when nothing is collected online or the payment is no longer open.
 * Runs after the placement committed, so a provider outage never holds row locks; a failure here
 * leaves the orders placed, and the shopper's retry with the same Idempotency-Key tries again.
 * Every request of one attempt is the same (no clock, no request data but the return address), so
 * the provider can answer a repeated one with the checkout it already made.
 */
export async function paymentUrl(db: Db, gateways: PaymentGateways, paymentId: number, { returnBaseUrl, now }: { returnBaseUrl: string; now: Date }) {
  const [row] = await db
    .select({
      payment: payments,
      // A guest's placement has no account: the e-mail given at checkout is on its orders.
      email: sql<string | null>`coalesce(${users.email}, (select ${orders.guestEmail} from ${orders} where ${orders.paymentId} = ${payments.id} limit 1))`,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId));
  const payment = row?.payment;
  const checkout = payment && gateways.get(payment.method)?.checkout;
  if (!payment || !checkout || payment.status !== 'pending') return null;
  if (payment.providerUrl) return payment.providerUrl;

  const charged = await loadChargedOrders(db, paymentId);
  const { lines, discount } = paymentCharge(charged, Number(charged[0]?.currencyRate ?? 1));
  // Stripe wants at least 30 minutes; a late first attempt gets them from now.
  const expiresAt = Math.max(payment.createdAt.getTime() + CHECKOUT_LIFETIME_MS, now.getTime() + MIN_CHECKOUT_LIFETIME_MS);
  let session;
  try {
    session = await checkout.create({
      paymentId,
      attempt: payment.checkoutAttempt,
      currency: payment.currency,
      lines,
      discount,
      // A guest follows the order through the link in the confirmation mail.
      successUrl: payment.userId === null ? `${returnBaseUrl}/?payment=success` : `${returnBaseUrl}/order-history?payment=success`,
      cancelUrl: `${returnBaseUrl}/checkout?payment=cancelled&payment_id=${paymentId}`,
      expiresAt: new Date(expiresAt),
      customerEmail: row.email ?? undefined,
    });
  } catch (error) {
    if (error instanceof CheckoutRefused) {
      await db
        .update(payments)
        .set({ checkoutAttempt: payment.checkoutAttempt + 1 })
        .where(and(eq(payments.id, paymentId), eq(payments.checkoutAttempt, payment.checkoutAttempt)));
    }
    throw error;
  }
  const [stored] = await db
    .update(payments)
    .set({ providerSessionId: session.sessionId, providerUrl: session.url, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending'), isNull(payments.providerSessionId)))
    .returning({ url: payments.providerUrl });
  if (stored) return session.url;
  // Meanwhile a concurrent request stored its checkout, or the payment was cancelled: this one must not be paid.
  const [current] = await db.select({ status: payments.status, url: payments.providerUrl }).from(payments).where(eq(payments.id, paymentId));
  if (current?.url !== session.url) await checkout.close(session.sessionId);
  return current?.status === 'pending' ? current.url : null;
}

/**
 * Asks the provider to close the payment's checkout before the store releases its orders, so a
 * shopper cannot pay for orders that were just cancelled. A checkout paid in the meantime is
 * recorded as paid and refused as a conflict.
 */
async function closeCheckoutFirst(db: Db, gateways: PaymentGateways, payment: PaymentRow, now: Date) {
  const checkout = gateways.get(payment.method)?.checkout;
  if (!checkout || !payment.providerSessionId) return;
  const state = await checkout.close(payment.providerSessionId);
  if (state === 'paid') {
    await db.transaction((tx) => markPaymentPaid(tx, payment.id, now));
    throw conflict(PAYMENT_COMPLETE_MESSAGE);
  }
  if (state === 'processing') throw conflict('This payment is being processed.');
}

/**
 * `POST /payments/{id}/cancel`: the shopper gave up paying. The checkout is closed at the provider,
 * then the payment's orders are cancelled and their stock and voucher uses released. Repeating it
 * changes nothing; another shopper's payment is not found.
 */
export async function cancelPayment(
  db: Db,
  gateways: PaymentGateways,
  { userId, paymentId, now }: { userId: number; paymentId: number; now: Date },
): Promise<boolean> {
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!payment) throw notFound('Payment not found');
  if (payment.status === 'paid') throw conflict(PAYMENT_COMPLETE_MESSAGE);
  if (payment.status !== 'pending') return false;
  await closeCheckoutFirst(db, gateways, payment, now);
  return inRetriedTransaction(db, async (tx) => {
    const [locked] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)).for('update');
    if (locked?.status === 'paid') throw conflict(PAYMENT_COMPLETE_MESSAGE);
    const [progressed] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.paymentId, paymentId), notInArray(orders.status, ['pending', 'cancelled'])))
      .limit(1);
    if (progressed) throw new HttpError(422, ONLY_PENDING_MESSAGE);
    return (await closeUnpaidPayment(tx, paymentId, 'cancelled', now)) !== null;
  });
}

/** The orders a closed payment cancelled, to tell their shopper's open storefronts. */
export function cancelledOrdersOf(db: Db, paymentId: number) {
  return db
    .select({ id: orders.id, userId: orders.userId, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), eq(orders.status, 'cancelled')));
}

export type EventHandling = 'duplicate' | 'ignored' | 'applied';

/** What applying an event did, and the payment it closed unpaid (then told live). */
interface AppliedEvent {
  handling: EventHandling;
  closed: ClosedPayment | null;
  /** What the refunds' outcomes leave for after the commit. */
  afterCommit: AfterCommit[];
}

/**
 * Applies one verified webhook event, once: its id is recorded in the same transaction, so a
 * redelivery (even a concurrent one) finds it and changes nothing. Refund events settle refunds. Settled payments stay settled:
 * an expiry after a completion, or a completion repeated, is recorded and ignored.
 */
export async function applyCheckoutEvent(
  db: Db,
  method: string,
  event: CheckoutEvent,
  { now, log, onRefundOutcome }: { now: Date; log: FastifyBaseLogger; onRefundOutcome: FastifyInstance['refundOutcome'] },
): Promise<AppliedEvent> {
  return inRetriedTransaction(db, async (tx) => {
    const handled = (handling: EventHandling): AppliedEvent => ({ handling, closed: null, afterCommit: [] });
    const [payment] = event.paymentId
      ? await tx.select().from(payments).where(and(eq(payments.id, event.paymentId), eq(payments.method, method))).for('update')
      : [];
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, paymentId: payment?.id ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return handled('duplicate');
    if (event.refunds.length > 0) {
      const { applied, afterCommit } = await applyRefundStates(tx, event.refunds, { now, log, onOutcome: onRefundOutcome });
      return { handling: applied ? 'applied' : 'ignored', closed: null, afterCommit };
    }
    if (!payment || !event.outcome) return handled('ignored');
    // Only the checkout the shopper was sent to counts: one whose answer was lost never reached them.
    if (event.sessionId !== payment.providerSessionId) {
      log.warn({ paymentId: payment.id, sessionId: event.sessionId }, 'checkout event for a session the payment does not use');
      return handled('ignored');
    }
    if (event.outcome === 'failed') {
      const closed = await closeUnpaidPayment(tx, payment.id, 'failed', now);
      return { handling: closed ? 'applied' : 'ignored', closed, afterCommit: [] };
    }
    if (event.amount !== payment.amount || event.currency?.toLowerCase() !== payment.currency.toLowerCase()) {
      log.error({ paymentId: payment.id, amount: event.amount, currency: event.currency }, 'checkout paid a different amount than the payment asks; left unpaid');
      return handled('ignored');
    }
    if (!(await markPaymentPaid(tx, payment.id, now)) && payment.status !== 'paid') {
      log.error({ paymentId: payment.id, status: payment.status }, 'checkout paid after its orders were released: refund it at the provider');
    }
    return handled('applied');
  });
}

/**
 * Settles online payments left pending long after their checkout should have closed (a lost
 * webhook, a crash before the checkout was made): whatever the provider says wins, and a payment
 * that never got a checkout is released. Answers the payments it closed unpaid, whose orders it
 * cancelled.
 */
export async function settleStalePayments(db: Db, gateways: PaymentGateways, now: Date, log: FastifyBaseLogger): Promise<ClosedPayment[]> {
  const hosted = [...gateways.values()].filter((gateway) => gateway.checkout).map((gateway) => gateway.name);
  if (hosted.length === 0) return [];
  const stale = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), inArray(payments.method, hosted), lt(payments.createdAt, new Date(now.getTime() - STALE_PAYMENT_MS))))
    .orderBy(asc(payments.id))
    .limit(100);
  const closed: ClosedPayment[] = [];
  for (const payment of stale) {
    try {
      const state = payment.providerSessionId ? await gateways.get(payment.method)!.checkout!.close(payment.providerSessionId) : 'expired';
      if (state === 'paid') await db.transaction((tx) => markPaymentPaid(tx, payment.id, now));
      const failed = state === 'expired' ? await inRetriedTransaction(db, (tx) => closeUnpaidPayment(tx, payment.id, 'failed', now)) : null;
      if (failed) closed.push(failed);
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'could not settle a stale payment; trying again later');
    }
  }
  return closed;
}
