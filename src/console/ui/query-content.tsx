import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../client/lib/i18n.ts';
import { LoadFailed } from '../../client/ui/empty-state.tsx';

/** What a screen's query has so far: its failure with a retry, a loading line, or what `children` make of its data. */
export function QueryContent<Data>({ query, children }: { query: UseQueryResult<Data>; children: (data: Data) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data === undefined) {
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        {t('Loading…')}
      </p>
    );
  }
  return children(query.data);
}
