import { api } from '../../../client/lib/api-client.ts';
import type { PlaceOrderBody } from './place-order-attempt.ts';

/** Place Order answers the orders (one per shop) and, for an online gateway, where to pay. */
export const checkoutRequests = {
  placeOrder: (body: PlaceOrderBody, idempotencyKey: string) => api.call('POST /place-order', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** The shopper came back from a cancelled online payment: its orders are cancelled and their stock released. */
  cancelPayment: (paymentId: string) => api.call('POST /payments/:id/cancel', { params: { id: paymentId } }),
};
