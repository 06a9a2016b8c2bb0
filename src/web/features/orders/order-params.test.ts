import { describe, expect, it } from 'vitest';
import { orderHistoryPath, readOrderHistoryParams } from './order-params.ts';

describe('Order History URL', () => {
  it('reads the status tab and the page', () => {
    expect(readOrderHistoryParams(new URLSearchParams('status=on_the_way&page=3'))).toEqual({ status: 'on_the_way', page: 3 });
  });

  it('falls back to every order on the first page for missing or unknown values', () => {
    expect(readOrderHistoryParams(new URLSearchParams(''))).toEqual({ status: 'all', page: 1 });
    expect(readOrderHistoryParams(new URLSearchParams('status=shipped&page=-2'))).toEqual({ status: 'all', page: 1 });
  });

  it('writes only what differs from the first page of every order', () => {
    expect(orderHistoryPath('all')).toBe('/order-history');
    expect(orderHistoryPath('all', 2)).toBe('/order-history?page=2');
    expect(orderHistoryPath('delivered', 1)).toBe('/order-history?status=delivered');
    expect(orderHistoryPath('pending', 4)).toBe('/order-history?status=pending&page=4');
  });

  it('round-trips every tab', () => {
    for (const status of ['all', 'pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'] as const) {
      const path = orderHistoryPath(status, 2);
      expect(readOrderHistoryParams(new URL(path, 'http://store').searchParams)).toEqual({ status, page: 2 });
    }
  });
});
