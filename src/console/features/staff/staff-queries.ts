import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';

/** The caller's staff (the store's, or their shop's people) and the invitations still open (`GET /api/console/staff`). */
export const staffQuery = queryOptions({
  queryKey: ['console', 'staff'],
  queryFn: async ({ signal }) => (await api.call('GET /console/staff', { signal })).data,
});
