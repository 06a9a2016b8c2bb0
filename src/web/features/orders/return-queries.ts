import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { orderQueries } from './order-queries.ts';

/** An order's returns and refunds, under the order's keys so that the order's invalidation reaches them. */
export const returnQueries = {
  ofOrder: (orderId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'returns', orderId] as const,
      queryFn: ({ signal }) => api.call('GET /orders/:id/returns', { params: { id: String(orderId) }, signal }).then((body) => body.data),
    }),
  request: (orderId: number, body: FormData) => api.call('POST /orders/:id/returns', { params: { id: String(orderId) }, body }),
};
