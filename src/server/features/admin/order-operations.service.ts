import { creditDeliveredOrder } from '../earnings/shop-ledger.ts';
import { and, count, desc, eq, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { StaffOrderList, StaffOrderSummary } from '../../../shared/admin.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import type { OrderStatus } from '../../../shared/order-statuses.ts';
import { nextOrderStatuses } from '../../../shared/order-transitions.ts';
import { staffCancellableStatuses } from '../../../shared/order-fulfilment.contract.ts';
import type { Db } from '../../db/client.ts';
import { orders, orderStatusHistory, payments, shops, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import type { QueuedMail } from '../../platform/mailer.ts';
import { publishOrderStatusChanged } from '../live/live-events.ts';
import { closePaymentWithoutOpenOrders, ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { cancelOrdersFrom, orderedProductIds } from '../order-release/order-release.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { stockReturnedTags } from '../catalog/catalog-writes.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { orderNewsMail, type OrderNews } from '../orders/order-news-mail.ts';

export const NOT_CANCELLABLE_MESSAGE = 'Only an order not yet delivered can be cancelled.';

/** The gateway that collects nothing online; every other method's payment may still be open at its provider. */
export const CASH = 'cash';

/**
 * Who moves orders: their account, the one shop they work on (null: every shop; another shop's
 * orders are not found) and, for a console call, the audit context its change is logged with.
 */
export interface OrderMover {
  userId: number;
  shopId: number | null;
  audit?: AuditContext;
}

/** An admin of the operations API works on every shop's orders; a seller only on their own shop's. */
const operationsMover = (staff: AuthenticatedUser): OrderMover => ({ userId: staff.id, shopId: staff.role === 'admin' ? null : (staff.shopId ?? -1) });

function staffScope(mover: OrderMover): SQL | undefined {
  return mover.shopId === null ? undefined : eq(orders.shopId, mover.shopId);
}

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  paymentId: orders.paymentId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  payableAmount: orders.payableAmount,
  createdAt: orders.createdAt,
  shopId: shops.id,
  shopName: shops.name,
  locale: orders.locale,
  // A guest's order has no account: its name and e-mail are the ones given at checkout.
  customerName: sql<string>`coalesce(${users.name}, ${orders.address}->>'name')`,
  customerEmail: sql<string | null>`coalesce(${users.email}, ${orders.guestEmail})`,
};

const selectOrders = (db: Db) =>
  db.select(orderColumns).from(orders).innerJoin(shops, eq(shops.id, orders.shopId)).leftJoin(users, eq(users.id, orders.userId));

export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

function presentOrder(row: OrderRow): StaffOrderSummary {
  return {
    id: row.id,
    order_number: row.orderNumber,
    status: row.status,
    next_statuses: [...nextOrderStatuses[row.status]],
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    payable_amount: toAmount(row.payableAmount),
    shop: { id: row.shopId, name: row.shopName },
    customer: { id: row.userId, name: row.customerName, email: row.customerEmail },
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /api/admin/orders`: newest first, optionally one status. */
export async function listStaffOrders(
  db: Db,
  staff: AuthenticatedUser,
  { order_status: status, page, per_page }: { order_status?: OrderStatus; page: number; per_page: number },
): Promise<StaffOrderList> {
  const where = and(staffScope(operationsMover(staff)), status ? eq(orders.status, status) : undefined);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(per_page)
      .offset((page - 1) * per_page),
  ]);
  return { total, orders: rows.map(presentOrder) };
}

export async function findStaffOrder(db: Db, mover: OrderMover, orderId: number): Promise<OrderRow> {
  const [row] = await selectOrders(db).where(and(eq(orders.id, orderId), staffScope(mover)));
  if (!row) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

const notAllowed = () => validationFailed({ status: ['This status change is not allowed.'] });

/**
 * Cash is collected at the door: the order is paid, and its payment once none of the payment's
 * orders still to deliver is unpaid (one payment covers every shop's order of a placement).
 */
export async function markCashCollected(tx: Db, order: Pick<OrderRow, 'id' | 'paymentId'>, now: Date) {
  await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now }).where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')));
  const unpaid = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentId, order.paymentId), ne(orders.status, 'cancelled'), ne(orders.paymentStatus, 'paid')));
  await tx.update(payments).set({ status: 'paid', updatedAt: now }).where(and(eq(payments.id, order.paymentId), eq(payments.status, 'pending'), notExists(unpaid)));
}

/** A status change: where to, whether the order may make it from where it stands, and its audit action. */
interface StatusChange {
  to: OrderStatus;
  allowedFrom(status: OrderStatus): boolean;
  action: 'order.change_status' | 'order.cancel';
  /** Why the store cancels (a staff cancel). */
  reason?: string;
}

/**
 * Moves the order under its payment's and its own row locks (the order every release takes them
 * in), writes the step to its history (with who made it), the console's audit row and the
 * shopper's queued mail in the same transaction.
 * Cancelling gives back stock and voucher use as the shopper's cancel does, and closes a cash
 * payment none of whose orders is left; delivering a cash order marks it paid, and credits the
 * shop with its share (pending until the return window closes).
 */
async function applyStatus(app: FastifyInstance, mover: OrderMover, order: OrderRow, change: StatusChange, mail: QueuedMail | null) {
  const { to, reason = null } = change;
  const now = app.clock.now();
  await inRetriedTransaction(app.database.db, async (tx) => {
    const [payment] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, order.paymentId)).for('update');
    const [locked] = await tx.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id)).for('update');
    if (!payment || !locked || !change.allowedFrom(locked.status)) throw notAllowed();
    // The shopper may still pay at the provider's checkout; the order settles with that payment first.
    if (order.paymentMethod !== CASH && payment.status === 'pending') throw new HttpError(422, 'This order is waiting for its online payment.');
    const collected = to === 'delivered' && order.paymentMethod === CASH && locked.paymentStatus === 'pending';
    if (to === 'cancelled') {
      await cancelOrdersFrom(tx, eq(orders.id, order.id), { from: [locked.status], paymentStatus: 'cancelled', now, actorId: mover.userId, reason });
      await closePaymentWithoutOpenOrders(tx, order.paymentId, now);
    } else {
      await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status: to, actorUserId: mover.userId, createdAt: now });
      if (collected) await markCashCollected(tx, order, now);
      if (to === 'delivered') await creditDeliveredOrder(tx, order.id, now);
    }
    if (mover.audit) {
      await recordAudit(tx, mover.audit, {
        action: change.action,
        entityType: 'order',
        entityId: order.id,
        shopId: order.shopId,
        before: { status: locked.status, ...(collected && { payment_status: locked.paymentStatus }) },
        after: { status: to, ...(collected && { payment_status: 'paid' }), ...(reason !== null && { reason }) },
      });
    }
    if (mail) await app.jobs.queueMail(mail, tx);
  });
  if (to === 'cancelled') app.caches.invalidate(stockReturnedTags(await orderedProductIds(app.database.db, eq(orders.id, order.id))));
  if (mail) app.jobs.sendQueuedMail();
}

/** The store's name and address as its mails give them; read before a transaction (the embedded database has one connection). */
export async function mailingStore(app: FastifyInstance) {
  const { app_name: appName } = await readStoreSettings(app.database.db);
  return { appName, publicUrl: app.config.publicUrl };
}

/** The shopper's mail of `news`; null when they have no e-mail address. */
async function orderMail(app: FastifyInstance, order: OrderRow, news: OrderNews): Promise<QueuedMail | null> {
  return order.customerEmail ? orderNewsMail(order, news, await mailingStore(app)) : null;
}

/** Tells the shopper's open pages live that the order changed. */
export function publishOrderChange(app: FastifyInstance, order: Pick<OrderRow, 'userId' | 'id' | 'orderNumber'>, status: OrderStatus, log: FastifyBaseLogger) {
  return publishOrderStatusChanged({ events: app.events, log }, { userId: order.userId, id: order.id, orderNumber: order.orderNumber, status });
}

/**
 * Moves an order to `to` if the transition table allows it from where it is: the step is saved with
 * the shopper's mail queued, then the shopper hears of it live.
 */
export async function moveOrderStatus(app: FastifyInstance, mover: OrderMover, orderId: number, to: OrderStatus, log: FastifyBaseLogger): Promise<void> {
  const order = await findStaffOrder(app.database.db, mover, orderId);
  if (!nextOrderStatuses[order.status].includes(to)) throw notAllowed();
  const change: StatusChange = { to, allowedFrom: (status) => nextOrderStatuses[status].includes(to), action: 'order.change_status' };
  await applyStatus(app, mover, order, change, await orderMail(app, order, { kind: 'status', status: to }));
  await publishOrderChange(app, order, to, log);
}

/**
 * The store cancels an order with a reason, at any status before delivery (decision 037): the
 * reason is kept on the history step, audited as `order.cancel` and mailed to the shopper.
 */
export async function cancelOrderWithReason(app: FastifyInstance, mover: OrderMover, orderId: number, reason: string, log: FastifyBaseLogger): Promise<void> {
  const order = await findStaffOrder(app.database.db, mover, orderId);
  const allowedFrom = (status: OrderStatus) => staffCancellableStatuses.includes(status);
  if (!allowedFrom(order.status)) throw new HttpError(422, NOT_CANCELLABLE_MESSAGE);
  await applyStatus(app, mover, order, { to: 'cancelled', allowedFrom, action: 'order.cancel', reason }, await orderMail(app, order, { kind: 'cancelled', reason }));
  await publishOrderChange(app, order, 'cancelled', log);
}

/** `POST /api/admin/orders/{id}/status`. */
export async function changeOrderStatus(
  app: FastifyInstance,
  staff: AuthenticatedUser,
  orderId: number,
  to: OrderStatus,
  log: FastifyBaseLogger,
): Promise<StaffOrderSummary> {
  const mover = operationsMover(staff);
  await moveOrderStatus(app, mover, orderId, to, log);
  return presentOrder(await findStaffOrder(app.database.db, mover, orderId));
}
