import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { primaryButtonClass } from '../../client/ui/button-styles.ts';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { catalogQueries } from '../features/catalog/catalog-queries.ts';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { ShopCard } from '../features/catalog/shop-card.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** `/shops`: every shop of the marketplace; a single-vendor store has no such page. */
export default function Shop() {
  const { t } = useTranslation();
  const multiVendor = useSettings((state) => state.multiVendor);
  const { data: shops, error, refetch } = useQuery({ ...catalogQueries.shops(), enabled: multiVendor });

  if (!multiVendor) {
    return (
      <section className="mx-auto w-full max-w-7xl px-4 py-8">
        <PageHeading title={t('Page Not Found')} />
        <EmptyState
          message={t('The page you are looking for does not exist or has been moved.')}
          action={
            <Link to="/" className={primaryButtonClass}>
              {t('Back to Home')}
            </Link>
          }
        />
      </section>
    );
  }
  if (error) return <QueryFailure error={error} notFoundMessage={t('No shops found')} onRetry={() => void refetch()} />;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={t('Shops')} />
      {!shops ? (
        <div aria-busy="true" className={gridClass}>
          {Array.from({ length: 10 }, (_, index) => (
            <div key={index} className="h-56 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
          ))}
        </div>
      ) : shops.length === 0 ? (
        <EmptyState message={t('No shops found')} />
      ) : (
        <ul className={gridClass}>
          {shops.map((shop) => (
            <li key={shop.id}>
              <ShopCard shop={shop} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
