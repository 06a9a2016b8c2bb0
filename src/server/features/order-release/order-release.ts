import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, orderStatusHistory, products } from '../../db/schema.ts';
import type { OrderStatus, PaymentStatus } from '../../../shared/order-statuses.ts';
import { lockStockRows, moveStock, type MovementCause, type StockLevel } from '../inventory/inventory.service.ts';
import { releaseVoucherRedemption } from '../vouchers/vouchers.service.ts';
import { giveBackSaleUnits } from './sale-units.ts';

/** An order line's units of a variant, as a stock change: `direction` -1 takes them off the shelf (placed), +1 puts them back (cancelled). */
export interface OrderedUnits {
  orderId: number;
  productId: number;
  variantId: number;
  quantity: number;
}

/**
 * Moves ordered units between the shelf and sold: through the stock ledger (one movement per order
 * and variant, referencing the order), and the products' sold counts with them. Unless the caller
 * holds the rows' locks already, they are taken in the one order (products, then variants, by id).
 * Answers the variants' new stock levels.
 */
export async function moveOrderedStock(tx: Db, lines: readonly OrderedUnits[], direction: 1 | -1, cause: MovementCause, { locked = false } = {}): Promise<StockLevel[]> {
  if (lines.length === 0) return [];
  if (!locked) await lockStockRows(tx, [...new Set(lines.map((line) => line.variantId))]);
  const changes = lines.map((line) => ({ variantId: line.variantId, change: line.quantity * direction, reference: String(line.orderId) }));
  const levels = await moveStock(tx, changes, cause, { locked: true });
  const sold = new Map<number, number>();
  for (const line of lines) sold.set(line.productId, (sold.get(line.productId) ?? 0) - line.quantity * direction);
  const rows = sql.join(
    [...sold].map(([productId, count]) => sql`(${productId}::int, ${count}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${products} set total_sold = ${products.totalSold} + v.sold
    from (values ${rows}) as v(id, sold) where ${products.id} = v.id`);
  return levels;
}

/** The products on the orders matching `which` (whose stock a cancellation gave back). */
export async function orderedProductIds(db: Db, which: SQL): Promise<number[]> {
  const rows = await db.selectDistinct({ id: orderItems.productId }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(which);
  return rows.map((row) => row.id);
}

interface Release {
  paymentStatus: Extract<PaymentStatus, 'failed' | 'cancelled'>;
  now: Date;
  /** Who cancelled (the shopper or a staff member); null for the system. */
  actorId?: number | null;
  /** Why the store cancelled, kept on the history step (decision 037). */
  reason?: string | null;
}

/**
 * Cancels the orders matching `which` that are still pending, and gives back exactly once what
 * placing them took: stock (through the ledger, and the sold count), flash sale units and voucher uses. The status change is the guard:
 * a second release finds no pending order and does nothing. Answers the ids it cancelled.
 */
export function cancelPendingOrders(tx: Db, which: SQL, release: Release) {
  return cancelOrdersFrom(tx, which, { ...release, from: ['pending'] });
}

/** `cancelPendingOrders` for orders in any of the `from` statuses (the store cancels confirmed and processing orders too). */
export async function cancelOrdersFrom(tx: Db, which: SQL, { paymentStatus, now, actorId = null, reason = null, from }: Release & { from: readonly OrderStatus[] }) {
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
  const lines = await tx
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity, flashSaleId: orderItems.flashSaleId })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids));
  await moveOrderedStock(tx, lines, 1, { reason: 'cancellation', actorId, now });
  await giveBackSaleUnits(tx, lines);
  for (const { voucherRedemptionId } of cancelled) {
    if (voucherRedemptionId !== null) await releaseVoucherRedemption(tx, voucherRedemptionId);
  }
  await tx.insert(orderStatusHistory).values(ids.map((orderId) => ({ orderId, status: 'cancelled' as const, actorUserId: actorId, reason, createdAt: now })));
  return ids;
}
