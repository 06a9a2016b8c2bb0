import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowSelectionFeature, tableFeatures, useTable, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { EXACT_TOTAL_BELOW, productStatuses, type ConsoleProductRow } from '../../../shared/catalog-console.contract.ts';
import { ClearFilters } from '../../ui/clear-filters.tsx';
import { DataTable, userTextCell } from '../../ui/data-table.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { RecordOptions } from '../../ui/form.tsx';
import { ShopFilter } from '../../ui/list-filters.tsx';
import { Pager, useUrlList } from '../../ui/url-list.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { catalogueChoices, filtersFromSearch, productQueries, type ProductListFilters } from './product-queries.ts';
import { StatusBadge, statusLabel } from './status-badge.tsx';

const features = tableFeatures({ rowSelectionFeature });
const column = createColumnHelper<typeof features, ConsoleProductRow>();
const noRows: ConsoleProductRow[] = [];
const chipClass =
  'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-primary-700 aria-pressed:border-primary-700 aria-pressed:bg-primary-50 aria-pressed:text-primary-900 border-slate-300 bg-white text-slate-700';
const selectClass = 'h-9 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-700';

/** The rows ticked on the page shown; another page or other filters start with none. */
function usePageSelection(pageKey: string) {
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: pageKey, rows: {} });
  const rows = selection.key === pageKey ? selection.rows : {};
  return {
    rows,
    ids: Object.keys(rows).map(Number),
    change: (update: RowSelectionState | ((current: RowSelectionState) => RowSelectionState)) =>
      setSelection({ key: pageKey, rows: typeof update === 'function' ? update(rows) : update }),
    clear: () => setSelection({ key: pageKey, rows: {} }),
  };
}

const checkboxClass = 'size-4 accent-primary-700';

/**
 * `/console/products`: every product this person may see, searched and filtered on the server, a
 * keyset page at a time; with `catalogue.write`, rows are ticked for the bulk actions.
 */
export function ProductsPage({ storeWide, canWrite }: { storeWide: boolean; canWrite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, filtered, setFilters, page } = useUrlList(filtersFromSearch);
  const list = useQuery(productQueries.list(filters, page.cursor));
  const selection = usePageSelection(`${JSON.stringify(filters)} ${page.cursor ?? ''}`);
  const categories = useQuery(catalogueChoices.categories);
  const shops = useQuery({ ...catalogueChoices.shops, enabled: storeWide });

  const columns = useMemo(
    () =>
      column.columns([
      ...(canWrite
        ? [
            column.display({
              id: 'select',
              header: ({ table }) => (
                <input
                  type="checkbox"
                  aria-label={t('Select all products on this page')}
                  checked={table.getIsAllPageRowsSelected()}
                  ref={(box) => {
                    if (box) box.indeterminate = table.getIsSomePageRowsSelected();
                  }}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                  className={checkboxClass}
                />
              ),
              cell: ({ row }) => (
                <input
                  type="checkbox"
                  aria-label={t('Select {{name}}', { name: row.original.name })}
                  checked={row.getIsSelected()}
                  onClick={(event) => event.stopPropagation()}
                  onChange={row.getToggleSelectedHandler()}
                  className={checkboxClass}
                />
              ),
            }),
          ]
        : []),
      column.accessor('name', {
        header: () => t('Name'),
        cell: (info) => (
          <Link to={`/products/${info.row.original.id}`} onClick={(event) => event.stopPropagation()} className="font-medium text-primary-800 hover:underline" dir="auto">
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('sku', { header: () => t('SKU'), cell: (info) => <span dir="ltr">{info.getValue()}</span> }),
      column.accessor('status', { header: () => t('Status'), cell: (info) => <StatusBadge status={info.getValue()} /> }),
      column.accessor('price', { header: () => t('Price'), cell: (info) => formatNumber(info.getValue(), 2) }),
      column.accessor('stock', { header: () => t('Stock'), cell: (info) => formatNumber(info.getValue()) }),
      ...(storeWide ? [column.accessor((row) => row.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
      ]),
    [t, storeWide, canWrite],
  );
  const table = useTable({
    features,
    data: list.data?.products ?? noRows,
    columns,
    getRowId: (row) => String(row.id),
    state: { rowSelection: selection.rows },
    onRowSelectionChange: selection.change,
    enableRowSelection: canWrite,
  });
  const total = list.data?.estimated_total ?? 0;

  return (
    <PageFrame title={t('Products')}>
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox filters={filters} onSearch={setFilters} />
        {canWrite && (
          <Link to="/products/new" className={`${primaryButtonClass} ms-auto`}>
            {t('New product')}
          </Link>
        )}
      </div>

      <div role="group" aria-label={t('Filters')} className="flex flex-wrap items-center gap-2">
        <button type="button" aria-pressed={filters.status === undefined} onClick={() => setFilters({ status: undefined })} className={chipClass}>
          {t('All')}
        </button>
        {productStatuses.map((status) => (
          <button key={status} type="button" aria-pressed={filters.status === status} onClick={() => setFilters({ status })} className={chipClass}>
            {statusLabel(status)}
          </button>
        ))}
        <select aria-label={t('Category')} value={filters.category_id ?? ''} onChange={(event) => setFilters({ category_id: Number(event.target.value) || undefined })} className={selectClass}>
          <option value="">{t('All categories')}</option>
          <RecordOptions records={categories.data} />
        </select>
        {storeWide && <ShopFilter shops={shops.data} value={filters.shop_id} onChange={(shopId) => setFilters({ shop_id: shopId })} className={selectClass} />}
        <select aria-label={t('Sort by')} value={filters.sort ?? ''} onChange={(event) => setFilters({ sort: event.target.value === 'name' ? 'name' : undefined })} className={selectClass}>
          <option value="">{t('Newest first')}</option>
          <option value="name">{t('Name, A to Z')}</option>
        </select>
        <ClearFilters />
      </div>

      {list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <>
          {total > 0 && (
            <p className="text-sm text-slate-600">
              {total >= EXACT_TOTAL_BELOW ? t('Products: about {{count}}', { count: formatNumber(total) }) : t('Products: {{count}}', { count: formatNumber(total) })}
            </p>
          )}
          {selection.ids.length > 0 && <BulkActions ids={selection.ids} onDone={selection.clear} />}
          <DataTable
            table={table}
            caption={t('Products')}
            loading={list.isPending}
            loadingMessage={t('Loading products…')}
            empty={
              <EmptyState
                message={filtered ? t('No products match these filters.') : t('No products yet.')}
                action={
                  canWrite && (
                    <Link to="/products/new" className={secondaryButtonClass}>
                      {t('New product')}
                    </Link>
                  )
                }
              />
            }
            onRowClick={(row) => void navigate(`/products/${row.original.id}`)}
          />
        </>
      )}

      <Pager page={page} list={list} />
    </PageFrame>
  );
}

/** Name or SKU: the server looks names up by part and SKUs exactly, so the person says which. */
function SearchBox({ filters, onSearch }: { filters: ProductListFilters; onSearch(change: Partial<ProductListFilters>): void }) {
  const { t } = useTranslation();
  const [field, setField] = useState<'search' | 'sku'>(filters.sku ? 'sku' : 'search');
  const [text, setText] = useState(filters.sku ?? filters.search ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim() || undefined;
    onSearch(field === 'sku' ? { sku: value, search: undefined } : { search: value, sku: undefined });
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 items-center gap-2">
      <select aria-label={t('Search in')} value={field} onChange={(event) => setField(event.target.value === 'sku' ? 'sku' : 'search')} className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm">
        <option value="search">{t('Name')}</option>
        <option value="sku">{t('SKU')}</option>
      </select>
      <input
        type="search"
        data-console-search
        aria-label={t('Search products')}
        placeholder={t('Search products')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm sm:w-64 sm:flex-none"
      />
      <button type="submit" className={secondaryButtonClass}>
        {t('Search')}
      </button>
    </form>
  );
}
