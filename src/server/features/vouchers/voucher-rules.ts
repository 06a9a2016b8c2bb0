import type { vouchers } from '../../db/schema.ts';

export type VoucherTerms = Pick<
  typeof vouchers.$inferSelect,
  | 'discountType'
  | 'discount'
  | 'minOrderAmount'
  | 'maxDiscountAmount'
  | 'totalLimit'
  | 'limitForUser'
  | 'usedCount'
  | 'startsAt'
  | 'expiresAt'
  | 'isActive'
>;

/** Why a voucher code cannot be used, in the words the shopper sees (field `coupon_code`, or `coupon_codes.<shop id>`). */
export const voucherRefusals = {
  unknown: 'This voucher code is not valid',
  wrong_shop: 'This voucher is not valid for the selected shops',
  not_this_shop: 'This voucher is not valid for this shop.',
  inactive: 'This voucher is not active',
  not_started: 'This voucher is not valid yet',
  expired: 'This voucher has expired',
  fully_redeemed: 'This voucher has reached its usage limit',
  user_limit_reached: 'You have already used this voucher the maximum number of times',
  below_minimum: 'Your order does not reach the minimum spend for this voucher',
} as const;
export type VoucherRefusal = keyof typeof voucherRefusals;

/** Whether anyone could use the voucher at this moment: what a shop's voucher list shows and collecting needs. */
export function availabilityRefusal(voucher: VoucherTerms, now: Date): VoucherRefusal | undefined {
  if (!voucher.isActive) return 'inactive';
  if (now < voucher.startsAt) return 'not_started';
  if (now >= voucher.expiresAt) return 'expired';
  if (voucher.totalLimit !== null && voucher.usedCount >= voucher.totalLimit) return 'fully_redeemed';
  return undefined;
}

/** Minor units off a shop subtotal: a percentage rounded to the cent and capped, never more than the subtotal. */
export function voucherDiscount(voucher: Pick<VoucherTerms, 'discountType' | 'discount' | 'maxDiscountAmount'>, subtotal: number): number {
  const raw = voucher.discountType === 'percentage' ? Math.round((subtotal * voucher.discount) / 100) : voucher.discount;
  const capped = voucher.maxDiscountAmount === null ? raw : Math.min(raw, voucher.maxDiscountAmount);
  return Math.max(0, Math.min(capped, subtotal));
}

export type VoucherCheck = { ok: true; discount: number } | { ok: false; refusal: VoucherRefusal };

/**
 * The whole rule for using a voucher on one shop's subtotal (minor units). `usedByUser` is how often
 * this shopper already redeemed it; `voucher.usedCount` how often everyone did.
 */
export function checkVoucher(voucher: VoucherTerms, { subtotal, usedByUser, now }: { subtotal: number; usedByUser: number; now: Date }): VoucherCheck {
  const refusal =
    availabilityRefusal(voucher, now) ??
    (usedByUser >= voucher.limitForUser ? 'user_limit_reached' : subtotal < voucher.minOrderAmount ? 'below_minimum' : undefined);
  return refusal ? { ok: false, refusal } : { ok: true, discount: voucherDiscount(voucher, subtotal) };
}
