import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { ProductReviewRejection, ProductReviewRow, ProductReviewStatus } from '../../../shared/product-review-console.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { productQueries } from '../products/product-queries.ts';

/** Every query of the store's product approval queue starts with this key. */
export const productReviewsKey = ['console', 'product-reviews'] as const;

export const productReviewQueries = {
  /** The proposals in one status, oldest first: the keyset page that starts at `cursor` (undefined: the first). */
  list: (status: ProductReviewStatus, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...productReviewsKey, 'list', status], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/product-reviews', { query: { status, cursor }, signal })).data,
    }),
  /** One proposal with the product as the storefront shows it now and as it would be. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...productReviewsKey, 'detail', id],
      queryFn: async ({ signal }) => (await api.call('GET /console/product-reviews/:id', { params: { id: String(id) }, signal })).data,
    }),
};

/** After a decision: the queue, the product's page and the History are asked again. */
function useDecided(productId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: productReviewsKey }),
      client.invalidateQueries({ queryKey: productQueries.detail(productId).queryKey }),
      client.invalidateQueries({ queryKey: auditLogKey }),
    ]);
}

/** Approves a proposal: the product on sale (or changed) as proposed. */
export function useApproveProductReview(review: ProductReviewRow) {
  const decided = useDecided(review.product.id);
  return useMutation({ mutationFn: () => api.call('POST /console/product-reviews/:id/approve', { params: { id: String(review.id) } }), onSuccess: decided });
}

/** Rejects a proposal with a reason the seller reads. */
export function useRejectProductReview(review: ProductReviewRow) {
  const decided = useDecided(review.product.id);
  return useMutation({ mutationFn: (body: ProductReviewRejection) => api.call('POST /console/product-reviews/:id/reject', { params: { id: String(review.id) }, body }), onSuccess: decided });
}
