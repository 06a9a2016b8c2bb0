import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { issueTypeLabel, ticketStatusLabel } from '../../../client/lib/ticket-labels.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { TicketStatusBadge } from '../../../client/ui/ticket-status-badge.tsx';
import { ticketIssueTypes, ticketStatuses, type TicketStatus } from '../../../shared/support-tickets.ts';
import type { ConsoleTicketRow } from '../../../shared/tickets-console.contract.ts';
import { formatTime } from '../../ui/date.ts';
import { ClearFilters } from '../../ui/clear-filters.tsx';
import { ShopFilter } from '../../ui/list-filters.tsx';
import { ListSearch } from '../../ui/list-search.tsx';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { countOfAll, tabLabel } from '../../ui/tab-label.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { catalogueChoices } from '../products/product-queries.ts';
import { ticketFiltersFromSearch, ticketQueries } from './ticket-queries.ts';
import { useUrlList } from '../../ui/url-list.tsx';
import { userTextCell } from '../../ui/data-table.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleTicketRow>();
const noRows: ConsoleTicketRow[] = [];
const fieldClass = 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700';

type Tab = TicketStatus | 'all';

/** `/console/tickets`: the support queue this person may see, most recently active first, filtered and searched on the server. */
export function TicketsPage({ storeWide }: { storeWide: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, filtered, setFilters, page } = useUrlList(ticketFiltersFromSearch);
  const list = useQuery(ticketQueries.list(filters, page.cursor));
  const shops = useQuery({ ...catalogueChoices.shops, enabled: storeWide });
  const counts = list.data?.counts;
  const tabs = [
    { value: 'all' as Tab, label: tabLabel(t('All'), counts && countOfAll(ticketStatuses, counts), t) },
    ...ticketStatuses.map((status) => ({ value: status as Tab, label: tabLabel(ticketStatusLabel(status), counts?.[status], t) })),
  ];

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('ticket_no', {
          header: () => t('Ticket'),
          cell: (info) => (
            <Link to={`/tickets/${info.row.original.id}`} onClick={(event) => event.stopPropagation()} className="font-medium text-primary-800 hover:underline" dir="ltr">
              {info.getValue()}
            </Link>
          ),
        }),
        column.accessor('subject', { header: () => t('Subject'), cell: userTextCell }),
        column.accessor('issue_type', { header: () => t('Type'), cell: (info) => issueTypeLabel(info.getValue()) }),
        column.accessor((row) => row.customer.name, { id: 'customer', header: () => t('Customer'), cell: userTextCell }),
        ...(storeWide ? [column.accessor((row) => row.shop?.name ?? t('No order'), { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
        column.accessor('status', { header: () => t('Status'), cell: (info) => <TicketStatusBadge status={info.getValue()} /> }),
        column.accessor((row) => row.assignee?.name ?? t('Nobody'), { id: 'assignee', header: () => t('Assigned to'), cell: userTextCell }),
        column.accessor('updated_at', { header: () => t('Last activity'), cell: (info) => formatTime(info.getValue(), { dateStyle: 'medium', timeStyle: 'short' }) }),
      ]),
    [t, storeWide],
  );
  const table = useTable({ features, data: list.data?.tickets ?? noRows, columns, getRowId: (row) => String(row.id) });

  return (
    <PageFrame title={t('Support tickets')}>
      <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search tickets')} placeholder={t('Ticket number or subject')} />

      <div role="group" aria-label={t('Filters')} className="flex flex-wrap items-end gap-3">
        <select
          aria-label={t('Type')}
          value={filters.issue_type ?? ''}
          onChange={(event) => setFilters({ issue_type: ticketIssueTypes.find((type) => type === event.target.value) })}
          className={fieldClass}
        >
          <option value="">{t('All types')}</option>
          {ticketIssueTypes.map((type) => (
            <option key={type} value={type}>
              {issueTypeLabel(type)}
            </option>
          ))}
        </select>
        <select aria-label={t('Assigned to')} value={filters.assignee ?? ''} onChange={(event) => setFilters({ assignee: event.target.value || undefined })} className={fieldClass}>
          <option value="">{t('Anyone')}</option>
          <option value="me">{t('Me')}</option>
          <option value="none">{t('Nobody')}</option>
        </select>
        {storeWide && <ShopFilter shops={shops.data} value={filters.shop_id} onChange={(shopId) => setFilters({ shop_id: shopId })} className={fieldClass} />}
        <ClearFilters />
      </div>

      <TabbedTable
        tabsLabel={t('Ticket status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={t('Support tickets')}
        loading={list.isPending}
        loadingMessage={t('Loading tickets…')}
        empty={<EmptyState message={filtered ? t('No tickets match these filters.') : t('No tickets yet.')} />}
        onRowClick={(row) => void navigate(`/tickets/${row.original.id}`)}
      />
    </PageFrame>
  );
}
