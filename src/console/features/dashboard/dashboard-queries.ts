import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { DashboardRange } from '../../../shared/dashboard.contract.ts';

/** The period a dashboard shows: a range, with its days when chosen. */
export interface DashboardPeriod {
  range: DashboardRange;
  from?: string;
  to?: string;
}

export const dashboardQueries = {
  all: ['console', 'dashboard'] as const,
  figures: (period: DashboardPeriod) =>
    queryOptions({
      queryKey: [...dashboardQueries.all, period] as const,
      queryFn: async ({ signal }) => (await api.call('GET /console/dashboard', { query: period, signal })).data,
    }),
};
