import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { consoleMeQuery } from '../access/console-me.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

/** A shop's profile: the seller's own, or (the store's staff) the shop `shopId`. */
export const shopQuery = (shopId: number | undefined) =>
  queryOptions({
    queryKey: ['console', 'shop', shopId ?? 'own'],
    queryFn: async ({ signal }) => (await api.call('GET /console/shop', { query: shopId ? { shop_id: shopId } : {}, signal })).data.shop,
  });

/** Saves the profile's fields and pictures (multipart); the page shows the answer, and the console's `me` (its shop's name) and the History are asked again. */
export function useSaveShopProfile(shopId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: FormData) => (await api.call('PATCH /console/shop', { query: shopId ? { shop_id: shopId } : {}, body })).data.shop,
    onSuccess: (saved) => {
      client.setQueryData(shopQuery(shopId).queryKey, saved);
      return Promise.all([client.invalidateQueries({ queryKey: consoleMeQuery.queryKey }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}
