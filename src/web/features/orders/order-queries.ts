import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { api, type Envelope } from '../../lib/api-client.ts';
import type { OrderDetail, OrderList, ReviewInput } from '../../../shared/orders.contract.ts';
import type { OrderStatusTab } from './order-params.ts';

export interface OrderListParams {
  status: OrderStatusTab;
  page: number;
  perPage?: number;
}

/** How many orders the dashboard shows. */
const RECENT_ORDERS = 5;

/** Keys and fetchers of the shopper's orders; live updates and mutations invalidate through `all()`/`lists()`/`detail()`. */
export const orderQueries = {
  all: () => ['orders'] as const,
  lists: () => [...orderQueries.all(), 'list'] as const,
  list: ({ status, page, perPage = PAGE_SIZE }: OrderListParams) =>
    queryOptions({
      queryKey: [...orderQueries.lists(), { status, page, perPage }],
      queryFn: ({ signal }) =>
        api
          .get<Envelope<OrderList>>('/orders', { order_status: status === 'all' ? undefined : status, page, per_page: perPage }, signal)
          .then((body) => body.data),
      // Paging within one status keeps the previous page on screen; another status starts afresh.
      placeholderData: (previous, previousQuery) =>
        (previousQuery?.queryKey[2] as OrderListParams | undefined)?.status === status ? previous : undefined,
    }),
  /** The dashboard's latest orders. */
  recent: () => orderQueries.list({ status: 'all', page: 1, perPage: RECENT_ORDERS }),
  details: () => [...orderQueries.all(), 'detail'] as const,
  detail: (id: number | string) =>
    queryOptions({
      queryKey: [...orderQueries.details(), String(id)],
      queryFn: ({ signal }) =>
        api.get<Envelope<{ order: OrderDetail }>>(`/orders/${encodeURIComponent(id)}`, undefined, signal).then((body) => body.data.order),
    }),
  /** A guest's order, by the key of the link in its confirmation mail. */
  guest: (key: string) =>
    queryOptions({
      queryKey: [...orderQueries.details(), 'guest', key],
      queryFn: ({ signal }) =>
        api.get<Envelope<{ order: OrderDetail }>>(`/guest-orders/${encodeURIComponent(key)}`, undefined, signal).then((body) => body.data.order),
    }),
};

export const orderRequests = {
  cancel: (id: number) => api.post<Envelope<{ order: OrderDetail }>>(`/orders/${id}/cancel`),
  review: (id: number, input: ReviewInput) => api.post<Envelope<Record<string, never>>>(`/orders/${id}/reviews`, input),
};
