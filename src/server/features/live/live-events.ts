import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventPayloads, LiveEventType } from '../../../shared/live-events.ts';
import type { EventBus } from '../../platform/event-bus.ts';

export interface LiveEventDependencies {
  events: EventBus;
  log: FastifyBaseLogger;
}

/**
 * Tells a user's open storefronts that something of theirs changed. The change itself is already
 * saved, so a bus failure is logged rather than failing it: the page still shows it on its next load.
 */
export async function publishLiveEvent<Type extends LiveEventType>(
  dependencies: LiveEventDependencies,
  userId: number,
  type: Type,
  payload: LiveEventPayloads[Type],
) {
  await publishOrLog(dependencies, userId, type, payload);
}

async function publishOrLog({ events, log }: LiveEventDependencies, userId: number, type: string, payload: Record<string, unknown>) {
  try {
    await events.publish(userId, type, payload);
  } catch (error) {
    log.error({ err: error, userId, type }, 'live event not published');
  }
}

/**
 * Not a storefront event: the user's open live streams, on every instance, check their own session
 * at once instead of at their next heartbeat. Sent after sessions of the user ended (a block, a
 * password change or reset, logout, removal from the staff), once that is committed.
 */
export const SESSIONS_ENDED = 'sessions.ended';

export const announceSessionsEnded = (dependencies: LiveEventDependencies, userId: number) => publishOrLog(dependencies, userId, SESSIONS_ENDED, {});

/** `order.status_changed` for the shopper whose order moved (admin, seller, the shopper or a payment). */
export function publishOrderStatusChanged(
  dependencies: LiveEventDependencies,
  order: { userId: number | null; id: number; orderNumber: string; status: LiveEventPayloads['order.status_changed']['status'] },
) {
  // A guest has no live stream to tell.
  if (order.userId === null) return;
  return publishLiveEvent(dependencies, order.userId, 'order.status_changed', {
    order_id: order.id,
    order_number: order.orderNumber,
    status: order.status,
  });
}

/** `order.tracking_changed` for the shopper one of whose parcels the store corrected. */
export function publishTrackingChanged(dependencies: LiveEventDependencies, order: { userId: number | null; id: number; orderNumber: string }) {
  if (order.userId === null) return;
  return publishLiveEvent(dependencies, order.userId, 'order.tracking_changed', { order_id: order.id, order_number: order.orderNumber });
}

/** `order.return_changed` for the shopper whose return the store took a step with. */
export function publishReturnChanged(
  dependencies: LiveEventDependencies,
  order: { userId: number | null; id: number; orderNumber: string },
  status: LiveEventPayloads['order.return_changed']['status'],
) {
  if (order.userId === null) return;
  return publishLiveEvent(dependencies, order.userId, 'order.return_changed', { order_id: order.id, order_number: order.orderNumber, status });
}

/** `ticket.status_changed` for the shopper whose ticket the store closed or reopened. */
export const publishTicketStatusChanged = (
  dependencies: LiveEventDependencies,
  ticket: { userId: number; ticketNo: string },
  status: LiveEventPayloads['ticket.status_changed']['status'],
) => publishLiveEvent(dependencies, ticket.userId, 'ticket.status_changed', { ticket_no: ticket.ticketNo, status });
