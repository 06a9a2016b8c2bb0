import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';

export const sellerQueries = {
  /** The signed-in person's shop and whether the console is theirs to open; keyed by the user, as account queries are. */
  myShop: (userId: number | undefined) =>
    queryOptions({
      queryKey: ['seller', userId ?? 0, 'my-shop'],
      queryFn: ({ signal }) => api.call('GET /shop-registrations/current', { signal }).then((body) => body.data),
    }),
};
