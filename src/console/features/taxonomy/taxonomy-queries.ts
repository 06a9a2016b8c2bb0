import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { z } from 'zod';
import type { taxonomyCreateSchemas, TaxonomyItem, TaxonomyKind } from '../../../shared/taxonomy-console.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { catalogueChoices, optionChoicesKey } from '../products/product-queries.ts';

/** One list the console shows: a kind's records, or one category's sub-categories. */
export interface TaxonomyListRef {
  kind: TaxonomyKind;
  /** Sub-categories: their category. */
  categoryId?: number;
}

/** What a create or an edit sends: a kind's fields as its shared schema leaves them. */
export type TaxonomyBody = z.output<(typeof taxonomyCreateSchemas)[TaxonomyKind]>;

/** Every query of the taxonomy screens; writes update or invalidate through the same keys. */
export const taxonomyQueries = {
  all: ['console', 'taxonomy'] as const,
  list: ({ kind, categoryId }: TaxonomyListRef) =>
    queryOptions({
      queryKey: [...taxonomyQueries.all, kind, categoryId ?? null] as const,
      queryFn: async ({ signal }): Promise<TaxonomyItem[]> =>
        kind === 'sub-categories'
          ? (await api.call('GET /console/sub-categories', { query: { category_id: categoryId }, signal })).data.items
          : (await api.call(`GET /console/${kind}`, { signal })).data.items,
    }),
};

/** The storefront's lists, the product editor's choices and the record's history follow a write. */
function useAfterWrite(list: TaxonomyListRef) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: taxonomyQueries.list(list).queryKey }),
      client.invalidateQueries({ queryKey: catalogueChoices.categories.queryKey }),
      client.invalidateQueries({ queryKey: catalogueChoices.units.queryKey }),
      client.invalidateQueries({ queryKey: optionChoicesKey }),
      client.invalidateQueries({ queryKey: auditLogKey }),
    ]);
}

/** Creates a record of the list (the form names a new sub-category's category), or edits one. */
export function useSaveTaxonomy(list: TaxonomyListRef, item?: TaxonomyItem) {
  const afterWrite = useAfterWrite(list);
  return useMutation({
    mutationFn: (body: TaxonomyBody) =>
      item
        ? api.call(`PATCH /console/${list.kind}/:id`, { params: { id: String(item.id) }, body })
        : api.call(`POST /console/${list.kind}`, { body }),
    onSuccess: afterWrite,
  });
}

/** Archives or restores a record: it leaves the storefront (or comes back), its products keep it. */
export function useArchiveTaxonomy(list: TaxonomyListRef) {
  const afterWrite = useAfterWrite(list);
  return useMutation({
    mutationFn: ({ item, archive }: { item: TaxonomyItem; archive: boolean }) =>
      api.call(`POST /console/${list.kind}/:id/${archive ? 'archive' : 'restore'}`, { params: { id: String(item.id) } }),
    onSuccess: afterWrite,
  });
}

/** Saves a new order of the whole list; the list shows it at once and goes back if the server refuses. */
export function useReorderTaxonomy(list: TaxonomyListRef) {
  const client = useQueryClient();
  const { queryKey } = taxonomyQueries.list(list);
  return useMutation({
    mutationFn: (items: TaxonomyItem[]) => api.call(`POST /console/${list.kind}/reorder`, { body: { ids: items.map((item) => item.id) } }),
    onMutate: async (items) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey);
      client.setQueryData(queryKey, items);
      return { before };
    },
    onError: (_error, _items, context) => client.setQueryData(queryKey, context?.before),
    onSuccess: (answer) => {
      client.setQueryData(queryKey, answer.data.items);
      return Promise.all([client.invalidateQueries({ queryKey: ['console', 'categories'] }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}
