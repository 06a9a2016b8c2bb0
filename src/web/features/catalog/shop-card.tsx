import { Link } from 'react-router';
import type { ShopSummary } from '../../../shared/catalog.contract.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { RatingStars } from '../product-display/rating-stars.tsx';

export const shopPath = (id: number) => `/shops/${id}`;

function ShopFacts({ shop }: { shop: ShopSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="flex items-center gap-1.5 text-sm text-slate-700">
        <RatingStars rating={shop.rating} />
        <span>{shop.rating.toFixed(1)}</span>
      </span>
      <span className="text-sm text-slate-600">{t('Products: {{count}}', { count: shop.total_products })}</span>
    </>
  );
}

/** A shop in a grid: banner, logo, name, rating and product count; the whole card opens the shop. */
export function ShopCard({ shop }: { shop: ShopSummary }) {
  return (
    <Link
      to={shopPath(shop.id)}
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
    >
      <img src={shop.banner} alt="" width={1200} height={400} loading="lazy" decoding="async" className="aspect-[3/1] w-full bg-slate-100 object-cover" />
      <div className="flex flex-1 flex-col items-center gap-1 px-3 pb-4 text-center">
        <img
          src={shop.logo}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="-mt-8 size-16 rounded-full border-4 border-white bg-white object-cover shadow"
        />
        <span dir="auto" className="line-clamp-1 font-semibold text-slate-900 group-hover:text-primary-800">{shop.name}</span>
        <ShopFacts shop={shop} />
      </div>
    </Link>
  );
}

/** The seller box of a product page: logo, name, rating, product count and Visit Store. */
export function ShopPanel({ shop }: { shop: ShopSummary }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`shop-${shop.id}`} className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <img src={shop.logo} alt="" width={56} height={56} loading="lazy" className="size-14 rounded-full bg-slate-100 object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 id={`shop-${shop.id}`} dir="auto" className="truncate font-semibold text-slate-900">
          {shop.name}
        </h2>
        <ShopFacts shop={shop} />
      </div>
      <Link to={shopPath(shop.id)} className={secondaryButtonClass}>
        {t('Visit Store')}
      </Link>
    </section>
  );
}
