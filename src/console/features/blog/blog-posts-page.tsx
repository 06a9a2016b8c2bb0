import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import type { BlogPostStatus, ConsoleBlogPost } from '../../../shared/blog-console.contract.ts';
import { userTextCell } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { ListSearch } from '../../ui/list-search.tsx';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { MissingTranslations } from '../../ui/missing-translations.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { BlogCategoriesDialog } from './blog-categories-dialog.tsx';
import { blogPostFiltersFrom, blogQueries } from './blog-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleBlogPost>();
const noPosts: ConsoleBlogPost[] = [];
const linkClass = 'font-medium text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';

export const useBlogStatusLabels = (): Record<BlogPostStatus, string> => {
  const { t } = useTranslation();
  return useMemo(() => ({ draft: t('Draft'), scheduled: t('Scheduled'), published: t('Published') }), [t]);
};

/** `/console/blog`: the store's posts, newest first, by status and title; each opens in its editor. */
export function BlogPostsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, filtered, setFilters, page } = useUrlList(blogPostFiltersFrom);
  const list = useQuery(blogQueries.list(filters, page.cursor));
  const statusLabels = useBlogStatusLabels();
  const tabs: Array<{ value: BlogPostStatus | 'all'; label: string }> = [{ value: 'all', label: t('All') }, ...Object.entries(statusLabels).map(([value, label]) => ({ value: value as BlogPostStatus, label }))];

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: () => t('Title'),
          cell: (info) => (
            <Link to={`/blog/${info.row.original.id}`} className={linkClass} onClick={(event) => event.stopPropagation()}>
              <bdi>{info.getValue()}</bdi>
            </Link>
          ),
        }),
        column.accessor('category_name', { header: () => t('Category'), cell: userTextCell }),
        column.accessor('status', {
          header: () => t('Status'),
          cell: (info) => {
            const at = info.row.original.published_at;
            return at ? `${statusLabels[info.getValue()]} · ${formatTime(at, { dateStyle: 'medium', timeStyle: 'short' })}` : statusLabels[info.getValue()];
          },
        }),
        column.accessor('missing_translations', { header: () => t('Translations'), cell: (info) => <MissingTranslations missing={info.getValue()} /> }),
      ]),
    [t, statusLabels],
  );
  const table = useTable({ features, columns, data: list.data?.posts ?? noPosts, getRowId: (post) => String(post.id) });

  return (
    <PageFrame title={t('Blog')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search by title')} />
        <div className="flex gap-2">
          <BlogCategoriesDialog />
          <Link to="/blog/new" className={primaryButtonClass}>
            {t('New post')}
          </Link>
        </div>
      </div>
      <TabbedTable
        tabsLabel={t('Post status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={t('Blog posts')}
        loading={list.isPending}
        loadingMessage={t('Loading posts…')}
        empty={<EmptyState message={filtered ? t('No posts match these filters.') : t('No posts yet.')} />}
        onRowClick={(row) => void navigate(`/blog/${row.original.id}`)}
      />
    </PageFrame>
  );
}
