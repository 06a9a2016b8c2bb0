import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { pageQuery } from '../../ui/page-query.ts';

/** What the customers list shows, as kept in the page's address (`?search=ada&blocked=true`). */
export interface CustomerListFilters {
  search?: string;
  blocked?: 'true' | 'false';
  has_ordered?: 'true' | 'false';
  /** `true`: the console's staff and sellers instead of shoppers. */
  staff?: 'true';
}

const yesOrNo = (value: string | null) => (value === 'true' || value === 'false' ? value : undefined);

/** The filters of an address's query; what is not a valid filter is left out rather than sent to be refused. */
export function customerFiltersFrom(params: URLSearchParams): CustomerListFilters {
  return { search: params.get('search')?.trim() || undefined, blocked: yesOrNo(params.get('blocked')), has_ordered: yesOrNo(params.get('has_ordered')), staff: params.get('staff') === 'true' ? 'true' : undefined };
}

export const customerQueries = {
  all: ['console', 'customers'] as const,
  lists: () => [...customerQueries.all, 'list'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: CustomerListFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...customerQueries.lists(), filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/customers', { query: { ...filters, cursor }, signal })).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...customerQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) => (await api.call('GET /console/customers/:id', { params: { id: String(id) }, signal })).data.customer,
    }),
};

/** Blocks or unblocks with a reason; the page shows the answer at once and the list and history follow. */
export function useCustomerBlock(id: number, block: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => {
      const request = { params: { id: String(id) }, body: { reason } };
      return block ? api.call('POST /console/customers/:id/block', request) : api.call('POST /console/customers/:id/unblock', request);
    },
    onSuccess: async ({ data }) => {
      client.setQueryData(customerQueries.detail(id).queryKey, data.customer);
      await Promise.all([client.invalidateQueries({ queryKey: customerQueries.lists() }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}

/** Mails (or texts) the customer a code to set a new password; the history is asked again. */
export function useCustomerPasswordReset(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('POST /console/customers/:id/password-reset', { params: { id: String(id) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: auditLogKey }),
  });
}
