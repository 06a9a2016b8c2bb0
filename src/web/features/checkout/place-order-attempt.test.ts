import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey, PlaceOrderAttempt, placeOrderBody, type PlaceOrderBody } from './place-order-attempt.ts';

const body: PlaceOrderBody = { shop_ids: [1], address_id: 7, payment_method: 'cash', is_buy_now: false, expected_payable_amount: 42.5 };

function counter() {
  let next = 0;
  return () => `key-${(next += 1)}`;
}

describe('the Idempotency-Key of a Place Order attempt', () => {
  it('is kept for a retry after the network failed or the server broke', () => {
    const attempt = new PlaceOrderAttempt(counter());
    expect(attempt.keyFor(body)).toBe('key-1');
    attempt.settle(0);
    expect(attempt.keyFor({ ...body })).toBe('key-1');
    attempt.settle(503);
    expect(attempt.keyFor(body)).toBe('key-1');
  });

  it('is new once the store has answered, placed or refused', () => {
    const attempt = new PlaceOrderAttempt(counter());
    attempt.keyFor(body);
    attempt.settle(200);
    expect(attempt.keyFor(body)).toBe('key-2');
    attempt.settle(409);
    expect(attempt.keyFor(body)).toBe('key-3');
  });

  it('is new when the order changed, so one key never carries two different requests', () => {
    const attempt = new PlaceOrderAttempt(counter());
    attempt.keyFor(body);
    attempt.settle(0);
    expect(attempt.keyFor({ ...body, payment_method: 'stripe' })).toBe('key-2');
    expect(attempt.keyFor({ ...body, payment_method: 'stripe', expected_payable_amount: 40 })).toBe('key-3');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a v4 UUID, unique per attempt', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuidV4);
  });

  it('is a v4 UUID on plain HTTP too, where the browser offers no randomUUID', () => {
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => webcrypto.getRandomValues(array) });
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuidV4);
  });
});

describe('the Place Order body', () => {
  const choices = { shopIds: [3, 5], destination: { address_id: 7 }, paymentMethod: 'cash', isBuyNow: false, payableAmount: 61.47, couponCodes: {}, note: '' };

  it('carries the shops, address, payment method and the payable amount the shopper saw', () => {
    expect(placeOrderBody(choices)).toEqual({ shop_ids: [3, 5], address_id: 7, payment_method: 'cash', is_buy_now: false, expected_payable_amount: 61.47 });
  });

  it('carries the voucher codes of the ordered shops and the trimmed note only when there are some', () => {
    const body = placeOrderBody({ ...choices, couponCodes: { 3: 'GLOW5', 9: 'ELSEWHERE' }, note: '  Ring twice. ' });
    expect(body).toMatchObject({ coupon_codes: { 3: 'GLOW5' }, note: 'Ring twice.' });
    expect(body.coupon_codes).toEqual({ 3: 'GLOW5' });
    expect(placeOrderBody(choices)).not.toHaveProperty('coupon_codes');
    expect(placeOrderBody({ ...choices, note: '   ' })).not.toHaveProperty('note');
  });

  it('is the same request for the same choices, so a retry keeps its key', () => {
    const attempt = new PlaceOrderAttempt(counter());
    expect(attempt.keyFor(placeOrderBody({ ...choices, note: 'a' }))).toBe(attempt.keyFor(placeOrderBody({ ...choices, note: 'a ' })));
  });
});
