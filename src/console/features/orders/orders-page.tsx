import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { orderStatuses, type OrderStatus } from '../../../shared/order-statuses.ts';
import type { ConsoleOrderRow } from '../../../shared/orders-console.contract.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { ClearFilters } from '../../ui/clear-filters.tsx';
import { ShopFilter } from '../../ui/list-filters.tsx';
import { ListSearch } from '../../ui/list-search.tsx';
import { catalogueChoices } from '../products/product-queries.ts';
import { formatTime } from '../../ui/date.ts';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { countOfAll, tabLabel } from '../../ui/tab-label.ts';
import { orderStatusLabel, paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { filtersFromSearch, orderQueries, paymentGateways, usePaymentMethodTitle } from './order-queries.ts';
import { useUrlList } from '../../ui/url-list.tsx';
import { userTextCell } from '../../ui/data-table.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleOrderRow>();
const noRows: ConsoleOrderRow[] = [];
const fieldClass = 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700';

type Tab = OrderStatus | 'all';

/** `/console/orders`: every order this person may see, newest first, by status tab, filtered and searched on the server. */
export function OrdersPage({ storeWide }: { storeWide: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, filtered, setFilters, page } = useUrlList(filtersFromSearch);
  const list = useQuery(orderQueries.list(filters, page.cursor));
  const gateways = useQuery(paymentGateways);
  const paymentMethod = usePaymentMethodTitle();
  const shops = useQuery({ ...catalogueChoices.shops, enabled: storeWide });

  const counts = list.data?.counts;
  const tabs = [
    { value: 'all' as Tab, label: tabLabel(t('All'), counts && countOfAll(orderStatuses, counts), t) },
    ...orderStatuses.map((status) => ({ value: status as Tab, label: tabLabel(orderStatusLabel(status), counts?.[status], t) })),
  ];

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('order_number', {
          header: () => t('Order'),
          cell: (info) => (
            <Link to={`/orders/${info.row.original.id}`} onClick={(event) => event.stopPropagation()} className="font-medium text-primary-800 hover:underline" dir="ltr">
              {info.getValue()}
            </Link>
          ),
        }),
        column.accessor('created_at', { header: () => t('Date'), cell: (info) => formatTime(info.getValue(), { dateStyle: 'medium', timeStyle: 'short' }) }),
        column.accessor((row) => row.customer, {
          id: 'customer',
          header: () => t('Customer'),
          cell: (info) => (
            <div className="flex flex-col">
              <bdi>{info.getValue().name}</bdi>
              <span className="text-xs text-slate-500" dir="ltr">
                {info.getValue().email ?? info.getValue().phone}
              </span>
            </div>
          ),
        }),
        ...(storeWide ? [column.accessor((row) => row.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
        column.accessor('status', { header: () => t('Status'), cell: (info) => <OrderStatusBadge status={info.getValue()} /> }),
        column.accessor('payment_status', { header: () => t('Payment'), cell: (info) => `${paymentMethod(info.row.original.payment_method)} · ${paymentStatusLabel(info.getValue())}` }),
        column.accessor('payable_amount', { header: () => t('Total'), cell: (info) => formatNumber(info.getValue(), 2) }),
      ]),
    [t, storeWide, paymentMethod],
  );
  const table = useTable({ features, data: list.data?.orders ?? noRows, columns, getRowId: (row) => String(row.id) });

  return (
    <PageFrame title={t('Orders')}>
      <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search orders')} placeholder={t('Order number, e-mail or phone')} />

      <div role="group" aria-label={t('Filters')} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          {t('From')}
          <input type="date" value={filters.date_from ?? ''} onChange={(event) => setFilters({ date_from: event.target.value || undefined })} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          {t('To')}
          <input type="date" value={filters.date_to ?? ''} onChange={(event) => setFilters({ date_to: event.target.value || undefined })} className={fieldClass} />
        </label>
        <select aria-label={t('Payment method')} value={filters.payment_method ?? ''} onChange={(event) => setFilters({ payment_method: event.target.value || undefined })} className={fieldClass}>
          <option value="">{t('All payment methods')}</option>
          {gateways.data?.map((gateway) => (
            <option key={gateway.name} value={gateway.name}>
              {gateway.title}
            </option>
          ))}
        </select>
        <select
          aria-label={t('Payment state')}
          value={filters.payment_state ?? ''}
          onChange={(event) => setFilters({ payment_state: event.target.value === 'paid' || event.target.value === 'unpaid' ? event.target.value : undefined })}
          className={fieldClass}
        >
          <option value="">{t('Paid and unpaid')}</option>
          <option value="paid">{t('Paid')}</option>
          <option value="unpaid">{t('Unpaid')}</option>
        </select>
        {storeWide && <ShopFilter shops={shops.data} value={filters.shop_id} onChange={(shopId) => setFilters({ shop_id: shopId })} className={fieldClass} />}
        {filters.customer_id !== undefined && (
          <button type="button" onClick={() => setFilters({ customer_id: undefined })} className={textButtonClass}>
            {t('Customer #{{id}}: show every customer', { id: filters.customer_id })}
          </button>
        )}
        <ClearFilters />
      </div>

      <TabbedTable
        tabsLabel={t('Order status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={t('Orders')}
        loading={list.isPending}
        loadingMessage={t('Loading orders…')}
        empty={<EmptyState message={filtered ? t('No orders match these filters.') : t('No orders yet.')} />}
        onRowClick={(row) => void navigate(`/orders/${row.original.id}`)}
      />
    </PageFrame>
  );
}
