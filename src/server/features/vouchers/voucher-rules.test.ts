import { describe, expect, it } from 'vitest';
import { checkVoucher, voucherDiscount, type VoucherTerms } from './voucher-rules.ts';

const now = new Date('2030-06-15T12:00:00Z');

const voucher = (terms: Partial<VoucherTerms> = {}): VoucherTerms => ({
  discountType: 'percentage',
  discount: 10,
  minOrderAmount: 50_00,
  maxDiscountAmount: null,
  totalLimit: null,
  limitForUser: 1,
  usedCount: 0,
  startsAt: new Date('2030-06-01T00:00:00Z'),
  expiresAt: new Date('2030-07-01T00:00:00Z'),
  isActive: true,
  ...terms,
});

const check = (terms: Partial<VoucherTerms>, { subtotal = 100_00, usedByUser = 0, at = now } = {}) =>
  checkVoucher(voucher(terms), { subtotal, usedByUser, now: at });

describe('checkVoucher', () => {
  it('grants the discount on a subtotal that reaches the minimum spend exactly', () => {
    expect(check({}, { subtotal: 50_00 })).toEqual({ ok: true, discount: 5_00 });
  });

  it.each([
    ['inactive', { isActive: false }, {}],
    ['not_started', { startsAt: new Date('2030-06-15T12:00:01Z') }, {}],
    ['expired', { expiresAt: now }, {}],
    ['fully_redeemed', { totalLimit: 3, usedCount: 3 }, {}],
    ['user_limit_reached', { limitForUser: 2 }, { usedByUser: 2 }],
    ['below_minimum', {}, { subtotal: 49_99 }],
  ] as const)('refuses a voucher that is %s', (refusal, terms, usage) => {
    expect(check(terms, usage)).toEqual({ ok: false, refusal });
  });

  it('accepts the last use of a limited voucher and the shopper’s last allowed use', () => {
    expect(check({ totalLimit: 3, usedCount: 2, limitForUser: 2 }, { usedByUser: 1 }).ok).toBe(true);
  });

  it('says the window first when several rules fail', () => {
    expect(check({ expiresAt: new Date('2030-06-02T00:00:00Z') }, { subtotal: 1_00, usedByUser: 5 })).toEqual({ ok: false, refusal: 'expired' });
  });
});

describe('voucherDiscount', () => {
  it('rounds a percentage to the cent', () => {
    expect(voucherDiscount({ discountType: 'percentage', discount: 15, maxDiscountAmount: null }, 33_33)).toBe(5_00);
    expect(voucherDiscount({ discountType: 'percentage', discount: 15, maxDiscountAmount: null }, 33_30)).toBe(5_00);
    expect(voucherDiscount({ discountType: 'percentage', discount: 15, maxDiscountAmount: null }, 33_27)).toBe(4_99);
  });

  it('caps a percentage at the maximum discount', () => {
    expect(voucherDiscount({ discountType: 'percentage', discount: 20, maxDiscountAmount: 25_00 }, 500_00)).toBe(25_00);
    expect(voucherDiscount({ discountType: 'percentage', discount: 20, maxDiscountAmount: 25_00 }, 100_00)).toBe(20_00);
  });

  it('never takes a fixed amount beyond the subtotal', () => {
    expect(voucherDiscount({ discountType: 'amount', discount: 30_00, maxDiscountAmount: null }, 100_00)).toBe(30_00);
    expect(voucherDiscount({ discountType: 'amount', discount: 30_00, maxDiscountAmount: null }, 12_50)).toBe(12_50);
  });
});
