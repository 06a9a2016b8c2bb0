import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productListQuerySchema } from '../../../shared/catalog.contract.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { api, ApiError } from '../../../client/lib/api-client.ts';

/** `GET /api/products` parameters; absent ones are left out of the request and of the query key. */
export type ProductListParams = z.input<typeof productListQuerySchema>;

/** What a listing is about; paging and filtering within it keeps the previous page on screen, a new scope does not. */
const scopeKeys = ['search', 'shop_id', 'category_id', 'sub_category_id', 'flash_sale_id', 'discounted'] as const;

const sameScope = (a: ProductListParams, b: ProductListParams) => scopeKeys.every((key) => a[key] === b[key]);

/** Drops empty values so that `{ brand_id: undefined }` and `{}` share one cache entry. */
function compact(params: ProductListParams): ProductListParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as ProductListParams;
}

export const catalogQueries = {
  /** `preview`: a home preview link's token (`/?home_preview=`), which shows the console's draft sections. */
  home: (preview?: string) =>
    queryOptions({
      queryKey: preview ? ['home', { preview }] : ['home'],
      queryFn: ({ signal }) => api.call('GET /home', { query: preview ? { home_preview: preview } : {}, signal }).then((body) => body.data),
    }),
  products: (params: ProductListParams) => {
    const query = compact({ per_page: PAGE_SIZE, ...params });
    return queryOptions({
      queryKey: ['products', query],
      queryFn: ({ signal }) => api.call('GET /products', { query, signal }).then((body) => body.data),
      placeholderData: (previous, previousQuery) =>
        previousQuery && sameScope(previousQuery.queryKey[1] as ProductListParams, query) ? previous : undefined,
    });
  },
  product: (id: number | string) =>
    queryOptions({
      queryKey: ['product', String(id)],
      queryFn: ({ signal }) => api.call('GET /products/:id', { params: { id }, signal }).then((body) => body.data.product),
    }),
  category: (slugOrId: string) =>
    queryOptions({
      queryKey: ['category', slugOrId],
      queryFn: ({ signal }) => api.call('GET /categories/:slug', { params: { slug: slugOrId }, signal }).then((body) => body.data.category),
      staleTime: 5 * 60_000,
    }),
  shops: () =>
    queryOptions({
      queryKey: ['shops'],
      queryFn: ({ signal }) => api.call('GET /shops', { signal }).then((body) => body.data.shops),
    }),
  shop: (id: number | string) =>
    queryOptions({
      queryKey: ['shop', String(id)],
      queryFn: ({ signal }) => api.call('GET /shops/:id', { params: { id }, signal }).then((body) => body.data.shop),
    }),
  /** Every page of one flash sale, to refresh them together. */
  flashSaleKey: (id: number | string) => ['flash-sale', String(id)] as const,
  flashSale: (id: number | string, page: number) =>
    queryOptions({
      queryKey: [...catalogQueries.flashSaleKey(id), page],
      queryFn: ({ signal }) => api.call('GET /flash-sales/:id', { params: { id }, query: { page, per_page: PAGE_SIZE }, signal }).then((body) => body.data),
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === String(id) ? previous : undefined),
    }),
};

/**
 * Whether an answer means "there is no such thing": 404, or 422 for an id that cannot exist
 * (`/products/abc/details`), which the shopper should see the same way.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 422);
}
