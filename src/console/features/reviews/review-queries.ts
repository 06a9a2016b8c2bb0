import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { reviewVisibilities, type ReviewVisibility } from '../../../shared/review-moderation.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { pageQuery } from '../../ui/page-query.ts';

/** What the reviews list shows, as kept in the page's address (`?visibility=hidden&rating=1`). */
export interface ReviewListFilters {
  visibility?: ReviewVisibility;
  product_id?: number;
  rating?: number;
}

export function reviewFiltersFrom(params: URLSearchParams): ReviewListFilters {
  const visibility = params.get('visibility');
  const productId = params.get('product_id');
  const rating = params.get('rating');
  return {
    visibility: reviewVisibilities.find((known) => known === visibility),
    product_id: productId && /^[1-9]\d{0,9}$/.test(productId) ? Number(productId) : undefined,
    rating: rating && /^[1-5]$/.test(rating) ? Number(rating) : undefined,
  };
}

export const reviewQueries = {
  lists: () => ['console', 'reviews', 'list'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: ReviewListFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...reviewQueries.lists(), filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/reviews', { query: { ...filters, cursor }, signal })).data,
    }),
};

/** Hides or shows a review with a reason; the list and the history follow. */
export function useReviewVisibility(id: number, hide: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => {
      const request = { params: { id: String(id) }, body: { reason } };
      return hide ? api.call('POST /console/reviews/:id/hide', request) : api.call('POST /console/reviews/:id/show', request);
    },
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: reviewQueries.lists() }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
