import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { PaymentGateways } from '../payments/payment-gateways.ts';
import { cancelPayment, ONLY_PENDING_MESSAGE } from '../payments/payments.service.ts';
import { cancelPendingOrders } from '../order-release/order-release.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

/**
 * `POST /orders/{id}/cancel`, while the order is pending. Its stock and voucher use are given back
 * once. An order paid online is not cancelled here (the shop refunds it); one whose online payment
 * is still open cancels that payment, and with it every order of the placement, since its checkout
 * charges them together and must not be paid any more.
 */
export async function cancelOrder(db: Db, gateways: PaymentGateways, { userId, orderId, now }: { userId: number; orderId: number; now: Date }) {
  const [order] = await db
    .select({ id: orders.id, status: orders.status, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (order.status !== 'pending') throw new HttpError(422, ONLY_PENDING_MESSAGE);
  const { payment } = order;
  if (payment.status === 'paid') throw new HttpError(422, 'A paid order cannot be cancelled here. Please contact the shop.');
  if (payment.status === 'pending' && gateways.get(payment.method)?.checkout) {
    await cancelPayment(db, gateways, { userId, paymentId: payment.id, now });
    return;
  }
  await inRetriedTransaction(db, async (tx) => {
    // The payment row first, as every release does, then its orders, products and vouchers.
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const cancelled = await cancelPendingOrders(tx, eq(orders.id, orderId), { paymentStatus: 'cancelled', now, actorId: userId });
    if (cancelled.length === 0) throw new HttpError(422, ONLY_PENDING_MESSAGE);
    await closePaymentWithoutOpenOrders(tx, payment.id, now);
  });
}

/** A pending payment none of whose orders is left to deliver is cancelled (the caller holds its row lock). */
export async function closePaymentWithoutOpenOrders(tx: Db, paymentId: number, now: Date) {
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), ne(orders.status, 'cancelled')))
    .limit(1);
  if (!open) await tx.update(payments).set({ status: 'cancelled', updatedAt: now }).where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}
