import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import type { ConsoleContentPage, ContentPageStatus } from '../../../shared/content-console.contract.ts';
import { formatTime } from '../../ui/date.ts';
import { ListSearch } from '../../ui/list-search.tsx';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { MissingTranslations } from '../../ui/missing-translations.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { contentPageFiltersFrom, contentPageQueries } from './content-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleContentPage>();
const noRows: ConsoleContentPage[] = [];

/** `/console/content/pages`: the store's pages, newest first, by status and title or slug. */
export function ContentPagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, filtered, setFilters, page } = useUrlList(contentPageFiltersFrom);
  const list = useQuery(contentPageQueries.list(filters, page.cursor));
  const statusLabels: Record<ContentPageStatus, string> = useMemo(() => ({ published: t('Published'), draft: t('Draft') }), [t]);
  const tabs: Array<{ value: ContentPageStatus | 'all'; label: string }> = [{ value: 'all', label: t('All') }, ...Object.entries(statusLabels).map(([value, label]) => ({ value: value as ContentPageStatus, label }))];
  const footerLabels = useMemo(() => ({ company: t('Company'), help: t('Help') }), [t]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: () => t('Title'),
          cell: (info) => (
            <Link to={`/content/pages/${info.row.original.id}`} onClick={(event) => event.stopPropagation()} className="font-medium text-primary-800 hover:underline">
              <bdi>{info.getValue()}</bdi>
            </Link>
          ),
        }),
        column.accessor('slug', { header: () => t('Slug'), cell: (info) => <span dir="ltr">{info.getValue()}</span> }),
        column.accessor('is_published', { header: () => t('Status'), cell: (info) => (info.getValue() ? statusLabels.published : statusLabels.draft) }),
        column.accessor('footer_group', { header: () => t('Footer'), cell: (info) => { const group = info.getValue(); return group ? footerLabels[group] : t('Not in the footer'); } }),
        column.accessor('missing_translations', { header: () => t('Translations'), cell: (info) => <MissingTranslations missing={info.getValue()} /> }),
        column.accessor('updated_at', { header: () => t('Updated'), cell: (info) => formatTime(info.getValue(), { dateStyle: 'medium' }) }),
      ]),
    [t, statusLabels, footerLabels],
  );
  const table = useTable({ features, data: list.data?.pages ?? noRows, columns, getRowId: (row) => String(row.id) });

  return (
    <PageFrame title={t('Pages')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search by title or slug')} />
        <Link to="/content/pages/new" className={primaryButtonClass}>
          {t('New page')}
        </Link>
      </div>
      <TabbedTable
        tabsLabel={t('Page status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={t('Pages')}
        loading={list.isPending}
        loadingMessage={t('Loading pages…')}
        empty={<EmptyState message={filtered ? t('No pages match these filters.') : t('No pages yet.')} />}
        onRowClick={(row) => void navigate(`/content/pages/${row.original.id}`)}
      />
    </PageFrame>
  );
}
