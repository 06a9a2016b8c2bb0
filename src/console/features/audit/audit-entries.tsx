import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { AuditEntry } from '../../../shared/console.contract.ts';
import { auditLogPage, auditLogQuery } from './audit-queries.ts';
import { AuditTable } from './audit-table.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { Pager, useUrlPage } from '../../ui/url-list.tsx';

type AuditQuery = Parameters<typeof auditLogQuery>[0];

interface Shown {
  caption: string;
  emptyMessage: string;
}

/** Audit entries as a table, or what stands in for them: loading, the server's refusal of a filter, a failure, none. */
function EntriesOrState({ log, entries, caption, emptyMessage, more }: Shown & { log: { isPending: boolean; isError: boolean; error: Error | null; refetch(): Promise<unknown> }; entries: AuditEntry[]; more: ReactNode }) {
  const { t } = useTranslation();
  if (log.isPending) return <p className="text-slate-600">{t('Loading…')}</p>;
  // A filter the server refuses (422) says why; anything else offers to ask again.
  if (log.isError && entries.length === 0) return log.error instanceof ApiError && log.error.status === 422 ? <EmptyState message={log.error.message} /> : <LoadFailed onRetry={() => void log.refetch()} />;
  if (entries.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <div className="flex flex-col gap-3">
      <AuditTable entries={entries} caption={caption} />
      {more}
    </div>
  );
}

/** A record's entries inside its page (its History): "Load more" while the server has older ones. */
export function AuditEntries({ query, ...shown }: Shown & { query: AuditQuery }) {
  const log = useInfiniteQuery(auditLogQuery(query));
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  return <EntriesOrState log={log} entries={entries} more={<LoadMore pages={log} />} {...shown} />;
}

/** The audit log screen's entries: a page at a time, the page kept in the address like every console list's. */
export function AuditLogEntries({ query, ...shown }: Shown & { query: AuditQuery }) {
  const page = useUrlPage();
  const log = useQuery(auditLogPage(query, page.cursor));
  return <EntriesOrState log={log} entries={log.data?.entries ?? []} more={<Pager page={page} list={log} />} {...shown} />;
}
