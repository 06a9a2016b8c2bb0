import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductFilters as ProductFacets } from '../../../shared/catalog.contract.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { ListingContent } from '../../components/ui/listing-content.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import { catalogQueries } from './catalog-queries.ts';
import {
  filterKeys,
  firstPageOf,
  readListing,
  searchOf,
  totalPages,
  withChanges,
  type ListingSetup,
  type FilterKey,
  type FilterValues,
} from './listing-params.ts';
import { Pagination, scrollBackTo } from './pagination.tsx';
import { ProductFilters, STARS_AND_UP, type FilterChanges } from './product-filters.tsx';
import { ProductGrid } from './product-grid.tsx';
import { SortSelect } from './sort-select.tsx';

interface ProductBrowserProps extends ListingSetup {
  emptyMessage?: string;
}

/**
 * The product listing of Products, CategoryProduct, ShopDetails, MostPopular and BestDeal: filters,
 * sort, count, grid and pagination. All of the shopper's choices live in the URL query.
 */
export function ProductBrowser({ scope = {}, defaultSort, categoryFilter = false, emptyMessage }: ProductBrowserProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();

  const { values, sort, page, request } = readListing(params, { scope, defaultSort, categoryFilter });
  const { data: answer, isPending, isError, isPlaceholderData, refetch } = useQuery(catalogQueries.products(request));
  // A page of cards renders at transition priority, so React can yield to input while it does.
  const data = useDeferredValue(answer);

  const change = (changes: Record<string, string | number | undefined>) => setParams(withChanges(params, changes));
  const hasFilters = Object.keys(values).length > 0;
  const clearFilters = () => change(Object.fromEntries(filterKeys.map((key) => [key, undefined])));


  const content = (
    <ListingContent
      items={data?.products}
      isPending={isPending}
      isError={isError}
      isRefreshing={isPlaceholderData}
      renderItems={(products) => <ProductGrid products={products} eager={2} />}
      failedMessage={t('The products could not be loaded.')}
      onRetry={() => void refetch()}
      emptyMessage={emptyMessage ?? t('No products found')}
      emptyAction={hasFilters ? { label: t('Clear filters'), onClick: clearFilters } : undefined}
      pastEnd={data && data.total > 0 ? { message: t('No products on this page'), firstPage: firstPageOf(params) } : undefined}
    />
  );

  return (
    <div ref={topRef} className="scroll-mt-4">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="min-h-5 basis-full text-sm text-slate-600 sm:basis-auto">
          {data && t({ one: '{{count}} product found', other: '{{count}} products found' }, { count: data.total })}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen(!filtersOpen)}
            className={`${secondaryButtonClass} lg:hidden`}
          >
            {t('Filters')}
          </button>
          <SortSelect value={sort} defaultSort={defaultSort} onChange={(next) => change({ sort_type: next })} />
        </div>
      </div>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside
          id={panelId}
          aria-labelledby={headingId}
          className={`mb-6 rounded-lg border border-slate-200 bg-white p-4 lg:mb-0 lg:block ${filtersOpen ? '' : 'hidden'}`}
        >
          <h2 id={headingId} className="mb-4 text-base font-semibold text-slate-900">
            {t('Filters')}
          </h2>
          <ProductFilters facets={data?.filters} values={values} categoryFilter={categoryFilter} onChange={(next) => change(next)} />
        </aside>
        <div className="min-w-0">
          {hasFilters && <ActiveFilters values={values} facets={data?.filters} onChange={change} onClear={clearFilters} />}
          {content}
          {data && (
            <Pagination
              page={page}
              totalPages={totalPages(data.total)}
              linkTo={(target) => ({ search: searchOf(withChanges(params, { page: target })) })}
              onNavigate={() => scrollBackTo(topRef.current)}
            />
          )}
        </div>
      </div>
    </div>
  );
}

interface ActiveFiltersProps {
  values: FilterValues;
  facets: ProductFacets | undefined;
  onChange(changes: FilterChanges): void;
  onClear(): void;
}

/** The applied filters as chips, each removable on its own, and Clear filters for all. */
function ActiveFilters({ values, facets, onChange, onClear }: ActiveFiltersProps) {
  const { t } = useTranslation();
  const categories = useSettings((state) => state.categories);
  const currency = useSettings((state) => state.selectedCurrency);
  const category = categories.find((entry) => entry.id === values.category_id);
  const subCategory = categories.flatMap((entry) => entry.sub_categories).find((entry) => entry.id === values.sub_category_id);
  const nameIn = (list: { id: number; name: string }[] | undefined, id: number | undefined) => list?.find((entry) => entry.id === id)?.name;

  const price = (amount: number | undefined) => (amount === undefined ? '' : formatPrice(amount, currency));
  const chips: { keys: FilterKey[]; label: string | undefined }[] = [
    { keys: ['category_id'], label: category?.name },
    { keys: ['sub_category_id'], label: subCategory?.name },
    { keys: ['brand_id'], label: nameIn(facets?.brands, values.brand_id) },
    { keys: ['color_id'], label: nameIn(facets?.colors, values.color_id) },
    { keys: ['size_id'], label: nameIn(facets?.sizes, values.size_id) },
    { keys: ['rating'], label: values.rating ? t(STARS_AND_UP, { count: values.rating }) : undefined },
    {
      keys: ['min_price', 'max_price'],
      label:
        values.min_price !== undefined || values.max_price !== undefined
          ? `${t('Price')}: ${price(values.min_price)} – ${price(values.max_price)}`
          : undefined,
    },
  ];

  return (
    <ul aria-label={t('Active filters')} className="mb-4 flex flex-wrap items-center gap-2">
      {chips
        .filter((chip) => chip.label && chip.keys.some((key) => values[key] !== undefined))
        .map((chip) => (
          <li key={chip.keys[0]}>
            <button
              type="button"
              onClick={() => onChange(Object.fromEntries(chip.keys.map((key) => [key, undefined])))}
              aria-label={t('Remove filter: {{name}}', { name: chip.label ?? '' })}
              className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary-200 bg-primary-50 ps-3 pe-2 text-sm text-primary-900 hover:border-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            >
              {chip.label}
              <CloseIcon className="size-4" />
            </button>
          </li>
        ))}
      <li>
        <button
          type="button"
          onClick={onClear}
          className={`h-8 rounded-md px-2 ${textButtonClass}`}
        >
          {t('Clear filters')}
        </button>
      </li>
    </ul>
  );
}
