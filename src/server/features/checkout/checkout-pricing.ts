import type { Db } from '../../db/client.ts';
import { unitPrice } from '../../../shared/money.ts';
import { validationFailed } from '../../platform/errors.ts';
import { groupByShop, loadCartLines, type CartLine, type ShopLines } from '../cart/cart-lines.ts';
import { checkVoucher, voucherRefusals, type VoucherRefusal } from '../vouchers/voucher-rules.ts';
import { countUserRedemptions, findVoucherByCode } from '../vouchers/vouchers.service.ts';

/** Every figure below is in minor units. */
export interface PricedLine extends CartLine {
  unitPrice: number;
  lineTotal: number;
  taxAmount: number;
}

export interface AppliedVoucher {
  id: number;
  code: string;
  shopId: number;
  discount: number;
}

export interface CheckoutFigures {
  /** The lines' totals, before delivery, tax and discount. */
  subtotal: number;
  deliveryCharge: number;
  taxAmount: number;
  discount: number;
  payable: number;
}

/** One shop's part of a checkout: the order place-order creates for that shop. */
export interface PricedShop extends ShopLines, CheckoutFigures {
  lines: PricedLine[];
  voucher: AppliedVoucher | null;
}

export interface PricedCheckout {
  shops: PricedShop[];
  totals: CheckoutFigures;
  voucher: AppliedVoucher | null;
}

export interface PriceCheckoutOptions {
  userId: number;
  /** The shops to check out; shops without lines in the cart add nothing. */
  shopIds: readonly number[];
  couponCode?: string;
  isBuyNow: boolean;
  now: Date;
  /**
   * For place-order, inside its transaction: locks the cart lines and their products, then the
   * voucher, until the transaction ends, so stock and voucher limits cannot change underneath it.
   */
  lockRows?: boolean;
}

/** Spec §5 unit price; tax at the product's rate on the line total, rounded per line. */
export function priceLine(line: CartLine): PricedLine {
  const price = unitPrice(line.price, line.discountPrice);
  const lineTotal = price * line.quantity;
  return { ...line, unitPrice: price, lineTotal, taxAmount: Math.round((lineTotal * line.taxRate) / 10_000) };
}

const payable = ({ subtotal, deliveryCharge, taxAmount, discount }: Omit<CheckoutFigures, 'payable'>) =>
  Math.max(0, subtotal + deliveryCharge + taxAmount - discount);

/** A shop's lines priced, with the voucher's discount when the voucher is this shop's. */
export function priceShop(group: ShopLines, voucher: AppliedVoucher | null = null): PricedShop {
  const lines = group.lines.map(priceLine);
  const applied = voucher?.shopId === group.shopId ? voucher : null;
  const figures = {
    subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    deliveryCharge: group.deliveryCharge,
    taxAmount: lines.reduce((sum, line) => sum + line.taxAmount, 0),
    discount: applied?.discount ?? 0,
  };
  return { ...group, ...figures, lines, voucher: applied, payable: payable(figures) };
}

export function sumFigures(shops: readonly CheckoutFigures[]): CheckoutFigures {
  const total = (key: keyof CheckoutFigures) => shops.reduce((sum, shop) => sum + shop[key], 0);
  return {
    subtotal: total('subtotal'),
    deliveryCharge: total('deliveryCharge'),
    taxAmount: total('taxAmount'),
    discount: total('discount'),
    payable: total('payable'),
  };
}

const refuse = (refusal: VoucherRefusal) => validationFailed({ coupon_code: [voucherRefusals[refusal]] });

/** The voucher behind a code, checked against its shop's part of this checkout; refusals are 422s on coupon_code. */
async function chooseVoucher(db: Db, shops: readonly PricedShop[], options: PriceCheckoutOptions & { couponCode: string }) {
  const voucher = await findVoucherByCode(db, options.couponCode, { lock: options.lockRows });
  if (!voucher) throw refuse('unknown');
  const shop = shops.find((entry) => entry.shopId === voucher.shopId);
  if (!shop) throw refuse('wrong_shop');
  const usedByUser = await countUserRedemptions(db, voucher.id, options.userId);
  const check = checkVoucher(voucher, { subtotal: shop.subtotal, usedByUser, now: options.now });
  if (!check.ok) throw refuse(check.refusal);
  return { id: voucher.id, code: voucher.code, shopId: voucher.shopId, discount: check.discount };
}

/**
 * Prices the shopper's cart (or buy-now line) for the chosen shops: what the checkout shows and
 * what place-order charges, one group per shop. Pass a transaction and `lockRows: true` to price
 * for an order; the figures then hold until that transaction commits. Locks are taken in one
 * order (cart lines with their products, then the voucher), which place-order keeps too. Pricing
 * does not refuse a line whose quantity exceeds its `stock` (the cart may show it): place-order
 * refuses such lines, then calls `redeemVoucher` for `voucher` in the same transaction.
 */
export async function priceCheckout(db: Db, options: PriceCheckoutOptions): Promise<PricedCheckout> {
  const lines = await loadCartLines(db, { userId: options.userId, isBuyNow: options.isBuyNow, shopIds: options.shopIds, lock: options.lockRows });
  const unpriced = groupByShop(lines);
  const voucher = options.couponCode
    ? await chooseVoucher(db, unpriced.map((group) => priceShop(group)), { ...options, couponCode: options.couponCode })
    : null;
  const shops = unpriced.map((group) => priceShop(group, voucher));
  return { shops, totals: sumFigures(shops), voucher };
}
