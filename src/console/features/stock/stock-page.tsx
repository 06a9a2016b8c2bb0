import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { StockVariant } from '../../../shared/catalog-console.contract.ts';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { DataTable, userTextCell } from '../../ui/data-table.tsx';
import { ListSearch } from '../../ui/list-search.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { StockEditor } from './stock-editor.tsx';
import { StockHistory } from './stock-history.tsx';
import { stockFiltersFrom, stockQueries } from './stock-queries.ts';
import { Pager, useUrlList } from '../../ui/url-list.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StockVariant>();
const noVariants: StockVariant[] = [];
const chipClass =
  'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-primary-700 aria-pressed:border-primary-700 aria-pressed:bg-primary-50 aria-pressed:text-primary-900 border-slate-300 bg-white text-slate-700';

/**
 * `/console/stock`: every variant this person may see, lowest stock first, searched and filtered on
 * the server; with `catalogue.write` each row's stock is changed in place (through the ledger), and
 * each row opens its history.
 */
export function StockPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const { filters, filtered, setFilters, page } = useUrlList(stockFiltersFrom);
  const list = useQuery(stockQueries.list(filters, page.cursor));
  const variants = list.data?.variants ?? noVariants;
  const threshold = list.data?.low_stock_threshold;
  const storeWide = me.scope === 'store';
  const canWrite = me.permissions.includes('catalogue.write');

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((variant) => variant.product.name, {
          id: 'product',
          header: () => t('Product'),
          cell: (info) => (
            <Link to={`/products/${info.row.original.product.id}`} className="font-medium text-primary-800 hover:underline" dir="auto">
              {info.getValue()}
            </Link>
          ),
        }),
        column.accessor((variant) => [variant.color, variant.size].filter(Boolean).join(' / '), { id: 'options', header: () => t('Options'), cell: (info) => <bdi>{info.getValue() || '—'}</bdi> }),
        column.accessor('sku', { header: () => t('SKU'), cell: (info) => <span dir="ltr">{info.getValue()}</span> }),
        ...(storeWide ? [column.accessor((variant) => variant.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
        column.accessor('stock', {
          header: () => t('Stock'),
          cell: (info) => (
            <span className="flex items-center gap-2">
              {formatNumber(info.getValue())}
              {info.row.original.low_stock && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t('Low stock')}</span>}
            </span>
          ),
        }),
        ...(canWrite ? [column.display({ id: 'update', header: () => t('Update stock'), cell: (info) => <StockEditor key={info.row.original.stock} variant={info.row.original} /> })] : []),
        column.display({ id: 'history', header: () => t('History'), cell: (info) => <StockHistory variant={info.row.original} /> }),
      ]),
    [t, storeWide, canWrite],
  );
  const table = useTable({ features, columns, data: variants, getRowId: (variant) => String(variant.id) });

  return (
    <PageFrame title={t('Stock')}>
      <div className="flex flex-wrap items-center gap-3">
        <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search by product name or the start of a SKU')} />
        <button type="button" aria-pressed={filters.low_stock === 'true'} onClick={() => setFilters({ low_stock: filters.low_stock ? undefined : 'true' })} className={chipClass}>
          {t('Low stock only')}
        </button>
        {threshold !== undefined && <p className="text-sm text-slate-600">{t('Low stock means {{count}} units or fewer.', { count: formatNumber(threshold) })}</p>}
      </div>

      {list.isError && variants.length === 0 ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          table={table}
          caption={t('Stock')}
          loading={list.isPending}
          loadingMessage={t('Loading stock…')}
          empty={<EmptyState message={filtered ? t('No variants match these filters.') : t('No variants yet.')} />}
        />
      )}
      <Pager page={page} list={list} />
    </PageFrame>
  );
}
