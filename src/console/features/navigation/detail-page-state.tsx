import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { PageFrame } from './page-frame.tsx';

/** What a record's page says while its record has not come: its title, what "not found" means for it, and where to go back. */
export interface DetailPageTexts {
  title: string;
  notFound: string;
  back: { to: string; label: string };
  loading: string;
}

/**
 * A record's page before its record is there: loading, not found, or failed. The API answers 404 for
 * an unknown record and for another shop's alike (decision 027), so both read "not found" with the way
 * back to the list; any other failure offers to ask again.
 */
export function DetailPageState({ query, texts }: { query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'>; texts: DetailPageTexts }) {
  const { t } = useTranslation();
  if (!query.isError) {
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        {texts.loading}
      </p>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <PageFrame title={missing ? t('Not found') : texts.title}>
      {missing ? (
        <EmptyState
          message={texts.notFound}
          action={
            <Link to={texts.back.to} className={secondaryButtonClass}>
              {texts.back.label}
            </Link>
          }
        />
      ) : (
        <LoadFailed onRetry={() => void query.refetch()} />
      )}
    </PageFrame>
  );
}

