import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { ShopStatus } from '../../../shared/console.contract.ts';
import type { ShopCommission } from '../../../shared/shops.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

const shopApplicationsKey = ['console', 'shop-applications'] as const;

/** The shops in one status, oldest application first: the keyset page that starts at `cursor` (undefined: the first). */
export const shopApplicationsQuery = (status: ShopStatus, cursor: string | undefined) =>
  queryOptions({
    ...pageQuery([...shopApplicationsKey, status], cursor),
    queryFn: async ({ signal }) => (await api.call('GET /console/shop-applications', { query: { status, cursor }, signal })).data,
  });

export type ShopAction = 'approve' | 'reject' | 'suspend' | 'reinstate';

function decide(action: ShopAction, id: number, reason: string) {
  const params = { id: String(id) };
  if (action === 'reject') return api.call('POST /console/shops/:id/reject', { params, body: { reason } });
  if (action === 'suspend') return api.call('POST /console/shops/:id/suspend', { params, body: { reason } });
  if (action === 'approve') return api.call('POST /console/shops/:id/approve', { params });
  return api.call('POST /console/shops/:id/reinstate', { params });
}

/** A decision on a shop (a reason for rejecting and suspending); the shops' lists and the History are asked again. */
export function useShopDecision(action: ShopAction, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => decide(action, id, reason),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: shopApplicationsKey }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}

/** Sets or clears the shop's own commission rate; the shops' lists and the History are asked again. */
export function useSetShopCommission(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopCommission) => api.call('PUT /console/shops/:id/commission', { params: { id: String(id) }, body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: shopApplicationsKey }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
