import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { toAmount } from '../../../shared/money.ts';
import type { Refund, ShopperReturn } from '../../../shared/returns.contract.ts';
import type { Db } from '../../db/client.ts';
import { currencies, orderItems, orderReturnItems, orderReturns, orders, refundItems, refunds, users } from '../../db/schema.ts';
import { publishReturnChanged } from '../live/live-events.ts';
import { countedRefunds } from '../payments/refund-settlement.ts';
import type { ReturnMailOrder } from './return-mail.ts';

export type ReturnRow = typeof orderReturns.$inferSelect;

/** Tells the shopper's open storefronts where their return stands now (after the step's transaction). */
export async function announceReturn(app: FastifyInstance, returnId: number, log: FastifyBaseLogger) {
  const [row] = await app.database.db
    .select({ status: orderReturns.status, userId: orders.userId, id: orders.id, orderNumber: orders.orderNumber })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(eq(orderReturns.id, returnId));
  if (row) await publishReturnChanged({ events: app.events, log }, row, row.status);
}

/** The order a return's mails are about: its shopper's e-mail and name, its currency. */
export async function mailOrderOf(db: Db, orderId: number): Promise<ReturnMailOrder> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: sql<string | null>`coalesce(${users.email}, ${orders.guestEmail})`,
      name: sql<string>`coalesce(${users.name}, ${orders.address}->>'name')`,
      currencyName: orders.currencyName,
      currencySymbol: orders.currencySymbol,
      currencyRate: orders.currencyRate,
      position: currencies.position,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(currencies, eq(currencies.name, orders.currencyName))
    .where(eq(orders.id, orderId));
  const { currencyName, currencySymbol, currencyRate, position, ...mailed } = order!;
  return { ...mailed, currency: { name: currencyName, symbol: currencySymbol, rate: Number(currencyRate), position: position ?? 'prefix' } };
}

/** Returns with their lines (as the order sold them), oldest first. */
export async function presentReturns(db: Db, rows: readonly ReturnRow[]): Promise<ShopperReturn[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({ returnId: orderReturnItems.returnId, quantity: orderReturnItems.quantity, restocked: orderReturnItems.restocked, item: orderItems })
    .from(orderReturnItems)
    .innerJoin(orderItems, eq(orderItems.id, orderReturnItems.orderItemId))
    .where(inArray(orderReturnItems.returnId, rows.map((row) => row.id)))
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    reason: row.reason,
    photos: row.photos,
    instructions: row.instructions,
    rejection_reason: row.rejectionReason,
    lines: lines
      .filter((line) => line.returnId === row.id)
      .map(({ item, quantity, restocked }) => ({
        order_item_id: item.id,
        name: item.name,
        sku: item.sku,
        thumbnail: item.thumbnail,
        color: item.color,
        size: item.size,
        unit_price: toAmount(item.unitPrice),
        quantity,
        restocked,
      })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export const returnsOfOrder = (db: Db, orderId: number) => db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(asc(orderReturns.id));

/** An order's refunds with the lines they paid back, newest first. */
export async function refundsWhere(db: Db, where: SQL): Promise<Refund[]> {
  const rows = await db.select().from(refunds).where(where).orderBy(desc(refunds.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(refundItems)
    .where(inArray(refundItems.refundId, rows.map((row) => row.id)));
  return rows.map((row) => ({
    id: row.id,
    return_id: row.returnId,
    amount: toAmount(row.amount),
    reason: row.reason,
    method: row.method,
    status: row.status,
    lines: lines.filter((line) => line.refundId === row.id).map((line) => ({ order_item_id: line.orderItemId, quantity: line.quantity })),
    created_at: row.createdAt.toISOString(),
  }));
}

/** Units of each of an order's lines asked back in returns that were not declined. */
export async function returnedQuantities(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ orderItemId: orderReturnItems.orderItemId, quantity: sql<number>`sum(${orderReturnItems.quantity})::int` })
    .from(orderReturnItems)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnItems.returnId))
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, 'rejected')))
    .groupBy(orderReturnItems.orderItemId);
  return new Map(rows.map((row) => [row.orderItemId, row.quantity]));
}

/** Units of each of an order's lines paid back by refunds that count (made or on their way). */
export async function refundedQuantities(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ orderItemId: refundItems.orderItemId, quantity: sql<number>`sum(${refundItems.quantity})::int` })
    .from(refundItems)
    .innerJoin(refunds, eq(refunds.id, refundItems.refundId))
    .where(and(eq(refunds.orderId, orderId), countedRefunds()))
    .groupBy(refundItems.orderItemId);
  return new Map(rows.map((row) => [row.orderItemId, row.quantity]));
}

/** Minor units refunded on an order: `counted` (made or on their way) or only those made. */
export async function refundedAmount(db: Db, orderId: number, which: 'counted' | 'succeeded'): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), which === 'counted' ? countedRefunds() : eq(refunds.status, 'succeeded')));
  return row?.total ?? 0;
}
