import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { returnStatuses, type ReturnStatus } from '../../../shared/returns.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { pageQuery } from '../../ui/page-query.ts';

/** The returns list's tabs: one status, or every return. */
export type ReturnTab = ReturnStatus | 'all';

/** The status tab of an address's query (`?status=requested`); anything else is every return. */
export const returnFiltersFrom = (params: URLSearchParams): { status?: ReturnStatus } => ({ status: returnStatuses.find((known) => known === params.get('status')) });

/** Every query of the returns screens and an order's refunds; the steps invalidate through the same keys. */
export const returnQueries = {
  all: ['console', 'returns'] as const,
  lists: () => [...returnQueries.all, 'list'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (status: ReturnStatus | undefined, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...returnQueries.lists(), status ?? 'all'], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/returns', { query: { status, cursor }, signal })).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...returnQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) => (await api.call('GET /console/returns/:id', { params: { id: String(id) }, signal })).data.return,
    }),
  refunds: (orderId: number) =>
    queryOptions({
      queryKey: ['console', 'orders', 'refunds', orderId] as const,
      queryFn: async ({ signal }) => (await api.call('GET /console/orders/:id/refunds', { params: { id: String(orderId) }, signal })).data,
    }),
};

type ReturnStep =
  | { step: 'approve'; body: EndpointBody<'POST /console/returns/:id/approve'> }
  | { step: 'reject'; body: EndpointBody<'POST /console/returns/:id/reject'> }
  | { step: 'receive'; body: EndpointBody<'POST /console/returns/:id/receive'> };

/**
 * Approve, reject or receive a return: the page shows the answer; the lists, the order (its page and
 * refunds: a received return may be refunded next) and the History are asked again.
 */
export function useReturnStep(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ReturnStep) => {
      const params = { id: String(id) };
      if (action.step === 'approve') return api.call('POST /console/returns/:id/approve', { params, body: action.body });
      if (action.step === 'reject') return api.call('POST /console/returns/:id/reject', { params, body: action.body });
      return api.call('POST /console/returns/:id/receive', { params, body: action.body });
    },
    onSuccess: ({ data }) => {
      client.setQueryData(returnQueries.detail(id).queryKey, data.return);
      return Promise.all([
        client.invalidateQueries({ queryKey: returnQueries.lists() }),
        client.invalidateQueries({ queryKey: ['console', 'orders'] }),
        client.invalidateQueries({ queryKey: auditLogKey }),
      ]);
    },
  });
}

/**
 * A refund of the order under `key` (one per refund the person means to make, so a retried click is
 * the same refund); the order's refunds, its page, the returns and the History are asked again.
 */
export function useRefund(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: EndpointBody<'POST /console/orders/:id/refunds'>; key: string }) =>
      api.call('POST /console/orders/:id/refunds', { params: { id: String(orderId) }, body, headers: { 'Idempotency-Key': key } }),
    onSuccess: ({ data }) => {
      client.setQueryData(returnQueries.refunds(orderId).queryKey, data.refunds);
      return Promise.all([client.invalidateQueries({ queryKey: returnQueries.all }), client.invalidateQueries({ queryKey: ['console', 'orders'] }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}
