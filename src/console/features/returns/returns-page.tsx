import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { returnStatuses, type ConsoleReturnRow } from '../../../shared/returns.contract.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { formatTime } from '../../ui/date.ts';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { userTextCell } from '../../ui/data-table.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { returnStatusLabel } from './return-labels.ts';
import { returnFiltersFrom, returnQueries, type ReturnTab } from './return-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleReturnRow>();
const noRows: ConsoleReturnRow[] = [];

/** `/console/returns`: newest first, by status tab, a keyset page at a time, both kept in the address (`?status=requested&cursor=…`). */
export function ReturnsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, setFilters, page } = useUrlList(returnFiltersFrom);
  const list = useQuery(returnQueries.list(filters.status, page.cursor));
  const tabs: Array<{ value: ReturnTab; label: string }> = [{ value: 'all', label: t('All') }, ...returnStatuses.map((value) => ({ value, label: returnStatusLabel(value) }))];

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('id', {
          header: () => t('Return'),
          cell: (info) => (
            <Link to={`/returns/${info.getValue()}`} onClick={(event) => event.stopPropagation()} className="font-medium text-primary-800 hover:underline">
              {t('Return #{{id}}', { id: info.getValue() })}
            </Link>
          ),
        }),
        column.accessor((row) => row.order, {
          id: 'order',
          header: () => t('Order'),
          cell: (info) => (
            <Link to={`/orders/${info.getValue().id}`} onClick={(event) => event.stopPropagation()} className="text-primary-800 hover:underline" dir="ltr">
              {info.getValue().order_number}
            </Link>
          ),
        }),
        column.accessor('customer', { header: () => t('Customer'), cell: userTextCell }),
        column.accessor((row) => row.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell }),
        column.accessor('quantity', { header: () => t('Units'), cell: (info) => formatNumber(info.getValue()) }),
        column.accessor('status', { header: () => t('Status'), cell: (info) => returnStatusLabel(info.getValue()) }),
        column.accessor('created_at', { header: () => t('Requested on'), cell: (info) => formatTime(info.getValue(), { dateStyle: 'medium' }) }),
      ]),
    [t],
  );
  const table = useTable({ features, data: list.data?.returns ?? noRows, columns, getRowId: (row) => String(row.id) });

  return (
    <PageFrame title={t('Returns')}>
      <TabbedTable
        tabsLabel={t('Return status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={t('Returns')}
        loading={list.isPending}
        loadingMessage={t('Loading returns…')}
        empty={<EmptyState message={t('No returns here.')} />}
        onRowClick={(row) => void navigate(`/returns/${row.original.id}`)}
      />
    </PageFrame>
  );
}
