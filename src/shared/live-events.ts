import type { NotificationUpdate } from './notifications.contract.ts';
import type { OrderStatus } from './order-statuses.ts';
import type { ReturnStatus } from './returns.contract.ts';
import type { TicketStatus } from './support-tickets.ts';

/** What `GET /api/events` tells a signed-in user (a shopper, or a console member), by SSE event name. */
export interface LiveEventPayloads {
  'order.status_changed': { order_id: number; order_number: string; status: OrderStatus };
  /** The store corrected the carrier or tracking of one of the order's parcels. */
  'order.tracking_changed': { order_id: number; order_number: string };
  /** A return of the order took a step (the store approved, declined, received or refunded it). */
  'order.return_changed': { order_id: number; order_number: string; status: ReturnStatus };
  'ticket.replied': { ticket_no: string };
  /** The store closed or reopened the ticket. */
  'ticket.status_changed': { ticket_no: string; status: Extract<TicketStatus, 'closed' | 'open'> };
  /** A console member's new notification and their unread count with it. */
  'console.notification': NotificationUpdate;
}

export type LiveEventType = keyof LiveEventPayloads;
