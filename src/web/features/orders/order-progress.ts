import { orderStatuses, type OrderStatus } from '../../../shared/order-statuses.ts';
import type { OrderDetail } from '../../../shared/orders.contract.ts';

/** The way an order normally goes; a cancelled order stops wherever it was. */
const flow: OrderStatus[] = orderStatuses.filter((status) => status !== 'cancelled');

/** The steps an open order has still ahead of it; none once it is delivered or cancelled. */
export function stepsAhead(order: Pick<OrderDetail, 'status' | 'status_history'>): OrderStatus[] {
  if (order.status === 'cancelled' || order.status === 'delivered') return [];
  const reached = new Set<OrderStatus>(order.status_history.map((entry) => entry.status));
  return flow.filter((status) => !reached.has(status) && flow.indexOf(status) > flow.indexOf(order.status));
}
