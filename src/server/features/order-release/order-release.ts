import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, orderStatusHistory, products } from '../../db/schema.ts';
import type { OrderStatus, PaymentStatus } from '../../../shared/order-statuses.ts';
import { releaseVoucherRedemption } from '../vouchers/vouchers.service.ts';

/** Per product, how many units the given lines hold, smallest product id first (the order rows are locked in). */
export function unitsPerProduct(lines: ReadonlyArray<{ productId: number; quantity: number }>): Array<[productId: number, units: number]> {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return [...units].sort(([a], [b]) => a - b);
}

/**
 * Moves stock between the shelf and sold: `direction` -1 takes units off the shelf (an order is
 * placed), +1 puts them back (an order is cancelled). Unless the caller holds the product rows'
 * locks already, they are taken here in product id order, so two transactions never wait on each
 * other in a circle.
 */
export async function moveStock(tx: Db, units: ReadonlyArray<[productId: number, units: number]>, direction: 1 | -1, { locked = false } = {}) {
  if (units.length === 0) return;
  const ids = units.map(([productId]) => productId);
  if (!locked) await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
  const rows = sql.join(
    units.map(([productId, count]) => sql`(${productId}::int, ${count * direction}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${products} set stock = ${products.stock} + v.change, total_sold = ${products.totalSold} - v.change
    from (values ${rows}) as v(id, change) where ${products.id} = v.id`);
}

/** The products on the orders matching `which` (whose stock a cancellation gave back). */
export async function orderedProductIds(db: Db, which: SQL): Promise<number[]> {
  const rows = await db.selectDistinct({ id: orderItems.productId }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(which);
  return rows.map((row) => row.id);
}

interface Release {
  paymentStatus: Extract<PaymentStatus, 'failed' | 'cancelled'>;
  now: Date;
}

/**
 * Cancels the orders matching `which` that are still pending, and gives back exactly once what
 * placing them took: stock (and the sold count) and voucher uses. The status change is the guard:
 * a second release finds no pending order and does nothing. Answers the ids it cancelled.
 */
export function cancelPendingOrders(tx: Db, which: SQL, release: Release) {
  return cancelOrdersFrom(tx, which, { ...release, from: ['pending'] });
}

/** `cancelPendingOrders` for orders in any of the `from` statuses (the store cancels confirmed and processing orders too). */
export async function cancelOrdersFrom(tx: Db, which: SQL, { paymentStatus, now, from }: Release & { from: readonly OrderStatus[] }) {
  const cancelled = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      paymentStatus: sql`case when ${orders.paymentStatus} = 'pending' then ${paymentStatus} else ${orders.paymentStatus} end`,
      updatedAt: now,
    })
    .where(and(which, inArray(orders.status, [...from])))
    .returning({ id: orders.id, voucherRedemptionId: orders.voucherRedemptionId });
  if (cancelled.length === 0) return [];

  const ids = cancelled.map((order) => order.id);
  const lines = await tx.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(inArray(orderItems.orderId, ids));
  await moveStock(tx, unitsPerProduct(lines), 1);
  for (const { voucherRedemptionId } of cancelled) {
    if (voucherRedemptionId !== null) await releaseVoucherRedemption(tx, voucherRedemptionId);
  }
  await tx.insert(orderStatusHistory).values(ids.map((orderId) => ({ orderId, status: 'cancelled' as const, createdAt: now })));
  return ids;
}
