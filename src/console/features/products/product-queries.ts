import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { ProductBulk, ProductCreate, ProductUpdate, StockAdjustment } from '../../../shared/catalog-console.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { productStatuses, type ProductStatus } from '../../../shared/catalog-console.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { positiveId } from '../../ui/url-list.tsx';

/** What the products list shows, as kept in the page's address (`?status=draft&category_id=3&search=lamp`). */
export interface ProductListFilters {
  status?: ProductStatus;
  category_id?: number;
  shop_id?: number;
  /** Part of the name. */
  search?: string;
  /** A variant's exact SKU. */
  sku?: string;
  /** By name; left out: newest first. */
  sort?: 'name';
}

const nonEmpty = (value: string | null) => value?.trim() || undefined;

/** The filters of an address's query; what is not a valid filter is left out rather than sent to be refused. */
export function filtersFromSearch(params: URLSearchParams): ProductListFilters {
  const status = params.get('status');
  return {
    status: productStatuses.find((known) => known === status),
    category_id: positiveId(params.get('category_id')),
    shop_id: positiveId(params.get('shop_id')),
    search: nonEmpty(params.get('search')),
    sku: nonEmpty(params.get('sku')),
    sort: params.get('sort') === 'name' ? 'name' : undefined,
  };
}

/** Every query of the products screens; mutations invalidate through the same keys. */
export const productQueries = {
  all: ['console', 'products'] as const,
  lists: () => [...productQueries.all, 'list'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: ProductListFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...productQueries.lists(), filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/products', { query: { ...filters, cursor }, signal })).data,
    }),
  details: () => [...productQueries.all, 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...productQueries.details(), id] as const,
      queryFn: async ({ signal }) => (await api.call('GET /console/products/:id', { params: { id: String(id) }, signal })).data.product,
    }),
};

/** The lists a product's brand and its variants' options are chosen from. */
export type OptionKind = 'brands' | 'colors' | 'sizes';
/** The key of every option list: a taxonomy write invalidates them all. */
export const optionChoicesKey = ['console', 'choices'] as const;

/** Categories and shops for the filters and the editor: the storefront's public lists. */
export const catalogueChoices = {
  categories: queryOptions({
    queryKey: ['console', 'categories'] as const,
    queryFn: async ({ signal }) => (await api.call('GET /categories', { signal })).data.categories,
    staleTime: 5 * 60_000,
  }),
  /** The store's units, archived ones too (the taxonomy's list). */
  units: queryOptions({
    queryKey: ['console', 'units'] as const,
    queryFn: async ({ signal }) => (await api.call('GET /console/units', { signal })).data.items,
    staleTime: 5 * 60_000,
  }),
  /** The store's brands, colours or sizes, archived ones too (the taxonomy's lists), to choose and name them by. */
  options: (kind: OptionKind) =>
    queryOptions({
      queryKey: [...optionChoicesKey, kind] as const,
      queryFn: async ({ signal }) => (await api.call(`GET /console/${kind}`, { signal })).data.items,
      staleTime: 5 * 60_000,
    }),
  shops: queryOptions({
    queryKey: ['console', 'shops'] as const,
    queryFn: async ({ signal }) => (await api.call('GET /shops', { signal })).data.shops,
    staleTime: 5 * 60_000,
  }),
};

/** After a write: the lists, this product's detail and its History are asked again. */
function useInvalidateProducts() {
  const client = useQueryClient();
  return (id?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: productQueries.lists() }),
      id === undefined ? undefined : client.invalidateQueries({ queryKey: productQueries.detail(id).queryKey }),
      client.invalidateQueries({ queryKey: auditLogKey }),
    ]);
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: ProductCreate) => api.call('POST /console/products', { body }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateProduct(id: number) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: ProductUpdate) => api.call('PATCH /console/products/:id', { params: { id: String(id) }, body }),
    onSuccess: () => invalidate(id),
  });
}

/** Duplicate or archive: a call on the product with no body. */
export function useProductAction(id: number, action: 'duplicate' | 'archive') {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: () => api.call(`POST /console/products/:id/${action}`, { params: { id: String(id) } }),
    onSuccess: () => invalidate(id),
  });
}

export function useAdjustStock(productId: number, variantId: number) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: StockAdjustment) => api.call('POST /console/products/:id/variants/:variantId/stock', { params: { id: String(productId), variantId: String(variantId) }, body }),
    onSuccess: () => invalidate(productId),
  });
}

/** One call on every selected product (publish, move, adjust prices, archive); every product query and the History are asked again. */
export function useBulkProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBulk) => api.call('POST /console/products/bulk', { body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: productQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
