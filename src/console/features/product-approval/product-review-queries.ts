import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { ProductReviewStatus } from '../../../shared/product-review-console.contract.ts';

/** Every query of the store's product approval queue starts with this key. */
export const productReviewsKey = ['console', 'product-reviews'] as const;

export const productReviewQueries = {
  /** The proposals in one status, oldest first, a keyset page at a time. */
  list: (status: ProductReviewStatus) =>
    infiniteQueryOptions({
      queryKey: [...productReviewsKey, 'list', status],
      queryFn: async ({ pageParam, signal }) => (await api.call('GET /console/product-reviews', { query: { status, ...(pageParam && { cursor: pageParam }) }, signal })).data,
      initialPageParam: '',
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
  /** One proposal with the product as the storefront shows it now and as it would be. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...productReviewsKey, 'detail', id],
      queryFn: async ({ signal }) => (await api.call('GET /console/product-reviews/:id', { params: { id: String(id) }, signal })).data,
    }),
};
