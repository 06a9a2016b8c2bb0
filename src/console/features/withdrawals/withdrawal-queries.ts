import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { withdrawalStatuses, type WithdrawalRequest, type WithdrawalStatus } from '../../../shared/withdrawals.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { positiveId } from '../../ui/url-list.tsx';
import { auditLogKey } from '../audit/audit-queries.ts';

/** What the withdrawals list shows, as kept in its address (`?status=requested&shop_id=3`). */
export interface WithdrawalFilters {
  status?: WithdrawalStatus;
  /** The store's staff only: a seller's people always see their own shop's. */
  shop_id?: number;
}

export const withdrawalFiltersFrom = (params: URLSearchParams): WithdrawalFilters => ({
  status: withdrawalStatuses.find((known) => known === params.get('status')),
  shop_id: positiveId(params.get('shop_id')),
});

export const withdrawalQueries = {
  all: ['console', 'withdrawals'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: WithdrawalFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...withdrawalQueries.all, 'list', filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/withdrawals', { query: { ...filters, cursor }, signal })).data,
    }),
  /** The seller's available balance and the store's minimum, for the request form. */
  terms: queryOptions({
    queryKey: ['console', 'withdrawals', 'terms'] as const,
    queryFn: async ({ signal }) => (await api.call('GET /console/withdrawals/terms', { signal })).data,
  }),
};

/** After a write: the withdrawals, the balance and the audit log are asked again. */
const refreshAfterWrite = (client: ReturnType<typeof useQueryClient>) => () =>
  Promise.all([client.invalidateQueries({ queryKey: withdrawalQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]);

/** A seller's people ask for an amount of the shop's balance to be paid to these details. */
export function useRequestWithdrawal() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: WithdrawalRequest) => api.call('POST /console/withdrawals', { body }), onSuccess: refreshAfterWrite(client) });
}

export type WithdrawalStep = { id: number; step: 'approve' } | { id: number; step: 'pay'; reference: string } | { id: number; step: 'reject'; reason: string };

/** The store approves a requested withdrawal, marks an approved one paid (with the transfer's reference), or rejects one (with a reason). */
export function useDecideWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: WithdrawalStep) => {
      const params = { id: String(decision.id) };
      if (decision.step === 'approve') return api.call('POST /console/withdrawals/:id/approve', { params });
      if (decision.step === 'pay') return api.call('POST /console/withdrawals/:id/pay', { params, body: { reference: decision.reference } });
      return api.call('POST /console/withdrawals/:id/reject', { params, body: { reason: decision.reason } });
    },
    onSuccess: refreshAfterWrite(client),
  });
}

/**
 * The store's staff who pay read a withdrawal's payout details in full; the server audits each reading.
 * The answer lives only as long as the dialog asking for it: nothing goes into the query cache, and
 * `gcTime: 0` drops the mutation, details and all, once its component is gone.
 */
export function useRevealPayoutDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('POST /console/withdrawals/:id/payout-details', { params: { id: String(id) } }),
    gcTime: 0,
    onSuccess: () => client.invalidateQueries({ queryKey: auditLogKey }),
  });
}
