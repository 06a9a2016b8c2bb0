import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { AuditLogQuery } from '../../../shared/console.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';

type AuditQuery = Partial<Record<keyof AuditLogQuery, string>>;

/** The audit log for a query, newest first, pages added one after another (a record's History). */
export const auditLogQuery = (query: AuditQuery) =>
  infiniteQueryOptions({
    queryKey: ['console', 'audit-log', query],
    queryFn: async ({ pageParam, signal }) => (await api.call('GET /console/audit-log', { query: { ...query, ...(pageParam && { cursor: pageParam }) }, signal })).data,
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The audit log screen's keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
export const auditLogPage = (query: AuditQuery, cursor: string | undefined) =>
  queryOptions({
    ...pageQuery(['console', 'audit-log', 'page', query], cursor),
    queryFn: async ({ signal }) => (await api.call('GET /console/audit-log', { query: { ...query, cursor }, signal })).data,
  });

/** Every audit query: a write that others see in the log invalidates these. */
export const auditLogKey = ['console', 'audit-log'];
