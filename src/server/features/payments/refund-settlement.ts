import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectedPaymentStatuses } from '../../../shared/order-statuses.ts';
import type { Db } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema.ts';
import type { GatewayRefundState } from './payment-gateways.ts';

/** Where a refund stands: on its way at the gateway, made, or failed. */
export type RefundStatus = GatewayRefundState['status'];
/** Where a refund ended, once the gateway says so. */
export type RefundOutcome = Exclude<RefundStatus, 'pending'>;

// The app decorates itself with what the store does when a refund's outcome arrives later (app.ts):
// the returns feature mails the shopper or gives the return back; payments knows nothing of returns.
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs in the webhook event's transaction, after the refund's status and its order's payment
     * status are written; what it answers runs once that transaction is committed (telling the shopper).
     */
    refundOutcome: (tx: Db, refund: { id: number; outcome: RefundOutcome; before: RefundStatus }) => Promise<AfterCommit | undefined>;
  }
}

/** Work that must wait for its transaction's commit: what it announces must already be there to read. */
export type AfterCommit = (log: FastifyBaseLogger) => Promise<void>;

/** Refunds that count against what was paid: made, or on their way at the gateway. */
export const countedRefunds = (): SQL => inArray(refunds.status, ['pending', 'succeeded']);

/**
 * Sets a paid order's payment status from its refunds that went through: refunded when they add up
 * to what was paid, partially refunded when some did, paid when none (a failed one is not counted).
 */
export async function settleOrderRefunds(tx: Db, orderId: number, now: Date) {
  const refunded = sql<number>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'succeeded'), 0)`;
  await tx
    .update(orders)
    .set({
      paymentStatus: sql`case when ${refunded} = 0 then 'paid' when ${refunded} >= ${orders.payableAmount} then 'refunded' else 'partially_refunded' end`,
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...collectedPaymentStatuses])));
}

/**
 * What a gateway's webhook says of refunds, applied in the event's transaction (its id recorded
 * there, so a redelivery changes nothing): a pending refund that went through or failed is settled,
 * its order's payment status follows, and `onOutcome` does the rest (answering what is left for
 * after the commit). A refund the store did not make is logged and left alone.
 */
export async function applyRefundStates(
  tx: Db,
  states: readonly GatewayRefundState[],
  { now, log, onOutcome }: { now: Date; log: FastifyBaseLogger; onOutcome: FastifyInstance['refundOutcome'] },
): Promise<{ applied: boolean; afterCommit: AfterCommit[] }> {
  let applied = false;
  const afterCommit: AfterCommit[] = [];
  for (const state of states) {
    const [refund] = await tx
      .select({ id: refunds.id, orderId: refunds.orderId, status: refunds.status })
      .from(refunds)
      .where(or(eq(refunds.providerRefundId, state.providerRefundId), state.refundId === null ? undefined : and(eq(refunds.id, state.refundId), eq(refunds.method, 'stripe'))));
    if (!refund) {
      log.warn({ providerRefundId: state.providerRefundId }, 'refund event for a refund the store did not make');
      continue;
    }
    const outcome = state.status;
    if (refund.status === outcome || outcome === 'pending') continue;
    // The order's row first, as every refund takes it: its payment status is written from the sum.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, refund.orderId)).for('update');
    await tx.update(refunds).set({ status: outcome, providerRefundId: state.providerRefundId, updatedAt: now }).where(eq(refunds.id, refund.id));
    await settleOrderRefunds(tx, refund.orderId, now);
    const then = await onOutcome(tx, { id: refund.id, outcome, before: refund.status });
    if (then) afterCommit.push(then);
    if (outcome === 'failed') log.error({ refundId: refund.id }, 'a refund failed at the gateway');
    applied = true;
  }
  return { applied, afterCommit };
}
