import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../client/lib/api-client.ts';
import { orderStatuses, type OrderStatus } from '../../../shared/order-statuses.ts';
import type { ShipmentInput, ShipmentTracking, StaffCancel } from '../../../shared/order-fulfilment.contract.ts';
import { paymentStates, type ConsoleOrder, type PaymentState } from '../../../shared/orders-console.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { returnQueries } from '../returns/return-queries.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { positiveId } from '../../ui/url-list.tsx';

/** What the orders list shows, as kept in the page's address (`?status=pending&search=OS100123`). */
export interface OrderListFilters {
  status?: OrderStatus;
  date_from?: string;
  date_to?: string;
  payment_method?: string;
  payment_state?: PaymentState;
  shop_id?: number;
  customer_id?: number;
  search?: string;
}

const nonEmpty = (value: string | null) => value?.trim() || undefined;
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The filters of an address's query; what is not a valid filter is left out rather than sent to be refused. */
export function filtersFromSearch(params: URLSearchParams): OrderListFilters {
  const status = params.get('status');
  const paymentState = params.get('payment_state');
  return {
    status: orderStatuses.find((known) => known === status),
    date_from: day(params.get('date_from')),
    date_to: day(params.get('date_to')),
    payment_method: nonEmpty(params.get('payment_method')),
    payment_state: paymentStates.find((known) => known === paymentState),
    shop_id: positiveId(params.get('shop_id')),
    customer_id: positiveId(params.get('customer_id')),
    search: nonEmpty(params.get('search')),
  };
}

/** Every query of the orders screens; a status change invalidates through the same keys. */
export const orderQueries = {
  all: ['console', 'orders'] as const,
  lists: () => [...orderQueries.all, 'list'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: OrderListFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...orderQueries.lists(), filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/orders', { query: { ...filters, cursor }, signal })).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) => (await api.call('GET /console/orders/:id', { params: { id: String(id) }, signal })).data.order,
    }),
};

/** The store's payment gateways, for the payment method filter. */
export const paymentGateways = queryOptions({
  queryKey: ['console', 'payment-gateways'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /master', { signal })).data.payment_gateways,
  staleTime: 5 * 60_000,
});

/** A payment method by the title the store gives its gateway, in the reader's language ("cash" → "Cash on Delivery"); the code until the gateways come. */
export function usePaymentMethodTitle(): (method: string) => string {
  const gateways = useQuery(paymentGateways);
  const known = gateways.data;
  return useCallback((method: string) => known?.find((gateway) => gateway.name === method)?.title ?? method, [known]);
}

/**
 * After a write that answers the order: the page shows the answer, and what the write also changed is
 * asked again: the lists, the order's refunds (a cancelled card payment is refunded), its returns and
 * its History (every console write is audited).
 */
function useOrderWrite<Input>(id: number, write: (input: Input) => Promise<{ message: string; data: { order: ConsoleOrder } }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ data }) => {
      client.setQueryData(orderQueries.detail(id).queryKey, data.order);
      // Not waited for: the toast says the write is done while the rest refreshes.
      void Promise.all([
        client.invalidateQueries({ queryKey: orderQueries.lists() }),
        client.invalidateQueries({ queryKey: returnQueries.refunds(id).queryKey }),
        client.invalidateQueries({ queryKey: returnQueries.all }),
        client.invalidateQueries({ queryKey: auditLogKey }),
      ]);
    },
  });
}

export const useChangeOrderStatus = (id: number) =>
  useOrderWrite(id, (status: OrderStatus) => api.call('POST /console/orders/:id/status', { params: { id: String(id) }, body: { status } }));

export const useShipOrder = (id: number) => useOrderWrite(id, (body: ShipmentInput) => api.call('POST /console/orders/:id/shipments', { params: { id: String(id) }, body }));

export const useCorrectShipment = (id: number, shipmentId: number) =>
  useOrderWrite(id, (body: ShipmentTracking) => api.call('PATCH /console/orders/:id/shipments/:shipmentId', { params: { id: String(id), shipmentId: String(shipmentId) }, body }));

export const useCancelOrder = (id: number) => useOrderWrite(id, (body: StaffCancel) => api.call('POST /console/orders/:id/cancel', { params: { id: String(id) }, body }));

export const useMarkOrderPaid = (id: number) => useOrderWrite(id, () => api.call('POST /console/orders/:id/mark-paid', { params: { id: String(id) } }));
