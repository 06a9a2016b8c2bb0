import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { toAmount } from '../../../shared/money.ts';
import type { OrderStatus } from '../../../shared/order-statuses.ts';
import { nextOrderStatuses } from '../../../shared/order-transitions.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, orderStatusHistory, payments, shops, units, users } from '../../db/schema.ts';
import { localized } from '../../db/translations.ts';
import type { AuditContext } from '../../platform/audit-log.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { lineTextsIn } from '../orders/order-line-options.ts';
import { readShipments, shippedUnits } from '../orders/order-shipments.ts';
import { moveOrderStatus } from './order-operations.service.ts';

/** Who made a step of the timeline. */
const actors = alias(users, 'actors');

/**
 * `GET /api/console/orders/{id}`: the order as it was placed and everything that happened to it since; another shop's is not found.
 * The lines' colour, size and unit are named in `locale`, the reader's (decision 019).
 */
export async function readConsoleOrder(db: Db, identity: ConsoleIdentity, orderId: number, locale: string): Promise<ConsoleOrder> {
  const ownShop = shopScope(identity);
  const [row] = await db
    .select({
      order: orders,
      shopName: shops.name,
      customerName: users.name,
      customerEmail: users.email,
      customerPhone: users.phone,
      payment: { id: payments.id, method: payments.method, status: payments.status, amount: payments.amount, currency: payments.currency },
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), ownShop === null ? undefined : eq(orders.shopId, ownShop)));
  if (!row) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const [lines, steps, shipments] = await Promise.all([
    // A unit the store has since renamed or removed keeps the name the line was sold by.
    db
      .select({ line: orderItems, unit: sql<string>`coalesce(${localized(units, 'name', locale)}, ${orderItems.unit})` })
      .from(orderItems)
      .leftJoin(units, eq(units.name, orderItems.unit))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db
      .select({ status: orderStatusHistory.status, createdAt: orderStatusHistory.createdAt, actorId: orderStatusHistory.actorUserId, actorName: actors.name, reason: orderStatusHistory.reason })
      .from(orderStatusHistory)
      .leftJoin(actors, eq(actors.id, orderStatusHistory.actorUserId))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    readShipments(db, orderId),
  ]);
  const { order } = row;
  const shipped = shippedUnits(shipments);
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    next_statuses: [...nextOrderStatuses[order.status]],
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    payable_amount: toAmount(order.payableAmount),
    shop: { id: order.shopId, name: row.shopName },
    // A guest's order has no account: the name, e-mail and phone are the ones given at checkout.
    customer: {
      id: order.userId,
      name: row.customerName ?? order.address.name,
      email: row.customerEmail ?? order.guestEmail,
      phone: row.customerPhone ?? order.address.phone,
    },
    lines: lines.map(({ line, unit }) => ({
      id: line.id,
      product_id: line.productId,
      variant_id: line.variantId,
      sku: line.sku,
      thumbnail: line.thumbnail,
      ...lineTextsIn(line, locale),
      unit,
      unit_price: toAmount(line.unitPrice),
      quantity: line.quantity,
      line_total: toAmount(line.lineTotal),
      tax_rate: line.taxRate,
      tax_amount: toAmount(line.taxAmount),
      shipped_quantity: shipped.get(line.id) ?? 0,
    })),
    address: order.address,
    payment: { ...row.payment, amount: toAmount(row.payment.amount) },
    note: order.note,
    totals: {
      subtotal: toAmount(order.subtotal),
      delivery_charge: toAmount(order.deliveryCharge),
      coupon_discount: toAmount(order.couponDiscount),
      tax_amount: toAmount(order.taxAmount),
      payable_amount: toAmount(order.payableAmount),
      coupon_code: order.couponCode,
    },
    timeline: steps.map((step) => ({ status: step.status, at: step.createdAt.toISOString(), actor: step.actorId === null ? null : { id: step.actorId, name: step.actorName }, reason: step.reason })),
    shipments,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

/**
 * `POST /api/console/orders/{id}/status`: the operations API's status change (transition table,
 * stock and voucher release on cancel, the shopper's mail and live event) with the console's audit
 * row `order.status`; a seller's people move their own shop's orders only.
 */
export async function changeConsoleOrderStatus(
  app: FastifyInstance,
  identity: ConsoleIdentity,
  orderId: number,
  to: OrderStatus,
  { audit, log, locale }: { audit: AuditContext; log: FastifyBaseLogger; locale: string },
): Promise<ConsoleOrder> {
  // The console cancels with a reason (`POST …/cancel`), which the shopper is told.
  if (to === 'cancelled') throw validationFailed({ status: ['Cancel an order with a reason.'] });
  await moveOrderStatus(app, consoleMover(identity, audit), orderId, to, log);
  return readConsoleOrder(app.database.db, identity, orderId, locale);
}

/** A console member as the order services' mover: their shop's orders only, with their audit context. */
export const consoleMover = (identity: ConsoleIdentity, audit: AuditContext) => ({ userId: identity.userId, shopId: shopScope(identity), audit });
