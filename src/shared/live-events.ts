import type { OrderStatus } from './order-statuses.ts';

/** What `GET /api/events` tells a signed-in shopper, by SSE event name. */
export interface LiveEventPayloads {
  'order.status_changed': { order_id: number; order_number: string; status: OrderStatus };
  'ticket.replied': { ticket_no: string };
}

export type LiveEventType = keyof LiveEventPayloads;

export const liveEventTypes = ['order.status_changed', 'ticket.replied'] as const satisfies readonly LiveEventType[];
