import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '../../../shared/catalog.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { FavoriteButton } from '../account/favorite-button.tsx';
import { DiscountBadge, PriceTag } from '../product-display/price-tag.tsx';
import { productPath } from '../product-display/product-path.ts';
import { RatingSummary } from '../product-display/rating-stars.tsx';

interface ProductCardProps {
  product: ProductCardData;
  /** A card in the first row of a page's main list: its picture is likely the largest paint, so it loads at once. */
  priority?: boolean;
}

/** The one product card of every list: picture, name, price, rating, stock and the wishlist heart. */
export function ProductCard({ product, priority = false }: ProductCardProps) {
  const { t } = useTranslation();

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition-shadow hover:shadow-md">
      <Link
        to={productPath(product.id)}
        className="flex flex-1 flex-col focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700"
      >
        <div className="relative aspect-square overflow-hidden bg-slate-100">
          <img
            src={product.thumbnail}
            alt=""
            width={400}
            height={400}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
          />
          <DiscountBadge percent={product.discount_percentage} className="absolute start-2 top-2" />
          {product.quantity === 0 && (
            <span className="absolute inset-x-0 bottom-0 bg-slate-800 py-1 text-center text-xs font-semibold text-white">
              {t('Out of stock')}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-3">
          <span dir="auto" className="line-clamp-2 min-h-10 text-sm leading-5 font-medium text-slate-800 group-hover:text-primary-800">
            {product.name}
          </span>
          <PriceTag price={product.price} discountPrice={product.discount_price} />
          <RatingSummary rating={product.rating} count={product.total_reviews} className="mt-auto" />
        </div>
      </Link>
      <FavoriteButton
        product={product}
        className="absolute end-2 top-2 flex size-9 items-center justify-center rounded-full bg-white text-slate-700 shadow hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 aria-pressed:text-primary-700"
      />
    </article>
  );
}

/** A card's shape while its product loads, so the grid keeps its size. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="aspect-square animate-pulse bg-slate-200 motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 p-3">
        <div className="h-4 w-11/12 rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="mt-1 h-5 w-1/3 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-200" />
      </div>
    </div>
  );
}
