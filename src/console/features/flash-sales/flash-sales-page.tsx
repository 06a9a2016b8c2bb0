import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import type { ConsoleFlashSale, FlashSaleStatus } from '../../../shared/flash-sales-console.contract.ts';
import { formatTime } from '../../ui/date.ts';
import { ListSearch } from '../../ui/list-search.tsx';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { MissingTranslations } from '../../ui/missing-translations.tsx';
import { missingTranslations } from '../../../shared/missing-translations.ts';
import { useUrlList } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { flashSaleFiltersFrom, flashSaleQueries } from './flash-sale-queries.ts';

export const saleFeatures = tableFeatures({});
export const saleColumn = createColumnHelper<typeof saleFeatures, ConsoleFlashSale>();
const column = saleColumn;
export const noSales: ConsoleFlashSale[] = [];
const linkClass = 'font-medium text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';

/** The columns both the store's and a seller's lists start with: the sale's name (to its page), its status and its times as `time` shows them. */
export const saleColumns = (t: (key: string) => string, statusLabels: Record<FlashSaleStatus, string>, time: (iso: string) => string) => [
  column.accessor('name', {
    header: () => t('Name'),
    cell: (info) => (
      <Link to={`/flash-sales/${info.row.original.id}`} className={linkClass} onClick={(event) => event.stopPropagation()}>
        <bdi>{info.getValue()}</bdi>
      </Link>
    ),
  }),
  column.accessor('status', { header: () => t('Status'), cell: (info) => statusLabels[info.getValue()] }),
  column.accessor('starts_at', { header: () => t('Starts at'), cell: (info) => time(info.getValue()) }),
  column.accessor('ends_at', { header: () => t('Ends at'), cell: (info) => time(info.getValue()) }),
];

export const useFlashSaleStatusLabels = (): Record<FlashSaleStatus, string> => {
  const { t } = useTranslation();
  return useMemo(() => ({ scheduled: t('Scheduled'), running: t('Running'), ended: t('Ended') }), [t]);
};

/** A moment as the store's clock reads it (the zone named by the page), to the minute. */
const storeTime = (iso: string, timeZone: string) => formatTime(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** Names the clock the page's times are read and written in. */
export function StoreZoneNote({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-slate-600">
      {t('Times are in the store’s time zone:')} <bdi dir="ltr">{timeZone}</bdi>
    </p>
  );
}

/** `/console/flash-sales`: the store's sales by status and name, with the enrolments waiting for a decision; each opens in its editor. */
export function FlashSalesPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = me.time_zone;
  const { filters, filtered, setFilters, page } = useUrlList(flashSaleFiltersFrom);
  const list = useQuery(flashSaleQueries.list(filters, page.cursor));
  const statusLabels = useFlashSaleStatusLabels();
  const tabs: Array<{ value: FlashSaleStatus | 'all'; label: string }> = [{ value: 'all', label: t('All') }, ...Object.entries(statusLabels).map(([value, label]) => ({ value: value as FlashSaleStatus, label }))];

  const columns = useMemo(
    () =>
      column.columns([
        ...saleColumns(t, statusLabels, (iso) => storeTime(iso, timeZone)),
        column.accessor('enrolment_open', { header: () => t('Enrolment'), cell: (info) => (info.getValue() ? t('Open') : t('Closed')) }),
        column.accessor((sale) => sale.enrolment_counts.pending, { id: 'pending', header: () => t('Waiting for a decision'), cell: (info) => formatNumber(info.getValue()) }),
        column.display({ id: 'translations', header: () => t('Translations'), cell: (info) => <MissingTranslations missing={missingTranslations({ name: info.row.original.name, banner_alt: info.row.original.banner_alt }, info.row.original.translations)} /> }),
      ]),
    [t, statusLabels, timeZone],
  );
  const table = useTable({ features: saleFeatures, columns, data: list.data?.flash_sales ?? noSales, getRowId: (sale) => String(sale.id) });

  return (
    <PageFrame title={t('Flash sales')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search by name')} />
        <div className="flex flex-wrap items-center gap-3">
          {timeZone && <StoreZoneNote timeZone={timeZone} />}
          <Link to="/flash-sales/new" className={primaryButtonClass}>
            {t('New flash sale')}
          </Link>
        </div>
      </div>
      <TabbedTable
        tabsLabel={t('Flash sale status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={t('Flash sales')}
        loading={list.isPending}
        loadingMessage={t('Loading flash sales…')}
        empty={<EmptyState message={filtered ? t('No flash sales match these filters.') : t('No flash sales yet.')} />}
        onRowClick={(row) => void navigate(`/flash-sales/${row.original.id}`)}
      />
    </PageFrame>
  );
}
