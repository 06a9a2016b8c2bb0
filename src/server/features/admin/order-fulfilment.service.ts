import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { shippableStatuses, type ShipmentInput, type ShipmentTracking } from '../../../shared/order-fulfilment.contract.ts';
import type { OrderStatus } from '../../../shared/order-statuses.ts';
import { nextOrderStatuses } from '../../../shared/order-transitions.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { orderItems, orders, orderShipmentItems, orderShipments, orderStatusHistory, payments } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { conflict, HttpError, notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { publishTrackingChanged } from '../live/live-events.ts';
import { orderNewsMail } from '../orders/order-news-mail.ts';
import { CASH, findStaffOrder, mailingStore, markCashCollected, publishOrderChange, type OrderMover } from './order-operations.service.ts';

type ConsoleMover = OrderMover & { audit: AuditContext };

/** The steps the transition table takes an order from `from` to "on the way", cancelling aside (decision 037). */
function stepsToOnTheWay(from: OrderStatus): OrderStatus[] {
  const steps: OrderStatus[] = [];
  let at = from;
  while (at !== 'on_the_way') {
    const next = nextOrderStatuses[at].find((status) => status !== 'cancelled');
    if (!next) break;
    steps.push(next);
    at = next;
  }
  return steps;
}

/** The order's row and its payment's, locked in the order every status change takes them; answers the order's status and payment status now. */
async function lockOrder(tx: Db, order: { id: number; paymentId: number }) {
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, order.paymentId)).for('update');
  const [locked] = await tx.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id)).for('update');
  return locked;
}

/** Each line of the order with the units not yet in a parcel. */
function unshippedLines(tx: Db, orderId: number) {
  return tx
    .select({
      id: orderItems.id,
      name: orderItems.name,
      translations: orderItems.translations,
      left: sql<number>`${orderItems.quantity} - coalesce((select sum(${orderShipmentItems.quantity}) from ${orderShipmentItems} where ${orderShipmentItems.orderItemId} = ${orderItems.id}), 0)::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

type Unshipped = Awaited<ReturnType<typeof unshippedLines>>;

/** Field errors for lines that are not the order's or ship more than is left; empty when the parcel fits. */
function parcelErrors(input: ShipmentInput, lines: Unshipped): FieldErrors {
  const errors: FieldErrors = {};
  input.lines.forEach((wanted, index) => {
    const line = lines.find((candidate) => candidate.id === wanted.order_item_id);
    if (!line) errors[`lines.${index}.order_item_id`] = ['This line is not part of this order.'];
    else if (line.left === 0) errors[`lines.${index}.quantity`] = ['This line has shipped already.'];
    else if (wanted.quantity > line.left) errors[`lines.${index}.quantity`] = [`The quantity must not be greater than ${line.left}.`];
  });
  return errors;
}

/**
 * `POST /api/console/orders/{id}/shipments`: records a parcel of some or all of the units not yet
 * shipped, under the order's lock so two parcels never ship the same units. The parcel holding the
 * last units moves the order through the transition table to "on the way" (each step in the
 * history); the shopper is mailed the carrier, tracking number and link, and told live: of the new
 * status, or of the new parcel's tracking when the order stays where it was.
 */
export async function shipOrder(app: FastifyInstance, mover: ConsoleMover, orderId: number, input: ShipmentInput, log: FastifyBaseLogger): Promise<void> {
  const order = await findStaffOrder(app.database.db, mover, orderId);
  const store = await mailingStore(app);
  const now = app.clock.now();
  let status = order.status;
  let moved = false;
  let mailQueued = false;
  await inRetriedTransaction(app.database.db, async (tx) => {
    const locked = await lockOrder(tx, order);
    if (!locked || !shippableStatuses.includes(locked.status)) {
      throw new HttpError(422, locked?.status === 'pending' ? 'Confirm the order before shipping it.' : 'This order can no longer be shipped.');
    }
    const lines = await unshippedLines(tx, order.id);
    const errors = parcelErrors(input, lines);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);

    const [shipment] = await tx
      .insert(orderShipments)
      .values({ orderId: order.id, carrier: input.carrier, trackingNumber: input.tracking_number, trackingUrl: input.tracking_url, actorUserId: mover.userId, createdAt: now })
      .returning({ id: orderShipments.id });
    await tx.insert(orderShipmentItems).values(input.lines.map((line) => ({ shipmentId: shipment!.id, orderItemId: line.order_item_id, quantity: line.quantity })));
    const complete = lines.every((line) => line.left === (input.lines.find((wanted) => wanted.order_item_id === line.id)?.quantity ?? 0));
    const steps = complete ? stepsToOnTheWay(locked.status) : [];
    moved = steps.length > 0;
    if (moved) {
      status = steps.at(-1)!;
      await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values(steps.map((step) => ({ orderId: order.id, status: step, actorUserId: mover.userId, createdAt: now })));
    }
    await recordAudit(tx, mover.audit, {
      action: 'order.ship',
      entityType: 'order',
      entityId: order.id,
      shopId: order.shopId,
      before: { status: locked.status },
      after: { status, shipment: { id: shipment!.id, carrier: input.carrier, tracking_number: input.tracking_number, tracking_url: input.tracking_url, lines: input.lines } },
    });
    const parcel = {
      carrier: input.carrier,
      trackingNumber: input.tracking_number,
      trackingUrl: input.tracking_url,
      lines: input.lines.map((wanted) => {
        const { name, translations } = lines.find((line) => line.id === wanted.order_item_id)!;
        return { name, translations, quantity: wanted.quantity };
      }),
    };
    const mail = orderNewsMail(order, { kind: 'shipped', complete, parcel }, store);
    if (mail) await app.jobs.queueMail(mail, tx);
    mailQueued = mail !== null;
  });
  if (mailQueued) app.jobs.sendQueuedMail();
  // A parcel that leaves the order where it was is news of a parcel, not of the order's status.
  if (moved) await publishOrderChange(app, order, status, log);
  else await publishTrackingChanged({ events: app.events, log }, order);
}

export const SHIPMENT_NOT_FOUND_MESSAGE = 'Shipment not found';

/**
 * `PATCH /api/console/orders/{id}/shipments/{shipmentId}`: corrects a parcel's carrier, tracking
 * number and link (its units stay) while the order is still on its way to the shopper, who is
 * mailed the corrected tracking and told live. Nothing changed is nothing to tell.
 */
export async function correctShipment(
  app: FastifyInstance,
  mover: ConsoleMover,
  { orderId, shipmentId }: { orderId: number; shipmentId: number },
  input: ShipmentTracking,
  log: FastifyBaseLogger,
): Promise<void> {
  const order = await findStaffOrder(app.database.db, mover, orderId);
  const store = await mailingStore(app);
  let changed = false;
  let mailQueued = false;
  await inRetriedTransaction(app.database.db, async (tx) => {
    const locked = await lockOrder(tx, order);
    const [shipment] = await tx.select().from(orderShipments).where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.orderId, order.id)));
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
    if (!locked || !shippableStatuses.includes(locked.status)) throw new HttpError(422, 'This order’s parcels can no longer be changed.');
    const before: ShipmentTracking = { carrier: shipment.carrier, tracking_number: shipment.trackingNumber, tracking_url: shipment.trackingUrl };
    const after: ShipmentTracking = { carrier: input.carrier, tracking_number: input.tracking_number, tracking_url: input.tracking_url };
    changed = before.carrier !== after.carrier || before.tracking_number !== after.tracking_number || before.tracking_url !== after.tracking_url;
    if (!changed) return;
    await tx.update(orderShipments).set({ carrier: input.carrier, trackingNumber: input.tracking_number, trackingUrl: input.tracking_url }).where(eq(orderShipments.id, shipment.id));
    await recordAudit(tx, mover.audit, { action: 'order.correct_shipment', entityType: 'order', entityId: order.id, shopId: order.shopId, before: { shipment: { id: shipment.id, ...before } }, after: { shipment: { id: shipment.id, ...after } } });
    const lines = await tx
      .select({ name: orderItems.name, translations: orderItems.translations, quantity: orderShipmentItems.quantity })
      .from(orderShipmentItems)
      .innerJoin(orderItems, eq(orderItems.id, orderShipmentItems.orderItemId))
      .where(eq(orderShipmentItems.shipmentId, shipment.id))
      .orderBy(asc(orderItems.id));
    const parcel = { carrier: input.carrier, trackingNumber: input.tracking_number, trackingUrl: input.tracking_url, lines };
    const mail = orderNewsMail(order, { kind: 'tracking_corrected', parcel }, store);
    if (mail) await app.jobs.queueMail(mail, tx);
    mailQueued = mail !== null;
  });
  if (mailQueued) app.jobs.sendQueuedMail();
  if (changed) await publishTrackingChanged({ events: app.events, log }, order);
}

/**
 * `POST /api/console/orders/{id}/mark-paid`: the cash of a cash-on-delivery order was collected
 * (before or without the delivery step), audited as `order.paid`.
 */
export async function markOrderPaid(app: FastifyInstance, mover: ConsoleMover, orderId: number, log: FastifyBaseLogger): Promise<void> {
  const order = await findStaffOrder(app.database.db, mover, orderId);
  if (order.paymentMethod !== CASH) throw new HttpError(422, 'Only a cash on delivery order is marked paid here.');
  const now = app.clock.now();
  await inRetriedTransaction(app.database.db, async (tx) => {
    const locked = await lockOrder(tx, order);
    if (locked?.paymentStatus === 'paid') throw conflict('This order is already paid.');
    if (!locked || locked.status === 'cancelled') throw new HttpError(422, 'A cancelled order cannot be marked paid.');
    await markCashCollected(tx, order, now);
    await recordAudit(tx, mover.audit, {
      action: 'order.mark_paid',
      entityType: 'order',
      entityId: order.id,
      shopId: order.shopId,
      before: { payment_status: locked.paymentStatus },
      after: { payment_status: 'paid' },
    });
  });
  await publishOrderChange(app, order, order.status, log);
}

