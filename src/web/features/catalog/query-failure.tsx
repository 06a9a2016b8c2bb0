import { Link } from 'react-router';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { isNotFound } from './catalog-queries.ts';

interface QueryFailureProps {
  error: unknown;
  /** "Product not found", "Shop not found"… */
  notFoundMessage: string;
  onRetry(): void;
}

/** A page whose data did not come: not found (with the way back to shopping), or try again. */
export function QueryFailure({ error, notFoundMessage, onRetry }: QueryFailureProps) {
  const { t } = useTranslation();
  const notFound = isNotFound(error);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="sr-only">{notFound ? notFoundMessage : t('Something went wrong')}</h1>
      {notFound ? (
        <EmptyState
          message={notFoundMessage}
          action={
            <Link to="/products" className={primaryButtonClass}>
              {t('Continue Shopping')}
            </Link>
          }
        />
      ) : (
        <LoadFailed onRetry={onRetry} />
      )}
    </section>
  );
}
