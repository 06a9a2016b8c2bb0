import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { StockAdjustment } from '../../../shared/catalog-console.contract.ts';
import { productQueries } from '../products/product-queries.ts';
import { pageQuery } from '../../ui/page-query.ts';

/** What the stock screen shows, as kept in its address (`?low_stock=true&search=lamp`). */
export interface StockFilters {
  low_stock?: 'true';
  search?: string;
}

export function stockFiltersFrom(params: URLSearchParams): StockFilters {
  return { low_stock: params.get('low_stock') === 'true' ? 'true' : undefined, search: params.get('search')?.trim() || undefined };
}

/** Every query of the stock screen; a stock move invalidates these and the products'. */
export const stockQueries = {
  all: ['console', 'stock'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: StockFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...stockQueries.all, 'list', filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/stock', { query: { ...filters, cursor }, signal })).data,
    }),
  movements: (productId: number, variantId: number) =>
    infiniteQueryOptions({
      queryKey: [...stockQueries.all, 'movements', variantId] as const,
      queryFn: async ({ pageParam, signal }) =>
        (await api.call('GET /console/products/:id/variants/:variantId/movements', { params: { id: String(productId), variantId: String(variantId) }, query: pageParam ? { cursor: pageParam } : {}, signal })).data,
      initialPageParam: '',
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
};

/** A stock move through the ledger route; the stock list, the variant's history and the products are asked again. */
export function useMoveStock(productId: number, variantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustment) => api.call('POST /console/products/:id/variants/:variantId/stock', { params: { id: String(productId), variantId: String(variantId) }, body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: stockQueries.all }), client.invalidateQueries({ queryKey: productQueries.all })]),
  });
}
