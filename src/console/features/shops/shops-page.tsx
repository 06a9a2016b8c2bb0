import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { shopStatuses, type ShopStatus } from '../../../shared/console.contract.ts';
import type { ShopApplication } from '../../../shared/shops.contract.ts';
import { formatTime } from '../../ui/date.ts';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { userTextCell } from '../../ui/data-table.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { HistorySection } from '../audit/entity-history.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { actionsFor, ShopDecisionDialog } from './shop-decision-dialog.tsx';
import { shopApplicationsQuery } from './shop-queries.ts';
import { shopStatusName } from './shop-status-name.ts';
import { ShopPeopleToggle } from './shop-people.tsx';
import { ShopCommissionToggle } from './shop-commission.tsx';

const statusFrom = (params: URLSearchParams): { status?: ShopStatus } => ({ status: shopStatuses.find((known) => known === params.get('status')) });

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ShopApplication>();
const noShops: ShopApplication[] = [];

/** `/console/shops`: the store's review of shops, by status, with approve / reject / suspend / reinstate. */
export function ShopsPage() {
  const { t } = useTranslation();
  const { filters, setFilters, page } = useUrlList(statusFrom);
  const status = filters.status ?? 'pending';
  const shops = useQuery(shopApplicationsQuery(status, page.cursor));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => t('Shop'),
          cell: ({ row: { original: shop } }) => (
            <div className="flex min-w-48 flex-col gap-1">
              <bdi className="font-medium text-slate-900">{shop.name}</bdi>
              <span className="text-xs text-slate-600">
                {shopStatusName(shop.status)} · {t('Applied on {{date}}', { date: formatTime(shop.created_at, { dateStyle: 'medium' }) })}
              </span>
              {shop.description && <p dir="auto" className="whitespace-pre-line text-xs text-slate-600">{shop.description}</p>}
            </div>
          ),
        }),
        column.accessor((shop) => shop.owner, {
          id: 'owner',
          header: () => t('Owner'),
          cell: (info) => {
            const owner = info.getValue();
            return owner ? <bdi>{`${owner.name}${owner.email ? ` <${owner.email}>` : ''}`}</bdi> : '—';
          },
        }),
        column.display({
          id: 'contact',
          header: () => t('Contact'),
          cell: ({ row: { original: shop } }) => (
            <div className="flex flex-col gap-1">
              <bdi>{shop.email}</bdi>
              <bdi>{shop.phone}</bdi>
              <bdi className="text-slate-600">{shop.address}</bdi>
            </div>
          ),
        }),
        column.accessor('delivery_charge', { header: () => t('Delivery Charge'), cell: (info) => formatNumber(info.getValue(), 2) }),
        ...(status === 'rejected' || status === 'suspended' ? [column.accessor((shop) => shop.status_reason ?? '—', { id: 'reason', header: () => t('Reason'), cell: userTextCell })] : []),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('Actions')}</span>,
          cell: ({ row: { original: shop } }) => (
            <div className="flex min-w-40 flex-col items-start gap-2">
              <div className="flex flex-wrap gap-2">
                {actionsFor[shop.status].map((action) => (
                  <ShopDecisionDialog key={action} shop={shop} action={action} />
                ))}
              </div>
              <ShopCommissionToggle shop={shop} />
              <HistorySection entityType="shop" entityId={shop.id} />
              <ShopPeopleToggle shop={shop} />
            </div>
          ),
        }),
      ]),
    [t, status],
  );
  const table = useTable({ features, data: shops.data?.shops ?? noShops, columns, getRowId: (shop) => String(shop.id) });

  return (
    <PageFrame title={t('Shops approval')}>
      <TabbedTable
        tabsLabel={t('Shop status')}
        tabs={shopStatuses.map((value) => ({ value, label: shopStatusName(value) }))}
        selected={status}
        onSelect={(value) => setFilters({ status: value })}
        list={shops}
        page={page}
        table={table}
        caption={t('Shops')}
        loading={shops.isPending}
        loadingMessage={t('Loading shops…')}
        empty={<EmptyState message={t('No shops here.')} />}
      />
    </PageFrame>
  );
}
