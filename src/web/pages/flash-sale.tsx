import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { catalogQueries } from '../features/catalog/catalog-queries.ts';
import { FlashSaleStatus } from '../features/catalog/flash-sale-status.tsx';
import { readPage, searchOf, totalPages, withChanges } from '../features/catalog/listing-params.ts';
import { Pagination } from '../features/catalog/pagination.tsx';
import { ProductGrid } from '../features/catalog/product-grid.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { EntityTitle } from '../features/catalog/entity-title.tsx';
import { useDateFormat } from '../lib/date.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

/** `/flash-sale/:id`: the sale, its state with a live countdown, and its products at sale prices. */
export default function FlashSale() {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const page = readPage(params);
  const queryClient = useQueryClient();
  const { data: answer, error, refetch, isPlaceholderData } = useQuery(catalogQueries.flashSale(id, page));
  // A page of cards renders at transition priority, so React can yield to input while it does.
  const data = useDeferredValue(answer);
  const sale = data?.flash_sale;
  // The sale started or ended on screen: its status and prices change, so ask again.
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: catalogQueries.flashSaleKey(id) }), [queryClient, id]);

  if (error) return <QueryFailure error={error} notFoundMessage={t('Flash sale not found')} onRetry={() => void refetch()} />;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <EntityTitle name={sale?.name} routeTitle={t('Flash Sale')} />
      <div className="mb-6 overflow-hidden rounded-lg border border-slate-200 bg-white">
        {sale ? (
          <img src={sale.thumbnail} alt="" width={1200} height={400} fetchPriority="high" className="aspect-[4/1] w-full bg-slate-100 object-cover" />
        ) : (
          <div className="aspect-[4/1] w-full animate-pulse bg-slate-200 motion-reduce:animate-none" />
        )}
        {/* Placeholders of the same size hold the layout until the sale arrives. */}
        <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div className="flex flex-col gap-1">
            <h1 dir="auto" className="text-2xl font-semibold text-slate-900">{sale?.name ?? t('Flash Sale')}</h1>
            {sale ? (
              <p className="text-sm text-slate-600">
                {formatDate(sale.starts_at)} – {formatDate(sale.ends_at)}
              </p>
            ) : (
              <div className="h-5 w-64 max-w-full rounded bg-slate-200" />
            )}
          </div>
          {sale ? <FlashSaleStatus sale={sale} onChange={refresh} tone="dark" /> : <div className="h-12 w-64 max-w-full rounded bg-slate-200" />}
        </div>
      </div>
      {data && data.products.length === 0 ? (
        <EmptyState message={t('This flash sale has no products')} />
      ) : (
        <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60' : ''}>
          <ProductGrid products={data?.products} eager={2} />
        </div>
      )}
      {data && (
        <Pagination
          page={page}
          totalPages={totalPages(data.total)}
          linkTo={(target) => ({ search: searchOf(withChanges(params, { page: target })) })}
        />
      )}
    </section>
  );
}
