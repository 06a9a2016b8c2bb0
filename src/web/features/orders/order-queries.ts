import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import type { z } from 'zod';
import type { reviewInputSchema } from '../../../shared/orders.contract.ts';
import { api } from '../../../client/lib/api-client.ts';
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
        api.call('GET /orders', { query: { order_status: status === 'all' ? undefined : status, page, per_page: perPage }, signal }).then((body) => body.data),
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
      queryFn: ({ signal }) => api.call('GET /orders/:id', { params: { id: String(id) }, signal }).then((body) => body.data.order),
    }),
  /** A guest's order, by the key of the link in its confirmation mail. */
  guest: (key: string) =>
    queryOptions({
      queryKey: [...orderQueries.details(), 'guest', key],
      queryFn: ({ signal }) => api.call('GET /guest-orders/:key', { params: { key }, signal }).then((body) => body.data.order),
    }),
};

export const orderRequests = {
  cancel: (id: number) => api.call('POST /orders/:id/cancel', { params: { id: String(id) } }),
  review: (id: number, input: z.input<typeof reviewInputSchema>) => api.call('POST /orders/:id/reviews', { params: { id: String(id) }, body: input }),
};
