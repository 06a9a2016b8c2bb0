import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../client/lib/i18n.ts';
import { formatPrice } from './price.ts';

const usd = { name: 'USD', symbol: '$', position: 'prefix', rate_from_default: 1 } as const;
const jpy = { name: 'JPY', symbol: '¥', position: 'prefix', rate_from_default: 151.237 } as const;
const kwd = { name: 'KWD', symbol: 'د.ك', position: 'suffix', rate_from_default: 0.30712 } as const;

describe('formatPrice (docs/product/storefront.md §5)', () => {
  afterEach(() => setLanguage('en'));

  it('defaults to dollars before the amount with two decimals', () => {
    expect(formatPrice(12, null)).toBe('$12.00');
    expect(formatPrice('7.5', undefined)).toBe('$7.50');
  });

  it('multiplies by the selected currency rate and rounds to two decimals', () => {
    expect(formatPrice(10, { name: 'EUR', symbol: '€', position: 'prefix', rate_from_default: 0.92 })).toBe('€9.20');
    expect(formatPrice(19.99, { name: 'EUR', symbol: '€', position: 'prefix', rate_from_default: 0.923456 })).toBe('€18.46');
  });

  it('puts a suffix currency symbol after the amount', () => {
    expect(formatPrice(2, { name: 'BDT', symbol: '৳', position: 'suffix', rate_from_default: 117.5 })).toBe('235.00৳');
  });

  it('writes each currency with its own decimals, the symbol where the currency puts it', () => {
    expect(formatPrice(1234.5, usd)).toBe('$1,234.50');
    expect(formatPrice(1234.5, jpy)).toBe('¥186,702');
    expect(formatPrice(1234.5, kwd)).toBe('379.140د.ك');
    expect(formatPrice(19.99, { ...usd, position: 'suffix' })).toBe('19.99$');
    expect(formatPrice(19.99, { ...jpy, position: 'suffix', symbol: '円' })).toBe('3,023円');
    expect(formatPrice(19.99, { ...kwd, position: 'prefix', symbol: 'KD ' })).toBe('KD 6.139');
  });

  it('writes the number in the page language', () => {
    setLanguage('ir');
    expect(formatPrice(1234.5, usd)).toBe('$۱٬۲۳۴٫۵۰');
    expect(formatPrice(1234.5, kwd)).toBe('۳۷۹٫۱۴۰د.ك');
  });

  it('keeps two decimals for a currency whose name is no ISO code', () => {
    expect(formatPrice(3, { name: 'Store credit', symbol: '★', position: 'prefix', rate_from_default: 1 })).toBe('★3.00');
  });

  it('shows zero rather than NaN for a missing amount', () => {
    expect(formatPrice(Number.NaN, null)).toBe('$0.00');
  });
});
