import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import type { ConsoleVoucher, VoucherStatus } from '../../../shared/vouchers-console.contract.ts';
import { DataTable, userTextCell } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { ListSearch } from '../../ui/list-search.tsx';
import { StatusTabs } from '../../ui/status-tabs.tsx';
import { showToast } from '../../ui/toast.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { VoucherDialog } from './voucher-dialog.tsx';
import { useSetVoucherActive, voucherFiltersFrom, voucherQueries } from './voucher-queries.ts';
import { Pager, useUrlList } from '../../ui/url-list.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleVoucher>();
const noVouchers: ConsoleVoucher[] = [];
const PANEL_ID = 'vouchers-panel';
const linkButtonClass = 'font-medium text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';
const day = (iso: string) => formatTime(iso, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * `/console/vouchers`: this person's shop's vouchers (the store's staff: every shop's), newest first,
 * by status and code; each is edited in a dialog and switched off or on, never deleted.
 */
export function VouchersPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const { filters, filtered, setFilters, page } = useUrlList(voucherFiltersFrom);
  const list = useQuery(voucherQueries.list(filters, page.cursor));
  const vouchers = list.data?.vouchers ?? noVouchers;
  const storeWide = me.scope === 'store';
  const setActive = useSetVoucherActive();

  const statusLabels: Record<VoucherStatus, string> = useMemo(() => ({ active: t('Active'), scheduled: t('Scheduled'), expired: t('Expired'), inactive: t('Inactive') }), [t]);
  const tabs: Array<{ value: VoucherStatus | 'all'; label: string }> = [{ value: 'all', label: t('All') }, ...Object.entries(statusLabels).map(([value, label]) => ({ value: value as VoucherStatus, label }))];

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('code', {
          header: () => t('Code'),
          cell: (info) => (
            <VoucherDialog
              voucher={info.row.original}
              choosesShop={storeWide}
              trigger={
                <button type="button" className={linkButtonClass}>
                  <span dir="ltr">{info.getValue()}</span>
                </button>
              }
            />
          ),
        }),
        ...(storeWide ? [column.accessor((voucher) => voucher.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
        column.accessor('discount', {
          header: () => t('Discount'),
          cell: (info) => (info.row.original.discount_type === 'percentage' ? `${formatNumber(info.getValue())}%` : formatNumber(info.getValue(), 2)),
        }),
        column.accessor('used_count', {
          header: () => t('Used'),
          cell: (info) => {
            const limit = info.row.original.total_limit;
            return limit === null ? formatNumber(info.getValue()) : t('{{used}} of {{limit}}', { used: formatNumber(info.getValue()), limit: formatNumber(limit) });
          },
        }),
        column.accessor('starts_at', { header: () => t('Starts at'), cell: (info) => day(info.getValue()) }),
        column.accessor('expires_at', { header: () => t('Expires at'), cell: (info) => day(info.getValue()) }),
        column.accessor('status', { header: () => t('Status'), cell: (info) => statusLabels[info.getValue()] }),
        column.display({
          id: 'switch',
          header: () => t('Actions'),
          cell: (info) => {
            const voucher = info.row.original;
            const active = !voucher.is_active;
            return (
              <ConfirmDialog
                trigger={
                  <button type="button" className={secondaryButtonClass}>
                    {active ? t('Activate {{code}}', { code: voucher.code }) : t('Deactivate {{code}}', { code: voucher.code })}
                  </button>
                }
                title={active ? t('Activate the voucher {{code}}?', { code: voucher.code }) : t('Deactivate the voucher {{code}}?', { code: voucher.code })}
                description={
                  active
                    ? t('Shoppers can see and use it again within its dates.')
                    : t('Shoppers can no longer see or use it. Orders that used it keep it, and it can be activated again.')
                }
                confirmLabel={active ? t('Activate') : t('Deactivate')}
                mutation={setActive}
                onConfirm={async () => showToast(t((await setActive.mutateAsync({ id: voucher.id, active })).message))}
              />
            );
          },
        }),
      ]),
    [t, storeWide, statusLabels, setActive],
  );
  const table = useTable({ features, columns, data: vouchers, getRowId: (voucher) => String(voucher.id) });

  return (
    <PageFrame title={t('Vouchers')}>
      <StatusTabs label={t('Voucher status')} tabs={tabs} selected={filters.status ?? 'all'} onSelect={(status) => setFilters({ status: status === 'all' ? undefined : status })} panelId={PANEL_ID} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`tab-${filters.status ?? 'all'}`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search by code')} />
          <VoucherDialog
            choosesShop={storeWide}
            trigger={
              <button type="button" className={primaryButtonClass}>
                {t('New voucher')}
              </button>
            }
          />
        </div>
        {list.isError && vouchers.length === 0 ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            table={table}
            caption={t('Vouchers')}
            loading={list.isPending}
            loadingMessage={t('Loading vouchers…')}
            empty={<EmptyState message={filtered ? t('No vouchers match these filters.') : t('No vouchers yet.')} />}
          />
        )}
        <Pager page={page} list={list} />
      </div>
    </PageFrame>
  );
}
