import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { auditLogQuery } from './audit-queries.ts';
import { AuditTable } from './audit-table.tsx';
import { LoadMore } from '../../ui/load-more.tsx';

/** The entries of one audit query, with "Load more" while the server has older ones (keyset cursor). */
export function AuditEntries({ query, caption, emptyMessage }: { query: Parameters<typeof auditLogQuery>[0]; caption: string; emptyMessage: string }) {
  const { t } = useTranslation();
  const log = useInfiniteQuery(auditLogQuery(query));
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);

  if (log.isPending) return <p className="text-slate-600">{t('Loading…')}</p>;
  // A filter the server refuses (422) says why; anything else offers to ask again.
  if (log.isError && entries.length === 0) return log.error instanceof ApiError && log.error.status === 422 ? <EmptyState message={log.error.message} /> : <LoadFailed onRetry={() => void log.refetch()} />;
  if (entries.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <div className="flex flex-col gap-3">
      <AuditTable entries={entries} caption={caption} />
      <LoadMore pages={log} />
    </div>
  );
}
