import type { PlacedOrders } from '../../../shared/orders.contract.ts';
import { apiRequest, api, type Envelope } from '../../lib/api-client.ts';
import type { PlaceOrderBody } from './place-order-attempt.ts';

/** Place Order answers the orders (one per shop) and, for an online gateway, where to pay. */
export const checkoutRequests = {
  placeOrder: (body: PlaceOrderBody, idempotencyKey: string) =>
    apiRequest<Envelope<PlacedOrders>>('POST', '/place-order', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** The shopper came back from a cancelled online payment: its orders are cancelled and their stock released. */
  cancelPayment: (paymentId: string) => api.post<Envelope<Record<string, never>>>(`/payments/${encodeURIComponent(paymentId)}/cancel`),
};
