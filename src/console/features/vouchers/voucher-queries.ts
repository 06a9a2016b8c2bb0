import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { voucherStatuses, type ConsoleVoucher, type VoucherCreate, type VoucherStatus } from '../../../shared/vouchers-console.contract.ts';

/** What the vouchers screen shows, as kept in its address (`?status=active&search=SPRING`). */
export interface VoucherFilters {
  status?: VoucherStatus;
  search?: string;
}

export function voucherFiltersFrom(params: URLSearchParams): VoucherFilters {
  const status = params.get('status');
  return {
    status: voucherStatuses.find((known) => known === status),
    search: params.get('search')?.trim() || undefined,
  };
}

export function voucherSearchFor(filters: VoucherFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

export const voucherQueries = {
  all: ['console', 'vouchers'] as const,
  list: (filters: VoucherFilters) =>
    infiniteQueryOptions({
      queryKey: [...voucherQueries.all, 'list', filters] as const,
      queryFn: async ({ pageParam, signal }) => (await api.call('GET /console/vouchers', { query: { ...filters, ...(pageParam && { cursor: pageParam }) }, signal })).data,
      initialPageParam: '',
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
};

/** Creates a voucher, or edits `voucher`; the lists and the audit log are asked again. */
export function useSaveVoucher(voucher: ConsoleVoucher | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shop_id, ...terms }: VoucherCreate) =>
      voucher
        ? api.call('PATCH /console/vouchers/:id', { params: { id: String(voucher.id) }, body: terms })
        : api.call('POST /console/vouchers', { body: { ...terms, ...(shop_id !== undefined && { shop_id }) } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: voucherQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}

/** Switches a voucher off or back on; the lists and the audit log are asked again. */
export function useSetVoucherActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.call(active ? 'POST /console/vouchers/:id/activate' : 'POST /console/vouchers/:id/deactivate', { params: { id: String(id) } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: voucherQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
