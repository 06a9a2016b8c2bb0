import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, shopLedgerEntries } from '../../db/schema.ts';
import { readStoreSetting } from '../settings/settings.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A delivered order's share for its shop: its lines less the shop's voucher discount and the
 * store's commission, plus the delivery it charged (decision 052).
 */
async function shopShareOf(tx: Db, orderId: number) {
  const [order] = await tx
    .select({ shopId: orders.shopId, payable: orders.payableAmount, subtotal: orders.subtotal, discount: orders.couponDiscount, delivery: orders.deliveryCharge })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const [lines] = await tx
    .select({ commission: sql<number>`coalesce(sum(${orderItems.commission}), 0)`.mapWith(Number) })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { shopId: order.shopId, payable: order.payable, share: order.subtotal - order.discount + order.delivery - lines!.commission };
}

/**
 * Credits the shop with a delivered order's share, pending until the order's return window closes.
 * In the delivery's transaction; an order is credited once.
 */
export async function creditDeliveredOrder(tx: Db, orderId: number, now: Date) {
  const order = await shopShareOf(tx, orderId);
  if (!order) return;
  const windowDays = await readStoreSetting(tx, 'return_window_days');
  await tx
    .insert(shopLedgerEntries)
    .values({ shopId: order.shopId, kind: 'order_earning', amount: order.share, status: 'pending', availableAt: new Date(now.getTime() + windowDays * DAY_MS), orderId, createdAt: now })
    .onConflictDoNothing();
}

/**
 * Debits the shop with its share of a refund (the refund's part of what was paid, times the shop's
 * part of the order), pending or available as the order's earning is: a refund after the earning
 * became available may take the balance below zero. An order never delivered earned nothing and
 * gives nothing back. In the refund's transaction.
 */
export async function debitRefund(tx: Db, refund: { id: number; orderId: number; amount: number }, now: Date) {
  const [earning] = await tx
    .select({ shopId: shopLedgerEntries.shopId, status: shopLedgerEntries.status, availableAt: shopLedgerEntries.availableAt })
    .from(shopLedgerEntries)
    .where(and(eq(shopLedgerEntries.orderId, refund.orderId), eq(shopLedgerEntries.kind, 'order_earning')));
  const order = await shopShareOf(tx, refund.orderId);
  if (!earning || !order || order.payable === 0) return;
  const amount = -Math.round((refund.amount * order.share) / order.payable);
  await tx
    .insert(shopLedgerEntries)
    .values({ shopId: earning.shopId, kind: 'refund', amount, status: earning.status, availableAt: earning.availableAt, orderId: refund.orderId, refundId: refund.id, createdAt: now })
    .onConflictDoNothing();
}

/** A refund that failed takes nothing from the shop: its debit is given back, once. */
export async function returnFailedRefund(tx: Db, refundId: number, now: Date) {
  const [debit] = await tx
    .select()
    .from(shopLedgerEntries)
    .where(and(eq(shopLedgerEntries.refundId, refundId), eq(shopLedgerEntries.kind, 'refund')));
  if (!debit) return;
  await tx
    .insert(shopLedgerEntries)
    .values({ shopId: debit.shopId, kind: 'refund_returned', amount: -debit.amount, status: debit.status, availableAt: debit.availableAt, orderId: debit.orderId, refundId, createdAt: now })
    .onConflictDoNothing();
}

/** The job's work: pending entries whose return window has closed become available. Answers how many did. */
export async function releaseClosedWindows(db: Db, now: Date): Promise<number> {
  const released = await db
    .update(shopLedgerEntries)
    .set({ status: 'available' })
    .where(and(eq(shopLedgerEntries.status, 'pending'), lte(shopLedgerEntries.availableAt, now)))
    .returning({ id: shopLedgerEntries.id });
  return released.length;
}

/** A shop's balances in minor units, summed from its ledger. */
export async function shopBalance(db: Db, shopId: number) {
  const [sums] = await db
    .select({
      available: sql<number>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.status} = 'available'), 0)`.mapWith(Number),
      pending: sql<number>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.status} = 'pending'), 0)`.mapWith(Number),
    })
    .from(shopLedgerEntries)
    .where(eq(shopLedgerEntries.shopId, shopId));
  return sums!;
}
