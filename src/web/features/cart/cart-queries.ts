import { queryOptions } from '@tanstack/react-query';
import type { Cart, CheckoutSummary } from '../../../shared/cart.contract.ts';
import { api, type Envelope } from '../../lib/api-client.ts';

/** `POST /cart/checkout`: the figures of the chosen shops, optionally with a voucher code per shop or for the buy-now line. */
export interface CheckoutRequest {
  shop_ids: number[];
  coupon_codes?: Record<number, string>;
  is_buy_now?: boolean;
}

/** `POST /cart/store`; colour and size are ids. */
export interface AddToCartPayload {
  product_id: number;
  quantity: number;
  color: number | null;
  size: number | null;
  unit: string;
  is_buy_now?: boolean;
}

/** The cart belongs to the signed-in shopper and changes from other tabs too: always asked afresh. */
export const cartQueries = {
  cart: () =>
    queryOptions({
      queryKey: ['cart'],
      queryFn: ({ signal }) => api.get<Envelope<Cart>>('/carts', undefined, signal).then((body) => body.data),
      staleTime: 0,
    }),
  checkout: (request: CheckoutRequest) =>
    queryOptions({
      queryKey: ['cart', 'checkout', request],
      queryFn: () => api.post<Envelope<CheckoutSummary>>('/cart/checkout', request).then((body) => body.data),
      staleTime: 0,
    }),
};

/** A cart line as the line calls name it: its product, and its own id among the product's variants. */
export interface CartLineRef {
  product_id: number;
  cart_id: number;
}

/** The cart changes; each answers the whole cart. */
export const cartRequests = {
  add: (payload: AddToCartPayload) => api.post<Envelope<Cart>>('/cart/store', payload),
  increment: (line: CartLineRef) => api.post<Envelope<Cart>>('/cart/increment', line),
  decrement: (line: CartLineRef) => api.post<Envelope<Cart>>('/cart/decrement', line),
  remove: (line: CartLineRef) => api.post<Envelope<Cart>>('/cart/delete', line),
};
