import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Home as HomeData, HomeSection } from '../../shared/catalog.contract.ts';
import { HOME_PREVIEW_PARAM } from '../../shared/constants.ts';
import { catalogQueries } from '../features/catalog/catalog-queries.ts';
import { ProductGrid } from '../features/catalog/product-grid.tsx';
import { LAID_OUT_WHEN_NEAR, ProductSection, Section } from '../features/catalog/product-section.tsx';
import { ShopCard } from '../features/catalog/shop-card.tsx';
import { CategoryStrip } from '../features/home/category-strip.tsx';
import { RunningFlashSale, UpcomingFlashSale } from '../features/home/flash-sale-sections.tsx';
import { HomeBanners } from '../features/home/home-banners.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

/** The home page: its banners, then the sections the store shows, in its order (the console's home layout; a preview link shows the draft). */
export default function Home() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { data } = useQuery(catalogQueries.home(search.get(HOME_PREVIEW_PARAM) ?? undefined));
  // Some fifty cards arrive at once: rendering them at transition priority lets React yield to input
  // in between instead of blocking the main thread in one long task.
  const home = useDeferredValue(data);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6">
      <h1 className="sr-only">{t('Home')}</h1>
      {/* The banners hold the largest picture: they take the answer at once, not deferred. */}
      <HomeBanners banners={data?.banners} />
      {/* One placeholder while loading: skeletons of later rows would be pushed down (a layout shift) when the flash sale arrives above them. */}
      {!home && (
        <div aria-hidden="true" className="py-6">
          <div className="mb-4 h-7 w-48 rounded bg-slate-200" />
          <ProductGrid products={undefined} skeletons={5} />
        </div>
      )}
      {home?.sections.map((section) => (
        <HomeSectionView key={section.kind} section={section} home={home} />
      ))}
    </div>
  );
}

function HomeSectionView({ section, home }: { section: HomeSection; home: HomeData }): ReactNode {
  const { t } = useTranslation();
  const multiVendor = useSettings((state) => state.multiVendor);
  switch (section.kind) {
    case 'categories':
      return <CategoryStrip categoryIds={section.category_ids} />;
    case 'flash_sale':
      return (
        <>
          {home.running_flash_sale && <RunningFlashSale sale={home.running_flash_sale} />}
          {home.incoming_flash_sale && <UpcomingFlashSale sale={home.incoming_flash_sale} />}
        </>
      );
    case 'popular_products':
      return <ProductSection title={t('Popular Products')} viewAllTo="/most-popular" products={home.popular_products} className={LAID_OUT_WHEN_NEAR} />;
    case 'best_deals':
      return <ProductSection title={t('Best Deals')} viewAllTo="/best-deal" products={home.best_deal_products} className={LAID_OUT_WHEN_NEAR} />;
    case 'just_for_you':
      return <ProductSection title={t('Just For You')} products={home.just_for_you} className={LAID_OUT_WHEN_NEAR} />;
    case 'shops':
      if (!multiVendor || home.shops.length === 0) return null;
      return (
        <Section title={t('Shops')} viewAllTo="/shops" className={LAID_OUT_WHEN_NEAR}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
            {home.shops.map((shop) => (
              <li key={shop.id}>
                <ShopCard shop={shop} />
              </li>
            ))}
          </ul>
        </Section>
      );
  }
}
