import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { pageQuery } from '../../ui/page-query.ts';

export const earningsQueries = {
  all: ['console', 'earnings'] as const,
  /** A shop's balances and a page of its ledger; a seller's people leave the shop out (the server reads their own). */
  ledger: (shopId: number | undefined, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...earningsQueries.all, 'ledger', shopId ?? 'own'], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/earnings', { query: { shop_id: shopId, cursor }, signal })).data,
    }),
  /** The store's overview: a page of the shops by name, and the totals over all of them. */
  overview: (cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...earningsQueries.all, 'shops'], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/earnings/shops', { query: { cursor }, signal })).data,
    }),
};
