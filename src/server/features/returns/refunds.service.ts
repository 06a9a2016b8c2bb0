import { debitRefund, returnFailedRefund } from '../earnings/shop-ledger.ts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_LOCALE } from '../../../shared/constants.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import { collectedPaymentStatuses } from '../../../shared/order-statuses.ts';
import { NOTHING_PAID_MESSAGE, REFUND_OVER_PAID_MESSAGE, type OrderRefunds, type Refund, type refundRequestSchema } from '../../../shared/returns.contract.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orderReturnItems, orderReturns, orders, payments, refundItems, refunds } from '../../db/schema.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { conflict, HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import { sha256 } from '../../platform/secrets.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { CheckoutRefused } from '../payments/payment-gateways.ts';
import { settleOrderRefunds } from '../payments/refund-settlement.ts';
import { notifyOrders, publishNotifications } from '../notifications/notifications.service.ts';
import { returnStepMail } from './return-mail.ts';
import { announceReturn, mailOrderOf, refundedAmount, refundedQuantities, refundsWhere } from './return-records.ts';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
type RefundInput = z.infer<typeof refundRequestSchema>;

/** Refunds recorded without a gateway: the shop gives the cash back itself. */
const CASH = 'cash';
const KEY_REUSED_MESSAGE = 'This Idempotency-Key was used with a different request.';
/**
 * A retry finding its refund still unanswered by the gateway sends it again only this long after it
 * was made: sooner, the first request is most likely still waiting for the answer.
 */
const RESEND_AFTER_MS = 30_000;

async function scopedOrder(db: Db, identity: ConsoleIdentity, orderId: number, { lock = false } = {}): Promise<OrderRow> {
  const shopId = shopScope(identity);
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), shopId === null ? undefined : eq(orders.shopId, shopId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** What one unit of a line gives back: its price and tax, less its share of the order's voucher discount. */
function unitRefunds(order: OrderRow, lines: ReadonlyArray<typeof orderItems.$inferSelect>) {
  return new Map(
    lines.map((line) => {
      const discountShare = order.subtotal > 0 ? (order.couponDiscount * line.lineTotal) / order.subtotal : 0;
      return [line.id, (line.lineTotal + line.taxAmount - discountShare) / line.quantity];
    }),
  );
}

const paidOf = (order: OrderRow) => ((collectedPaymentStatuses as readonly string[]).includes(order.paymentStatus) ? order.payableAmount : 0);

/** `GET /api/console/orders/{id}/refunds`: what was paid, refunded and may still be, in all and per line. */
export async function readOrderRefunds(db: Db, identity: ConsoleIdentity, orderId: number): Promise<OrderRefunds> {
  const order = await scopedOrder(db, identity, orderId);
  const [lines, refunded, counted, byLine, refundList, received] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    refundedAmount(db, orderId, 'succeeded'),
    refundedAmount(db, orderId, 'counted'),
    refundedQuantities(db, orderId),
    refundsWhere(db, eq(refunds.orderId, orderId)),
    db
      .select({ id: orderReturns.id, quantity: orderReturnItems.quantity })
      .from(orderReturns)
      .innerJoin(orderReturnItems, eq(orderReturnItems.returnId, orderReturns.id))
      .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.status, 'received'))),
  ]);
  const units = unitRefunds(order, lines);
  const returnQuantities = new Map<number, number>();
  for (const line of received) returnQuantities.set(line.id, (returnQuantities.get(line.id) ?? 0) + line.quantity);
  return {
    paid: toAmount(paidOf(order)),
    refunded: toAmount(refunded),
    refundable: toAmount(Math.max(0, paidOf(order) - counted)),
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    lines: lines.map((line) => ({
      order_item_id: line.id,
      name: line.name,
      quantity: line.quantity,
      refundable_quantity: line.quantity - (byLine.get(line.id) ?? 0),
      unit_refund: toAmount(units.get(line.id)!),
    })),
    refundable_returns: [...returnQuantities].map(([id, quantity]) => ({ id, quantity })),
    refunds: refundList,
  };
}

/**
 * The refund's lines and amount: the lines asked for (or the received return's), each no more than
 * was bought less what refunds already gave back, priced as sold; or the amount asked for.
 */
async function priceRefund(tx: Db, order: OrderRow, input: RefundInput) {
  let lines = input.lines;
  if (input.return_id !== undefined) {
    const [returned] = await tx
      .select({ status: orderReturns.status })
      .from(orderReturns)
      .where(and(eq(orderReturns.id, input.return_id), eq(orderReturns.orderId, order.id)))
      .for('update');
    if (!returned) throw validationFailed({ return_id: ['The selected return is not of this order.'] });
    if (returned.status !== 'received') throw new HttpError(422, 'Only a received return can be refunded.');
    if (lines === undefined && input.amount === undefined) {
      lines = (await tx.select().from(orderReturnItems).where(eq(orderReturnItems.returnId, input.return_id))).map((line) => ({ order_item_id: line.orderItemId, quantity: line.quantity }));
    }
  }
  if (!lines) return { amount: toMinor(input.amount!), lines: [] };
  const sold = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const units = unitRefunds(order, sold);
  const refunded = await refundedQuantities(tx, order.id);
  let amount = 0;
  for (const line of lines) {
    const item = sold.find((entry) => entry.id === line.order_item_id);
    if (!item) throw validationFailed({ lines: ['The selected item is not in this order.'] });
    if (line.quantity > item.quantity - (refunded.get(item.id) ?? 0)) throw validationFailed({ lines: ['You cannot refund more of an item than was bought.'] });
    amount += units.get(item.id)! * line.quantity;
  }
  return { amount: Math.round(amount), lines };
}

/**
 * Writes the refund under the order's row lock, which every refund of the order takes first: two
 * staff refunding at once are served one after the other, and the second sees the first's amount.
 * A key already used on the order answers the refund it made.
 */
async function recordRefund(app: FastifyInstance, identity: ConsoleIdentity, orderId: number, input: RefundInput, key: string, audit: AuditContext) {
  const requestHash = sha256(JSON.stringify(input));
  return inRetriedTransaction(app.database.db, async (tx) => {
    const order = await scopedOrder(tx, identity, orderId, { lock: true });
    const [earlier] = await tx.select().from(refunds).where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)));
    if (earlier) {
      if (earlier.requestHash !== requestHash) throw conflict(KEY_REUSED_MESSAGE);
      return { refund: earlier, order, created: false };
    }
    const paid = paidOf(order);
    if (paid === 0) throw new HttpError(422, NOTHING_PAID_MESSAGE);
    const { amount, lines } = await priceRefund(tx, order, input);
    if (amount <= 0 || (await refundedAmount(tx, orderId, 'counted')) + amount > paid) throw validationFailed({ amount: [REFUND_OVER_PAID_MESSAGE] });
    const [payment] = await tx.select({ method: payments.method }).from(payments).where(eq(payments.id, order.paymentId));
    const method = payment!.method;
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        returnId: input.return_id ?? null,
        paymentId: order.paymentId,
        amount,
        reason: input.reason,
        method,
        status: method === CASH ? 'succeeded' : 'pending',
        idempotencyKey: key,
        requestHash,
        actorUserId: audit.actorUserId,
        createdAt: audit.now,
        updatedAt: audit.now,
      })
      .returning();
    await debitRefund(tx, refund!, audit.now);
    if (lines.length > 0) await tx.insert(refundItems).values(lines.map((line) => ({ refundId: refund!.id, orderItemId: line.order_item_id, quantity: line.quantity })));
    if (input.return_id !== undefined) await tx.update(orderReturns).set({ status: 'refunded', updatedAt: audit.now }).where(eq(orderReturns.id, input.return_id));
    await recordAudit(tx, audit, {
      action: 'refund.create',
      entityType: 'refund',
      entityId: refund!.id,
      shopId: order.shopId,
      before: null,
      after: { order_id: orderId, return_id: refund!.returnId, amount: toAmount(amount), reason: input.reason, method, lines },
    });
    if (method === CASH) await settled(app, tx, refund!);
    return { refund: refund!, order, created: true };
  });
}

/** A refund that went through: the order's payment status follows and the shopper is mailed, once. */
async function settled(app: FastifyInstance, tx: Db, refund: RefundRow) {
  await settleOrderRefunds(tx, refund.orderId, app.clock.now());
  await mailRefund(app, tx, refund, 'refunded');
}

/** The shopper's mail that the refund was made. */
async function mailRefund(app: FastifyInstance, tx: Db, refund: RefundRow, step: 'refunded' | 'refund_failed') {
  const mail = returnStepMail({
    order: await mailOrderOf(tx, refund.orderId),
    step,
    locale: await refundLocale(tx, refund),
    detail: step === 'refunded' ? refund.reason : null,
    amount: refund.amount,
    publicUrl: app.config.publicUrl,
  });
  if (mail) await app.jobs.queueMail(mail, tx);
}

/** A return whose refund failed is received again: the store can refund it anew. Answers whether it was. */
async function giveReturnBack(tx: Db, returnId: number): Promise<boolean> {
  const given = await tx
    .update(orderReturns)
    .set({ status: 'received' })
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.status, 'refunded')))
    .returning({ id: orderReturns.id });
  return given.length > 0;
}

/** The shopper's language for a refund's mails: the return's, else the store's default. */
async function refundLocale(tx: Db, refund: RefundRow): Promise<string> {
  const [returned] = refund.returnId === null ? [] : await tx.select({ locale: orderReturns.locale }).from(orderReturns).where(eq(orderReturns.id, refund.returnId));
  return returned?.locale ?? DEFAULT_LOCALE;
}

/**
 * What a refund's outcome, reported later by the gateway's webhook, does (`app.refundOutcome`, in
 * the event's transaction): one that went through is mailed to the shopper as made; one that failed
 * gives its return back and tells the order's staff, in the console, to refund it again (and the
 * shopper, if they were told it was made). Once that is committed, the consoles and the shopper's
 * open pages hear of it.
 */
export function refundOutcomeOf(app: FastifyInstance): FastifyInstance['refundOutcome'] {
  return async (tx, { id, outcome, before }) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id));
    if (!refund) return undefined;
    if (outcome === 'succeeded') {
      await mailRefund(app, tx, refund, 'refunded');
      return undefined;
    }
    if (before === 'succeeded') await mailRefund(app, tx, refund, 'refund_failed');
    await returnFailedRefund(tx, refund.id, app.clock.now());
    const notices = await notifyOrders(tx, 'refund_failed', eq(orders.id, refund.orderId), app.clock.now());
    const { returnId } = refund;
    const given = returnId !== null && (await giveReturnBack(tx, returnId));
    return async (log) => {
      await publishNotifications({ db: app.database.db, events: app.events, log }, notices);
      if (given) await announceReturn(app, returnId, log);
    };
  };
}

/**
 * Sends a pending refund to its gateway: safe to repeat (the gateway's own idempotency key is the
 * refund's id). A refusal fails the refund (it stops counting, its return can be refunded again);
 * a lost answer leaves it pending for a retry with the same key.
 */
async function sendToGateway(app: FastifyInstance, refund: RefundRow, order: OrderRow, log: FastifyBaseLogger) {
  const { db } = app.database;
  const checkout = app.paymentGateways.get(refund.method)?.checkout;
  const [payment] = await db.select({ sessionId: payments.providerSessionId }).from(payments).where(eq(payments.id, refund.paymentId));
  const fail = async (message: string) => {
    await inRetriedTransaction(db, async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, refund.orderId)).for('update');
      const failed = await tx
        .update(refunds)
        .set({ status: 'failed', updatedAt: app.clock.now() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning({ id: refunds.id });
      if (failed.length > 0) await returnFailedRefund(tx, refund.id, app.clock.now());
      if (refund.returnId !== null) await giveReturnBack(tx, refund.returnId);
    });
    throw new HttpError(422, message);
  };
  if (!checkout || !payment?.sessionId) return fail('Refunds for this payment method are not available.');
  let state;
  try {
    state = await checkout.refund({ sessionId: payment.sessionId, refundId: refund.id, amount: Math.round(refund.amount * Number(order.currencyRate)) });
  } catch (error) {
    if (error instanceof CheckoutRefused) {
      log.warn({ err: error, refundId: refund.id }, 'the gateway refused a refund');
      return fail('The payment provider refused the refund.');
    }
    log.error({ err: error, refundId: refund.id }, 'refund sent, answer lost');
    throw new HttpError(502, 'The refund could not be confirmed by the payment provider. Please try again.');
  }
  await inRetriedTransaction(db, async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, refund.orderId)).for('update');
    const [stored] = await tx
      .update(refunds)
      .set({ providerRefundId: state.providerRefundId, status: state.status, updatedAt: app.clock.now() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)))
      .returning();
    // A pending refund is mailed once its webhook says it went through (refundOutcomeOf): it may still fail.
    if (stored && state.status === 'succeeded') await settled(app, tx, stored);
  });
  if (state.status === 'failed') await fail('The payment provider refused the refund.');
  app.jobs.sendQueuedMail();
}

/**
 * `POST /api/console/orders/{id}/refunds` with an Idempotency-Key: never more than was paid in all;
 * a card payment's refund goes through its gateway, a cash one is recorded. A retry with the same
 * key answers the same refund (and resends it to the gateway if its answer was lost a while ago).
 */
export async function refundOrder(
  app: FastifyInstance,
  identity: ConsoleIdentity,
  orderId: number,
  { input, key, audit, log }: { input: RefundInput; key: string; audit: AuditContext; log: FastifyBaseLogger },
): Promise<{ refund: Refund; refunds: OrderRefunds }> {
  const recorded = await recordRefund(app, identity, orderId, input, key, audit);
  const { refund } = recorded;
  const unanswered = refund.status === 'pending' && refund.providerRefundId === null;
  if (refund.method === CASH) app.jobs.sendQueuedMail();
  else if (recorded.created || (unanswered && app.clock.now().getTime() - refund.updatedAt.getTime() >= RESEND_AFTER_MS)) await sendToGateway(app, refund, recorded.order, log);
  if (refund.returnId !== null && (recorded.created || unanswered)) await announceReturn(app, refund.returnId, log);
  const summary = await readOrderRefunds(app.database.db, identity, orderId);
  return { refund: summary.refunds.find((refund) => refund.id === recorded.refund.id)!, refunds: summary };
}
