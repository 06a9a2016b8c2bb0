import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { Theme } from '../../../shared/theme.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

export const themeQuery = queryOptions({
  queryKey: ['console', 'theme'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/theme', { signal })).data.theme_colors,
});

/** Saves the whole theme; the page shows the answer, and the audit log is asked again. */
export function useSaveTheme() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (theme: Theme) => api.call('PUT /console/theme', { body: { theme_colors: theme } }),
    onSuccess: ({ data }) => {
      client.setQueryData(themeQuery.queryKey, data.theme_colors);
      void client.invalidateQueries({ queryKey: auditLogKey });
    },
  });
}
