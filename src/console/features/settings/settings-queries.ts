import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { consoleMeQuery } from '../access/console-me.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

export const settingsQuery = queryOptions({
  queryKey: ['console', 'settings'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/settings', { signal })).data.settings,
});

/** Saves the settings a section changed; the page shows the answer, and what reads them (the console's `me`, the audit log) is asked again. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointBody<'PATCH /console/settings'>) => api.call('PATCH /console/settings', { body: change }),
    onSuccess: ({ data }) => {
      client.setQueryData(settingsQuery.queryKey, data.settings);
      void Promise.all([client.invalidateQueries({ queryKey: consoleMeQuery.queryKey }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}
