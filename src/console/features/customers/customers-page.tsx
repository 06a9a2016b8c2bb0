import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleCustomer } from '../../../shared/orders-console.contract.ts';
import { ClearFilters } from '../../ui/clear-filters.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { ListSearch } from '../../ui/list-search.tsx';
import { Pager, useUrlList } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { BlockedBadge } from './blocked-badge.tsx';
import { customerFiltersFrom, customerQueries } from './customer-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleCustomer>();
const noRows: ConsoleCustomer[] = [];
const fieldClass = 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700';
const yesOrNo = (value: string) => (value === 'true' || value === 'false' ? value : undefined);

/** `/console/customers`: shoppers (or, filtered, the console's staff and sellers), newest first, searched by the start of an e-mail, phone or name, filtered on the server. */
export function CustomersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, filtered, setFilters, page } = useUrlList(customerFiltersFrom);
  const list = useQuery(customerQueries.list(filters, page.cursor));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: () => t('Name'),
          cell: (info) => (
            <span className="flex flex-wrap items-center gap-2">
              <Link to={`/customers/${info.row.original.id}`} onClick={(event) => event.stopPropagation()} className="font-medium text-primary-800 hover:underline" dir="auto">
                {info.getValue()}
              </Link>
              {info.row.original.is_blocked && <BlockedBadge />}
            </span>
          ),
        }),
        column.accessor('email', { header: () => t('E-mail'), cell: (info) => <span dir="ltr">{info.getValue() ?? '—'}</span> }),
        column.accessor('phone', { header: () => t('Phone'), cell: (info) => <span dir="ltr">{info.getValue() ?? '—'}</span> }),
        column.accessor('created_at', { header: () => t('Joined'), cell: (info) => formatTime(info.getValue(), { dateStyle: 'medium' }) }),
      ]),
    [t],
  );
  const table = useTable({ features, data: list.data?.customers ?? noRows, columns, getRowId: (row) => String(row.id) });

  return (
    <PageFrame title={t('Customers')}>
      <ListSearch key={filters.search} search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search customers')} placeholder={t('E-mail, phone or name')} />
      <div role="group" aria-label={t('Filters')} className="flex flex-wrap items-end gap-3">
        <select aria-label={t('Blocked')} value={filters.blocked ?? ''} onChange={(event) => setFilters({ blocked: yesOrNo(event.target.value) })} className={fieldClass}>
          <option value="">{t('Blocked or not')}</option>
          <option value="true">{t('Blocked only')}</option>
          <option value="false">{t('Not blocked')}</option>
        </select>
        <select aria-label={t('Orders')} value={filters.has_ordered ?? ''} onChange={(event) => setFilters({ has_ordered: yesOrNo(event.target.value) })} className={fieldClass}>
          <option value="">{t('Ordered or not')}</option>
          <option value="true">{t('Has ordered')}</option>
          <option value="false">{t('Never ordered')}</option>
        </select>
        <select aria-label={t('Accounts')} value={filters.staff ?? ''} onChange={(event) => setFilters({ staff: event.target.value === 'true' ? 'true' : undefined })} className={fieldClass}>
          <option value="">{t('Shoppers')}</option>
          <option value="true">{t('Staff and sellers')}</option>
        </select>
        <ClearFilters />
      </div>
      {list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          table={table}
          caption={t('Customers')}
          loading={list.isPending}
          loadingMessage={t('Loading customers…')}
          empty={<EmptyState message={filtered ? t('No customers match these filters.') : t('No customers yet.')} />}
          onRowClick={(row) => void navigate(`/customers/${row.original.id}`)}
        />
      )}
      <Pager page={page} list={list} />
    </PageFrame>
  );
}
