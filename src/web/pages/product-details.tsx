import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ProductDetails as Product } from '../../shared/catalog.contract.ts';
import { discountPercentage } from '../../shared/money.ts';
import { Breadcrumbs, type Crumb } from '../features/catalog/breadcrumbs.tsx';
import { catalogQueries } from '../features/catalog/catalog-queries.ts';
import { categoryPath } from '../features/catalog/category-chips.tsx';
import { Countdown } from '../features/catalog/countdown.tsx';
import { DiscountBadge, PriceTag } from '../features/product-display/price-tag.tsx';
import { ProductGallery } from '../features/catalog/product-gallery.tsx';
import { ProductPurchase } from '../features/catalog/product-purchase.tsx';
import { ProductReviews } from '../features/catalog/product-reviews.tsx';
import { LAID_OUT_WHEN_NEAR, ProductSection, Section } from '../features/catalog/product-section.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { RatingSummary } from '../features/product-display/rating-stars.tsx';
import { ShopPanel } from '../features/catalog/shop-card.tsx';
import { StockState } from '../features/catalog/stock-state.tsx';
import { useVariantChoice } from '../features/catalog/variant-choice.ts';
import { EntityTitle } from '../features/catalog/entity-title.tsx';
import { RichText } from '../features/content/rich-text.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';
import { WithUserText } from '../../client/ui/user-text.tsx';

const pageClass = 'mx-auto w-full max-w-7xl px-4 py-8';

/** `/products/:id/details`. */
export default function ProductDetails() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: product, error, refetch } = useQuery(catalogQueries.product(id));

  let content: ReactNode;
  if (error) content = <QueryFailure error={error} notFoundMessage={t('Product not found')} onRetry={() => void refetch()} />;
  else if (!product) content = <DetailsSkeleton />;
  else content = <ProductView key={product.id} product={product} onSaleChange={() => void refetch()} />;
  return (
    <>
      <EntityTitle name={product?.name} routeTitle={t('Product Details')} />
      {content}
    </>
  );
}

function ProductView({ product, onSaleChange }: { product: Product; onSaleChange: () => void }) {
  const { t } = useTranslation();
  const multiVendor = useSettings((state) => state.multiVendor);
  const choice = useVariantChoice(product);
  const { variant } = choice;
  const price = variant ? { price: variant.price, discount: variant.discount_price } : { price: product.price, discount: product.discount_price };
  // The chosen variant's own pictures come first; negative ids keep their keys apart from the product's.
  const images = [...(variant?.images ?? []).map((thumbnail, position) => ({ id: -1 - position, thumbnail })), ...product.thumbnails];
  const crumbs: Crumb[] = [
    { label: product.category.name, to: categoryPath(product.category.slug) },
    ...(product.sub_category ? [{ label: product.sub_category.name, to: categoryPath(product.category.slug, product.sub_category.id) }] : []),
    { label: product.name },
  ];

  return (
    <div className={pageClass}>
      <Breadcrumbs items={crumbs} />
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery key={variant?.id ?? ''} name={product.name} images={images} />
        <div data-testid="product-summary" className="flex flex-col gap-4">
          {product.brand && (
            <p className="text-sm text-slate-600">
              <WithUserText text={t('Brand: {{name}}')} values={{ name: product.brand.name }} />
            </p>
          )}
          <h1 dir="auto" className="text-2xl font-semibold text-slate-900 sm:text-3xl">{product.name}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <RatingSummary rating={product.rating} count={product.total_reviews} />
            <span className="text-sm text-slate-600">{t('Sold: {{count}}', { count: product.total_sold })}</span>
          </div>
          <div data-testid="product-price" className="flex flex-wrap items-center gap-3">
            <PriceTag price={price.price} discountPrice={price.discount} size="lg" />
            <DiscountBadge percent={discountPercentage(price.price, price.discount)} className="text-sm" />
          </div>
          {product.flash_sale && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-primary-50 p-3 text-primary-950">
              <Link to={`/flash-sale/${product.flash_sale.id}`} className="font-semibold underline-offset-2 hover:underline">
                {t('Flash Sale')}
              </Link>
              <Countdown until={product.flash_sale.ends_at} label={t('Ends in')} onDone={onSaleChange} tone="dark" />
            </div>
          )}
          <StockState quantity={choice.stock} />
          <ProductPurchase product={product} choice={choice} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('SKU')}</dt>
            <dd data-testid="product-sku" dir="auto" className="text-slate-800">
              {variant?.sku ?? product.sku}
            </dd>
            <dt className="text-slate-600">{t('Category')}</dt>
            <dd dir="auto" className="text-slate-800">{product.sub_category ? `${product.category.name} / ${product.sub_category.name}` : product.category.name}</dd>
          </dl>
          {multiVendor && <ShopPanel shop={product.shop} />}
        </div>
      </div>
      {/* Below the fold, yet in the server's HTML too: the description is what search engines read. */}
      <Section title={t('Description')} className="mt-6">
        <RichText html={product.description} />
      </Section>
      <Section title={t('Reviews')} className={LAID_OUT_WHEN_NEAR}>
        <ProductReviews {...product} />
      </Section>
      <ProductSection title={t('Related Products')} products={product.related_products} className={LAID_OUT_WHEN_NEAR} />
    </div>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation();
  const line = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';
  return (
    <div aria-busy="true" className={pageClass}>
      <h1 className="sr-only">{t('Product Details')}</h1>
      <div className={`mb-4 h-5 w-64 ${line}`} />
      <div className="grid gap-8 lg:grid-cols-2">
        <div className={`aspect-square ${line}`} />
        <div className="flex flex-col gap-4">
          <div className={`h-4 w-24 ${line}`} />
          <div className={`h-9 w-3/4 ${line}`} />
          <div className={`h-5 w-40 ${line}`} />
          <div className={`h-9 w-48 ${line}`} />
          <div className={`h-24 w-full ${line}`} />
        </div>
      </div>
    </div>
  );
}
