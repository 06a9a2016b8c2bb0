import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router';
import type { ShopSummary } from '../../shared/catalog.contract.ts';
import { Breadcrumbs } from '../features/catalog/breadcrumbs.tsx';
import { catalogQueries } from '../features/catalog/catalog-queries.ts';
import { ProductBrowser } from '../features/catalog/product-browser.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { RatingStars } from '../features/product-display/rating-stars.tsx';
import { EntityTitle } from '../features/catalog/entity-title.tsx';
import { ShopVouchersButton } from '../features/vouchers/shop-vouchers-button.tsx';
import { secondaryButtonClass } from '../../client/ui/button-styles.ts';
import { MapPinIcon } from '../components/ui/icons.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

/** `/shops/:id`: the shop's banner and facts, its vouchers, and its products. */
export default function ShopDetails() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: shop, error, refetch } = useQuery(catalogQueries.shop(id));

  if (error) return <QueryFailure error={error} notFoundMessage={t('Shop not found')} onRetry={() => void refetch()} />;
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <EntityTitle name={shop?.name} routeTitle={t('Shop Details')} />
      <Breadcrumbs items={[{ label: t('Shops'), to: '/shops' }, { label: shop?.name ?? t('Shop Details') }]} />
      <ShopHeader shop={shop} />
      <ShopVouchers shop={shop} />
      {shop && (
        <>
          <h2 className="mb-4 text-xl font-semibold text-slate-900">{t('Products')}</h2>
          <ProductBrowser scope={{ shop_id: shop.id }} emptyMessage={t('This shop has no products yet')} />
        </>
      )}
    </section>
  );
}

function ShopHeader({ shop }: { shop: ShopSummary | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {shop ? (
        <img src={shop.banner} alt="" width={1200} height={400} fetchPriority="high" className="aspect-[4/1] w-full bg-slate-100 object-cover" />
      ) : (
        <div className="aspect-[4/1] w-full animate-pulse bg-slate-200 motion-reduce:animate-none" />
      )}
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:p-6">
        {shop ? (
          <img src={shop.logo} alt="" width={96} height={96} className="-mt-14 size-24 shrink-0 rounded-full border-4 border-white bg-white object-cover shadow sm:-mt-16" />
        ) : (
          <div className="-mt-14 size-24 shrink-0 rounded-full border-4 border-white bg-slate-200 sm:-mt-16" />
        )}
        <div className="flex min-h-16 min-w-0 flex-1 flex-col gap-1">
          <h1 dir="auto" className="text-2xl font-semibold text-slate-900">{shop?.name ?? t('Shop Details')}</h1>
          {shop && (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
              <span className="flex items-center gap-1.5">
                <RatingStars rating={shop.rating} />
                {shop.rating.toFixed(1)}
                <span className="text-slate-600">({t('Reviews: {{count}}', { count: shop.total_reviews })})</span>
              </span>
              <span>{t('Products: {{count}}', { count: shop.total_products })}</span>
              {shop.address && (
                <span className="flex items-center gap-1">
                  <MapPinIcon className="size-4" />
                  <bdi>{shop.address}</bdi>
                </span>
              )}
            </div>
          )}
        </div>
      </div>
      {shop?.description && <p dir="auto" className="px-4 pb-5 text-slate-700 sm:px-6">{shop.description}</p>}
    </div>
  );
}

/** The shop's vouchers, collected in their dialog. */
function ShopVouchers({ shop }: { shop: ShopSummary | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-8 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id={headingId} className="mb-1 text-xl font-semibold text-slate-900">
          {t('Vouchers')}
        </h2>
        <p className="text-slate-600">{t('Collect vouchers from this shop and save at checkout')}</p>
      </div>
      {shop && <ShopVouchersButton shopId={shop.id} shopName={shop.name} className={secondaryButtonClass} />}
    </section>
  );
}
