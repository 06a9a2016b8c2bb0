import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice (spec §5)', () => {
  it('defaults to dollars before the amount with two decimals', () => {
    expect(formatPrice(12, null)).toBe('$12.00');
    expect(formatPrice('7.5', undefined)).toBe('$7.50');
  });

  it('multiplies by the selected currency rate and rounds to two decimals', () => {
    expect(formatPrice(10, { symbol: '€', position: 'prefix', rate_from_default: 0.92 })).toBe('€9.20');
    expect(formatPrice(19.99, { symbol: '€', position: 'prefix', rate_from_default: 0.923456 })).toBe('€18.46');
  });

  it('puts a suffix currency symbol after the amount', () => {
    expect(formatPrice(2, { symbol: '৳', position: 'suffix', rate_from_default: 117.5 })).toBe('235.00৳');
  });

  it('shows zero rather than NaN for a missing amount', () => {
    expect(formatPrice(Number.NaN, null)).toBe('$0.00');
  });
});
