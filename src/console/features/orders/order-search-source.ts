import { api } from '../../../client/lib/api-client.ts';
import { typingPause } from '../../ui/typing-pause.ts';

/**
 * The palette's order search: the order with that exact number, or the orders of the customers
 * whose e-mail (or phone number) starts with the text, newest first, each opening its order page.
 */
export const orderSearchSource = {
  id: 'orders',
  labelKey: 'Orders',
  needs: 'orders.read',
  async search(text: string, signal: AbortSignal) {
    await typingPause(signal);
    const { data } = await api.call('GET /console/orders', { query: { search: text, limit: 8 }, signal });
    return data.orders.map((order) => ({ id: String(order.id), label: `${order.order_number} · ${order.customer.email ?? order.customer.name}`, path: `/orders/${order.id}` }));
  },
} as const;
