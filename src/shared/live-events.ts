import type { NotificationUpdate } from './notifications.contract.ts';
import type { OrderStatus } from './order-statuses.ts';

/** What `GET /api/events` tells a signed-in user (a shopper, or a console member), by SSE event name. */
export interface LiveEventPayloads {
  'order.status_changed': { order_id: number; order_number: string; status: OrderStatus };
  'ticket.replied': { ticket_no: string };
  /** A console member's new notification and their unread count with it. */
  'console.notification': NotificationUpdate;
}

export type LiveEventType = keyof LiveEventPayloads;

export const liveEventTypes = ['order.status_changed', 'ticket.replied', 'console.notification'] as const satisfies readonly LiveEventType[];
