import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import {
  enrolmentStatuses,
  flashSaleStatuses,
  type EnrolmentCreateInput,
  type EnrolmentStatus,
  type FlashSaleCreateInput,
  type FlashSaleStatus,
  type FlashSaleUpdate,
} from '../../../shared/flash-sales-console.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

/** What the sales list shows, as kept in its address (`?status=running&search=spring`). */
export interface FlashSaleFilters {
  status?: FlashSaleStatus;
  search?: string;
}

export const flashSaleFiltersFrom = (params: URLSearchParams): FlashSaleFilters => ({
  status: flashSaleStatuses.find((known) => known === params.get('status')),
  search: params.get('search')?.trim() || undefined,
});

/** The enrolments of one sale, as kept in the sale page's address (`?enrolments=pending`). */
export const enrolmentStatusFrom = (params: URLSearchParams): EnrolmentStatus | undefined => enrolmentStatuses.find((known) => known === params.get('enrolments'));

export const flashSaleQueries = {
  all: ['console', 'flash-sales'] as const,
  lists: () => [...flashSaleQueries.all, 'list'] as const,
  /** The store's sales by status and name; `enrolling`: only those whose enrolment window is open now. */
  list: (filters: FlashSaleFilters & { enrolling?: boolean }, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...flashSaleQueries.lists(), filters], cursor),
      queryFn: async ({ signal }) =>
        (await api.call('GET /console/flash-sales', { query: { status: filters.status, search: filters.search, enrolling: filters.enrolling ? 'true' : undefined, cursor }, signal })).data,
    }),
  sale: (id: number) =>
    queryOptions({
      queryKey: [...flashSaleQueries.all, 'sale', id],
      queryFn: async ({ signal }) => (await api.call('GET /console/flash-sales/:id', { params: { id: String(id) }, signal })).data.flash_sale,
    }),
  enrolments: (saleId: number, status: EnrolmentStatus | undefined, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...flashSaleQueries.all, 'enrolments', saleId, status ?? 'all'], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/flash-sales/:id/enrolments', { params: { id: String(saleId) }, query: { status, cursor }, signal })).data,
    }),
};

/** After a write: the sales, their enrolments and the audit log are asked again. */
const refreshAfterWrite = (client: ReturnType<typeof useQueryClient>) => () =>
  Promise.all([client.invalidateQueries({ queryKey: flashSaleQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]);

/** Creates a sale, or changes the sale `id`. */
export function useSaveFlashSale(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FlashSaleCreateInput | FlashSaleUpdate) =>
      id === undefined
        ? api.call('POST /console/flash-sales', { body: body as FlashSaleCreateInput })
        : api.call('PATCH /console/flash-sales/:id', { params: { id: String(id) }, body: body as FlashSaleUpdate }),
    onSuccess: refreshAfterWrite(client),
  });
}

export function useEndFlashSale(id: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => api.call('POST /console/flash-sales/:id/end', { params: { id: String(id) } }), onSuccess: refreshAfterWrite(client) });
}

export function useDeleteFlashSale(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('DELETE /console/flash-sales/:id', { params: { id: String(id) } }),
    // The sale and its enrolments are gone: forgotten rather than asked again (the page showing them goes back to the list).
    onSuccess: async () => {
      client.removeQueries({ queryKey: flashSaleQueries.sale(id).queryKey });
      client.removeQueries({ queryKey: [...flashSaleQueries.all, 'enrolments', id] });
      await Promise.all([client.invalidateQueries({ queryKey: flashSaleQueries.lists() }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}

/** Offers variants of the seller's shop (or, for the store's staff, the shop named) in the sale. */
export function useEnrolVariants(saleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrolmentCreateInput) => api.call('POST /console/flash-sales/:id/enrolments', { params: { id: String(saleId) }, body }),
    onSuccess: refreshAfterWrite(client),
  });
}

/** The store approves or declines (with a reason) a pending enrolment; its shop withdraws it. */
export function useDecideEnrolment(saleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ enrolmentId, decision, reason }: { enrolmentId: number; decision: 'approve' | 'decline' | 'withdraw'; reason?: string }) => {
      const params = { id: String(saleId), enrolmentId: String(enrolmentId) };
      if (decision === 'approve') return api.call('POST /console/flash-sales/:id/enrolments/:enrolmentId/approve', { params });
      if (decision === 'decline') return api.call('POST /console/flash-sales/:id/enrolments/:enrolmentId/decline', { params, body: { reason: reason ?? '' } });
      return api.call('DELETE /console/flash-sales/:id/enrolments/:enrolmentId', { params });
    },
    onSuccess: refreshAfterWrite(client),
  });
}

/** The seller's variants whose product's name (or SKU) matches `search`, to enrol: the stock list, which keeps to their shop. */
export const enrolableVariantsQuery = (search: string) =>
  queryOptions({
    queryKey: [...flashSaleQueries.all, 'variants', search],
    queryFn: async ({ signal }) => (await api.call('GET /console/stock', { query: { search: search || undefined }, signal })).data,
    enabled: search !== '',
  });
