import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { voucherStatuses, type ConsoleVoucher, type VoucherCreate, type VoucherStatus } from '../../../shared/vouchers-console.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';

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

export const voucherQueries = {
  all: ['console', 'vouchers'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: VoucherFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...voucherQueries.all, 'list', filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/vouchers', { query: { ...filters, cursor }, signal })).data,
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
