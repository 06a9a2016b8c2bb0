import { queryOptions } from '@tanstack/react-query';
import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { api } from '../../../client/lib/api-client.ts';

/** The cart belongs to the signed-in shopper and changes from other tabs too: always asked afresh. */
export const cartQueries = {
  cart: () =>
    queryOptions({
      queryKey: ['cart'],
      queryFn: ({ signal }) => api.call('GET /carts', { signal }).then((body) => body.data),
      staleTime: 0,
    }),
  /** The figures of the chosen shops, optionally with a voucher code per shop or for the buy-now line. */
  checkout: (request: EndpointBody<'POST /cart/checkout'>) =>
    queryOptions({
      queryKey: ['cart', 'checkout', request],
      queryFn: () => api.call('POST /cart/checkout', { body: request }).then((body) => body.data),
      staleTime: 0,
    }),
};

/** The cart changes; each answers the whole cart. A line is named by its product, and by its cart_id among the product's variants. */
export const cartRequests = {
  add: (payload: EndpointBody<'POST /cart/store'>) => api.call('POST /cart/store', { body: payload }),
  increment: (line: EndpointBody<'POST /cart/increment'>) => api.call('POST /cart/increment', { body: line }),
  decrement: (line: EndpointBody<'POST /cart/decrement'>) => api.call('POST /cart/decrement', { body: line }),
  remove: (line: EndpointBody<'POST /cart/delete'>) => api.call('POST /cart/delete', { body: line }),
};
