import { readPage } from '../catalog/listing-params.ts';
import { orderStatuses } from '../../../shared/order-statuses.ts';

/** The status tabs of Order History: every order, then one tab per status. */
export const orderStatusTabs = ['all', ...orderStatuses] as const;
export type OrderStatusTab = (typeof orderStatusTabs)[number];

const tabSet = new Set<string>(orderStatusTabs);

/** Order History keeps its tab and page in the URL: `/order-history?status=pending&page=2`. */
export function readOrderHistoryParams(params: URLSearchParams): { status: OrderStatusTab; page: number } {
  const status = params.get('status') ?? 'all';
  return { status: tabSet.has(status) ? (status as OrderStatusTab) : 'all', page: readPage(params) };
}

/** The address of a tab's page; the first page and the "all" tab leave their parameter out. */
export function orderHistoryPath(status: OrderStatusTab, page = 1): string {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/order-history${search ? `?${search}` : ''}`;
}
