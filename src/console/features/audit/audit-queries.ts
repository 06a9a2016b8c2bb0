import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { AuditLogQuery } from '../../../shared/console.contract.ts';

type AuditQuery = Partial<Record<keyof AuditLogQuery, string>>;

/** The audit log for a query, newest first, a page at a time by the server's keyset cursor. */
export const auditLogQuery = (query: AuditQuery) =>
  infiniteQueryOptions({
    queryKey: ['console', 'audit-log', query],
    queryFn: async ({ pageParam, signal }) => (await api.call('GET /console/audit-log', { query: { ...query, ...(pageParam && { cursor: pageParam }) }, signal })).data,
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** Every audit query: a write that others see in the log invalidates these. */
export const auditLogKey = ['console', 'audit-log'];
