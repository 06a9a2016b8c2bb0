// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { orderSearchSource } from './order-search-source.ts';

const orderRow = (id: number, email: string | null) => ({
  id,
  order_number: `OS${100000 + id}`,
  status: 'pending',
  payment_method: 'cash',
  payment_status: 'pending',
  payable_amount: 1,
  shop: { id: 1, name: 'Shop' },
  customer: { id: null, name: 'Guest Shopper', email, phone: null },
  created_at: '',
});

describe("the palette's order search", () => {
  it('finds orders by number or customer e-mail, each opening its order page', async () => {
    const api = stubApi({ 'GET /console/orders': ok({ orders: [orderRow(7, 'ada@example.test'), orderRow(8, null)], next_cursor: null, counts: {} }) });
    expect(await orderSearchSource.search('ada@', new AbortController().signal)).toEqual([
      { id: '7', label: 'OS100007 · ada@example.test', path: '/orders/7' },
      { id: '8', label: 'OS100008 · Guest Shopper', path: '/orders/8' },
    ]);
    expect(api.calls('GET /console/orders').map((call) => call.query)).toEqual([{ search: 'ada@', limit: '8' }]);
  });

  it('asks nothing when the text changes before the pause is over', async () => {
    const api = stubApi({});
    const typing = new AbortController();
    const search = orderSearchSource.search('OS1', typing.signal);
    typing.abort();
    await expect(search).rejects.toBeDefined();
    expect(api.calls('GET /console/orders')).toEqual([]);
  });
});
