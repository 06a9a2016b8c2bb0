import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useAuth } from '../session/session-store.ts';
import { readPage, totalPages } from '../catalog/listing-params.ts';
import { Pagination } from '../catalog/pagination.tsx';
import { ProductGrid } from '../catalog/product-grid.tsx';
import { accountQueries } from '../account/account-queries.ts';

const pageLink = (page: number) => ({ search: page > 1 ? `?page=${page}` : '' });

/** The wishlist as product cards, ten a page; taking a heart off a card takes it off the list. */
export function WishlistList() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = readPage(params);
  const userId = useAuth((state) => state.user?.id);
  const { data, error, refetch } = useQuery(accountQueries.favorites(userId, page));

  if (error) {
    return (
      <LoadFailed onRetry={() => void refetch()} />
    );
  }
  if (data && data.total === 0) {
    return (
      <EmptyState
        message={t('Your wishlist is empty')}
        action={
          <Link to="/products" className={primaryButtonClass}>
            {t('Continue Shopping')}
          </Link>
        }
      />
    );
  }
  const pages = data ? totalPages(data.total) : 1;
  // The last card of the last page was taken off: show the page before.
  if (data && page > pages) return <Navigate to={pageLink(pages)} replace />;
  return (
    <>
      <ProductGrid products={data?.products} eager={2} />
      <Pagination page={page} totalPages={pages} linkTo={pageLink} onNavigate={() => window.scrollTo(0, 0)} />
    </>
  );
}
