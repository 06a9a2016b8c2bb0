import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { ApiError } from '../../../client/lib/api-client.ts';
import type { ModeratedReview } from '../../../shared/review-moderation.contract.ts';
import { ClearFilters } from '../../ui/clear-filters.tsx';
import { DataTable, userTextCell } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { Pager, useUrlList } from '../../ui/url-list.tsx';
import { StatusTabs } from '../../ui/status-tabs.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { reviewFiltersFrom, reviewQueries } from './review-queries.ts';
import { ReviewVisibilityDialog } from './review-visibility-dialog.tsx';
import { WithUserText } from '../../../client/ui/user-text.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ModeratedReview>();
const noRows: ModeratedReview[] = [];
const fieldClass = 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700';
const PANEL_ID = 'reviews-panel';

type Tab = 'all' | 'visible' | 'hidden';

/** `/console/reviews`: shoppers' reviews newest first; hide one from the storefront (or show it again) with a reason. */
export function ReviewsPage({ storeWide }: { storeWide: boolean }) {
  const { t } = useTranslation();
  const { filters, filtered, setFilters, page } = useUrlList(reviewFiltersFrom);
  const list = useQuery(reviewQueries.list(filters, page.cursor));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((row) => row.product, {
          id: 'product',
          header: () => t('Product'),
          cell: (info) => (
            <Link to={`/reviews?product_id=${info.getValue().id}`} className="text-primary-800 hover:underline" dir="auto">
              {info.getValue().name}
            </Link>
          ),
        }),
        ...(storeWide ? [column.accessor((row) => row.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
        column.accessor('rating', { header: () => t('Rating'), cell: (info) => t('{{rating}} of 5', { rating: formatNumber(info.getValue()) }) }),
        column.accessor('comment', {
          header: () => t('Review'),
          cell: (info) => (
            <div className="flex max-w-md flex-col gap-1">
              <span dir="auto">{info.getValue() || '—'}</span>
              <span className="text-xs text-slate-500"><WithUserText text={t('{{name}}, {{date}}')} values={{ name: info.row.original.reviewer_name, date: formatTime(info.row.original.created_at, { dateStyle: 'medium' }) }} /></span>
              {info.row.original.hidden && <span className="text-xs text-red-800"><WithUserText text={t('Hidden: {{reason}}')} values={{ reason: info.row.original.hidden.reason }} /></span>}
            </div>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => t('Actions'),
          cell: (info) => <ReviewVisibilityDialog review={info.row.original} />,
        }),
      ]),
    [t, storeWide],
  );
  const table = useTable({ features, data: list.data?.reviews ?? noRows, columns, getRowId: (row) => String(row.id) });
  const tabs = [
    { value: 'all' as Tab, label: t('All') },
    { value: 'visible' as Tab, label: t('Visible') },
    { value: 'hidden' as Tab, label: t('Hidden') },
  ];
  const refused = list.error instanceof ApiError && list.error.status === 403;

  return (
    <PageFrame title={t('Reviews')}>
      <div role="group" aria-label={t('Filters')} className="flex flex-wrap items-end gap-3">
        <select aria-label={t('Rating')} value={filters.rating ?? ''} onChange={(event) => setFilters({ rating: Number(event.target.value) || undefined })} className={fieldClass}>
          <option value="">{t('Any rating')}</option>
          {[5, 4, 3, 2, 1].map((rating) => (
            <option key={rating} value={rating}>
              {t('{{rating}} of 5', { rating: formatNumber(rating) })}
            </option>
          ))}
        </select>
        {filters.product_id !== undefined && (
          <button type="button" onClick={() => setFilters({ product_id: undefined })} className={textButtonClass}>
            {t('Product #{{id}}: show every product', { id: filters.product_id })}
          </button>
        )}
        {filters.product_id !== undefined && (
          <Link to={`/products/${filters.product_id}`} className={textButtonClass}>
            {t('Open the product')}
          </Link>
        )}
        <ClearFilters />
      </div>
      <StatusTabs label={t('Visibility')} tabs={tabs} selected={filters.visibility ?? 'all'} onSelect={(tab) => setFilters({ visibility: tab === 'all' ? undefined : tab })} panelId={PANEL_ID} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`tab-${filters.visibility ?? 'all'}`} className="flex flex-col gap-4">
        {refused ? (
          <EmptyState message={t('The store does not let shops moderate reviews.')} />
        ) : list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : (
          <DataTable table={table} caption={t('Reviews')} loading={list.isPending} loadingMessage={t('Loading reviews…')} empty={<EmptyState message={filtered ? t('No reviews match these filters.') : t('No reviews yet.')} />} />
        )}
        <Pager page={page} list={list} />
      </div>
    </PageFrame>
  );
}
