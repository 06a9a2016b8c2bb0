import type { OrderStatus } from './order-statuses.ts';

/**
 * Where the store may move an order next: forward one step at a time, or cancelled until it is
 * picked up. Delivered and cancelled are final.
 */
export const nextOrderStatuses: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirm', 'cancelled'],
  confirm: ['processing', 'cancelled'],
  processing: ['pickup', 'cancelled'],
  pickup: ['on_the_way'],
  on_the_way: ['delivered'],
  delivered: [],
  cancelled: [],
};
