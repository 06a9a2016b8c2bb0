import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ProductReviewRow, ProductReviewStatus } from '../../../shared/product-review-console.contract.ts';
import { DataTable, userTextCell } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { StatusTabs } from '../../ui/status-tabs.tsx';
import { ProductReviewDialog } from './product-review-dialog.tsx';
import { productReviewQueries } from './product-review-queries.ts';
import { Pager, useUrlList } from '../../ui/url-list.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ProductReviewRow>();
const noRows: ProductReviewRow[] = [];
/** The queue's tabs: a superseded proposal is history the product's audit log keeps. */
const shownStatuses = ['pending', 'approved', 'rejected'] as const satisfies readonly ProductReviewStatus[];
type ShownStatus = (typeof shownStatuses)[number];
const isShown = (value: string | null): value is ShownStatus => (shownStatuses as readonly (string | null)[]).includes(value);
const statusFrom = (params: URLSearchParams): { status?: ShownStatus } => {
  const status = params.get('status');
  return { status: isShown(status) ? status : undefined };
};

function useStatusNames(): Record<ShownStatus, string> {
  const { t } = useTranslation();
  return { pending: t('Waiting'), approved: t('Approved'), rejected: t('Rejected') };
}

/** `/console/product-approval`: shops' new products and edits waiting for the store, oldest first, reviewed one by one. */
export function ProductApprovalPage() {
  const { t } = useTranslation();
  const statusNames = useStatusNames();
  const { filters, setFilters, page } = useUrlList(statusFrom);
  const status = filters.status ?? 'pending';
  const reviews = useQuery(productReviewQueries.list(status, page.cursor));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('proposed_name', {
          header: () => t('Product'),
          cell: (info) => <ProductReviewDialog review={info.row.original} />,
        }),
        column.accessor('kind', { header: () => t('Change'), cell: (info) => (info.getValue() === 'create' ? t('New product') : t('Edit')) }),
        column.accessor((row) => row.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell }),
        column.accessor((row) => row.author?.name ?? '—', { id: 'author', header: () => t('Submitted by'), cell: userTextCell }),
        column.accessor('submitted_at', { header: () => t('Submitted'), cell: (info) => formatTime(info.getValue(), { dateStyle: 'medium', timeStyle: 'short' }) }),
        ...(status === 'rejected' ? [column.accessor((row) => row.reason ?? '', { id: 'reason', header: () => t('Reason'), cell: userTextCell })] : []),
      ]),
    [t, status],
  );
  const table = useTable({ features, data: reviews.data?.reviews ?? noRows, columns, getRowId: (row) => String(row.id) });

  return (
    <PageFrame title={t('Product approval')}>
      <StatusTabs
        label={t('Review status')}
        tabs={shownStatuses.map((value) => ({ value, label: statusNames[value] }))}
        selected={status}
        onSelect={(value) => setFilters({ status: value })}
        panelId="product-reviews-panel"
      />
      <div id="product-reviews-panel" role="tabpanel" aria-labelledby={`tab-${status}`} className="flex flex-col gap-4">
        {reviews.isError ? (
          <LoadFailed onRetry={() => void reviews.refetch()} />
        ) : (
          <DataTable
            table={table}
            caption={t('Product approval')}
            loading={reviews.isPending}
            loadingMessage={t('Loading…')}
            empty={<EmptyState message={status === 'pending' ? t('No product changes are waiting for approval.') : t('No product changes here.')} />}
          />
        )}
        <Pager page={page} list={reviews} />
      </div>
    </PageFrame>
  );
}
