import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toAmount } from '../../../shared/money.ts';
import {
  NOT_DELIVERED_MESSAGE,
  RETURN_WINDOW_CLOSED_MESSAGE,
  TOO_MANY_RETURNED_MESSAGE,
  type OrderReturns,
  type returnRequestSchema,
  type ShopperReturn,
} from '../../../shared/returns.contract.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orderItems, orderReturnItems, orderReturns, orders, orderStatusHistory, refunds, shops } from '../../db/schema.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import { notifyReturnRequested } from '../notifications/notifications.service.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { readStoreSetting } from '../settings/settings.service.ts';
import { mailOrderOf, presentReturns, refundedAmount, refundsWhere, returnedQuantities, returnsOfOrder } from './return-records.ts';
import { returnStepMail } from './return-mail.ts';

const DAY_MS = 86_400_000;

/** When the order was delivered (its last step to delivered), or null while it is not. */
async function deliveredAt(db: Db, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, 'delivered')))
    .orderBy(desc(orderStatusHistory.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The end of the order's return window; null while the order is not delivered. */
async function windowEnd(db: Db, order: { id: number; status: string }): Promise<Date | null> {
  if (order.status !== 'delivered') return null;
  const delivered = await deliveredAt(db, order.id);
  return delivered && new Date(delivered.getTime() + (await readStoreSetting(db, 'return_window_days')) * DAY_MS);
}

/** Each line of the order with how many of its units may still be asked back. */
async function returnableLines(db: Db, orderId: number) {
  const [lines, returned] = await Promise.all([
    db.select({ id: orderItems.id, name: orderItems.name, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    returnedQuantities(db, orderId),
  ]);
  return lines.map((line) => ({ ...line, returnable: line.quantity - (returned.get(line.id) ?? 0) }));
}

async function shopperOrder(db: Db, userId: number, orderId: number, { lock = false } = {}) {
  const query = db
    .select({ id: orders.id, status: orders.status, orderNumber: orders.orderNumber, shopId: orders.shopId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** `GET /api/orders/{id}/returns`: the shopper's returns of their order, what they may still return and until when, and the refunds made. */
export async function readOrderReturns(db: Db, userId: number, orderId: number, now: Date): Promise<OrderReturns> {
  const order = await shopperOrder(db, userId, orderId);
  const [ends, lines, returns, refundList, refunded] = await Promise.all([
    windowEnd(db, order),
    returnableLines(db, orderId),
    returnsOfOrder(db, orderId).then((rows) => presentReturns(db, rows)),
    refundsWhere(db, eq(refunds.orderId, orderId)),
    refundedAmount(db, orderId, 'succeeded'),
  ]);
  return {
    window_ends_at: ends?.toISOString() ?? null,
    can_request: ends !== null && now <= ends && lines.some((line) => line.returnable > 0),
    lines: lines.map((line) => ({ order_item_id: line.id, name: line.name, returnable_quantity: Math.max(0, line.returnable) })),
    returns,
    refunds: refundList.map(({ lines: _lines, ...refund }) => refund),
    refunded_amount: toAmount(refunded),
  };
}

export interface ReturnRequest {
  userId: number;
  orderId: number;
  input: z.infer<typeof returnRequestSchema>;
  /** The addresses of the pictures already stored. */
  photos: string[];
  locale: string;
  now: Date;
}

/**
 * `POST /api/orders/{id}/returns`: under the order's row lock (two requests at once never return a
 * unit twice), a delivered order within the store's return window, never more of a line than was
 * bought less what other returns (not declined) ask back. The staff are notified and the shopper
 * mailed in the same transaction.
 */
export async function requestReturn(app: FastifyInstance, request: ReturnRequest) {
  const { db } = app.database;
  const { userId, orderId, input, photos, locale, now } = request;
  const written = await inRetriedTransaction(db, async (tx) => {
    const order = await shopperOrder(tx, userId, orderId, { lock: true });
    if (order.status !== 'delivered') throw new HttpError(422, NOT_DELIVERED_MESSAGE);
    const ends = await windowEnd(tx, order);
    if (!ends || now > ends) throw new HttpError(422, RETURN_WINDOW_CLOSED_MESSAGE);
    const lines = new Map((await returnableLines(tx, orderId)).map((line) => [line.id, line]));
    for (const wanted of input.lines) {
      const line = lines.get(wanted.order_item_id);
      if (!line) throw validationFailed({ lines: ['The selected item is not in this order.'] });
      if (wanted.quantity > line.returnable) throw validationFailed({ lines: [TOO_MANY_RETURNED_MESSAGE] });
    }
    const [created] = await tx
      .insert(orderReturns)
      .values({ orderId, shopId: order.shopId, userId, reason: input.reason, photos, locale, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(orderReturnItems).values(input.lines.map((line) => ({ returnId: created!.id, orderItemId: line.order_item_id, quantity: line.quantity })));
    const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, order.shopId));
    const notifications = await notifyReturnRequested(tx, { returnId: created!.id, orderNumber: order.orderNumber, shopId: order.shopId, shop: shop!.name }, now);
    const mail = returnStepMail({ order: await mailOrderOf(tx, orderId), step: 'requested', locale, publicUrl: app.config.publicUrl });
    if (mail) await app.jobs.queueMail(mail, tx);
    return { created: created!, notifications };
  });
  app.jobs.sendQueuedMail();
  const [presented] = await presentReturns(db, [written.created]);
  return { return: presented as ShopperReturn, notifications: written.notifications };
}

