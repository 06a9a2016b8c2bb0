import type { Db } from '../../db/client.ts';
import { shopCouponField } from '../../../shared/cart.contract.ts';
import { unitPrice } from '../../../shared/money.ts';
import { validationFailed } from '../../platform/errors.ts';
import { groupByShop, loadCartLines, type CartLine, type ShopLines } from '../cart/cart-lines.ts';
import type { CartOwner } from '../cart/guest-cart.ts';
import { checkVoucher, voucherRefusals, type VoucherRefusal } from '../vouchers/voucher-rules.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import type { StoreSettings } from '../settings/store-settings.ts';
import { countUserRedemptions, findVouchersByCodes, type VoucherRedeemer } from '../vouchers/vouchers.service.ts';

/** Every figure below is in minor units. */
export interface PricedLine extends CartLine {
  unitPrice: number;
  lineTotal: number;
  /** The rate taxing the line, basis points: the product's own, else the store's (decision 054). */
  taxRate: number;
  /** The line's part of its shop's voucher discount. */
  discountShare: number;
  /** What the tax is charged on: the line total less its discount share. */
  taxableAmount: number;
  taxAmount: number;
}

/** The store's delivery and tax settings pricing every checkout (decision 054), minor units and basis points. */
export interface PricingRules {
  taxRate: number;
  deliveryCharge: number;
  freeDeliveryThreshold: number | null;
  shopsSetDelivery: boolean;
}

/** No tax, each shop's own delivery charge, never free: a store that set nothing. */
export const NO_RULES: PricingRules = { taxRate: 0, deliveryCharge: 0, freeDeliveryThreshold: null, shopsSetDelivery: true };

export const pricingRules = (settings: Pick<StoreSettings, 'tax_rate' | 'delivery_charge' | 'free_delivery_threshold' | 'shops_set_delivery'>): PricingRules => ({
  taxRate: settings.tax_rate,
  deliveryCharge: settings.delivery_charge,
  freeDeliveryThreshold: settings.free_delivery_threshold,
  shopsSetDelivery: settings.shops_set_delivery,
});

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
  /** The amount tax is charged on: the lines' totals less the discount. */
  taxableAmount: number;
  taxAmount: number;
  discount: number;
  payable: number;
}

/** One shop's part of a checkout: the order place-order creates for that shop. */
export interface PricedShop extends ShopLines, CheckoutFigures {
  lines: PricedLine[];
  voucher: AppliedVoucher | null;
  /** Delivered free: the goods, after the discount, reached the store's threshold. */
  freeDelivery: boolean;
  /** How much more in goods would make the delivery free; null when it is free, costs nothing anyway or the store has no threshold. */
  untilFreeDelivery: number | null;
}

export interface PricedCheckout {
  shops: PricedShop[];
  rules: PricingRules;
  totals: CheckoutFigures;
  /** The vouchers applied, at most one per shop. */
  vouchers: AppliedVoucher[];
}

export interface PriceCheckoutOptions {
  owner: CartOwner;
  /** A guest's e-mail, for the vouchers' per-shopper limit; a guest's summary may not know it yet. */
  guestEmail?: string;
  /** The shops to check out; shops without lines in the cart add nothing. */
  shopIds: readonly number[];
  /** The spec's single code: applies to the shop its voucher belongs to. */
  couponCode?: string;
  /** A code per shop id, each judged against that shop only; codes of shops outside the checkout add nothing. */
  couponCodes?: Readonly<Record<string, string>>;
  isBuyNow: boolean;
  now: Date;
  /**
   * For place-order, inside its transaction: locks the cart lines and their products, then the
   * vouchers (in id order), until the transaction ends, so stock and voucher limits cannot change underneath it.
   */
  lockRows?: boolean;
}

/**
 * `discount` shared over `totals` in proportion, in whole minor units that sum to it exactly (at most
 * the totals' sum): each part rounded down, the minor units left over going to the largest remainders,
 * the earlier line first on a tie.
 */
export function spreadDiscount(discount: number, totals: readonly number[]): number[] {
  const whole = totals.reduce((sum, total) => sum + total, 0);
  const spread = Math.min(Math.max(discount, 0), whole);
  if (spread === 0) return totals.map(() => 0);
  const parts = totals.map((total) => Math.floor((spread * total) / whole));
  const byRemainder = totals.map((total, index) => ({ index, remainder: (spread * total) % whole })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = spread - parts.reduce((sum, part) => sum + part, 0);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** docs/product/storefront.md §5 unit price; tax at the product's own rate (else the store's) on the line total less its discount share, rounded per line. */
export function priceLine(line: CartLine, rules: PricingRules = NO_RULES, discountShare = 0): PricedLine {
  const price = unitPrice(line.price, line.discountPrice);
  const lineTotal = price * line.quantity;
  const taxRate = line.taxRate ?? rules.taxRate;
  const taxableAmount = lineTotal - discountShare;
  return { ...line, unitPrice: price, lineTotal, taxRate, discountShare, taxableAmount, taxAmount: Math.round((taxableAmount * taxRate) / 10_000) };
}

const payable = ({ subtotal, deliveryCharge, taxAmount, discount }: Pick<CheckoutFigures, 'subtotal' | 'deliveryCharge' | 'taxAmount' | 'discount'>) =>
  Math.max(0, subtotal + deliveryCharge + taxAmount - discount);

/** The delivery a shop's order pays: its own charge where the store lets shops set theirs, else the store's; free from the threshold on. */
function delivery(group: ShopLines, goods: number, rules: PricingRules) {
  const charge = rules.shopsSetDelivery ? group.deliveryCharge : rules.deliveryCharge;
  const threshold = rules.freeDeliveryThreshold;
  if (charge === 0 || threshold === null) return { deliveryCharge: charge, freeDelivery: false, untilFreeDelivery: null };
  if (goods >= threshold) return { deliveryCharge: 0, freeDelivery: true, untilFreeDelivery: null };
  return { deliveryCharge: charge, freeDelivery: false, untilFreeDelivery: threshold - goods };
}

/** A shop's lines priced, with the discount of the voucher that is this shop's, if any, spread over the lines before tax. */
export function priceShop(group: ShopLines, vouchers: readonly AppliedVoucher[] = [], rules: PricingRules = NO_RULES): PricedShop {
  const applied = vouchers.find((voucher) => voucher.shopId === group.shopId) ?? null;
  const discount = applied?.discount ?? 0;
  const totals = group.lines.map((line) => unitPrice(line.price, line.discountPrice) * line.quantity);
  const shares = spreadDiscount(discount, totals);
  const lines = group.lines.map((line, index) => priceLine(line, rules, shares[index]));
  const subtotal = totals.reduce((sum, total) => sum + total, 0);
  const figures = {
    subtotal,
    taxableAmount: lines.reduce((sum, line) => sum + line.taxableAmount, 0),
    taxAmount: lines.reduce((sum, line) => sum + line.taxAmount, 0),
    discount,
    ...delivery(group, subtotal - Math.min(discount, subtotal), rules),
  };
  return { ...group, ...figures, lines, voucher: applied, payable: payable(figures) };
}

export function sumFigures(shops: readonly CheckoutFigures[]): CheckoutFigures {
  const total = (key: keyof CheckoutFigures) => shops.reduce((sum, shop) => sum + shop[key], 0);
  return {
    subtotal: total('subtotal'),
    deliveryCharge: total('deliveryCharge'),
    taxableAmount: total('taxableAmount'),
    taxAmount: total('taxAmount'),
    discount: total('discount'),
    payable: total('payable'),
  };
}

export function voucherRedeemer({ owner, guestEmail }: Pick<PriceCheckoutOptions, 'owner' | 'guestEmail'>): VoucherRedeemer {
  return owner.userId !== undefined ? { userId: owner.userId } : { guestEmail: guestEmail?.toLowerCase() ?? null };
}

const refuse = (field: string, refusal: VoucherRefusal) => validationFailed({ [field]: [voucherRefusals[refusal]] });

type VoucherRow = Awaited<ReturnType<typeof findVouchersByCodes>>[number];

/** A voucher checked against one shop's part of this checkout; refusals are 422s on `field`. */
async function applyVoucher(db: Db, voucher: VoucherRow, shop: PricedShop, field: string, options: PriceCheckoutOptions): Promise<AppliedVoucher> {
  const usedByUser = await countUserRedemptions(db, voucher.id, voucherRedeemer(options));
  const check = checkVoucher(voucher, { subtotal: shop.subtotal, usedByUser, now: options.now });
  if (!check.ok) throw refuse(field, check.refusal);
  return { id: voucher.id, code: voucher.code, shopId: voucher.shopId, discount: check.discount };
}

/** The spec's single `coupon_code`: its voucher applies to its own shop, which must be in the checkout. */
async function chooseVoucher(db: Db, shops: readonly PricedShop[], code: string, options: PriceCheckoutOptions): Promise<AppliedVoucher[]> {
  const [voucher] = await findVouchersByCodes(db, [code], { lock: options.lockRows });
  if (!voucher) throw refuse('coupon_code', 'unknown');
  const shop = shops.find((entry) => entry.shopId === voucher.shopId);
  if (!shop) throw refuse('coupon_code', 'wrong_shop');
  return [await applyVoucher(db, voucher, shop, 'coupon_code', options)];
}

/** `coupon_codes`: each shop's code judged against that shop alone, refusals on `coupon_codes.<shop id>`. */
async function chooseShopVouchers(db: Db, shops: readonly PricedShop[], codes: Readonly<Record<string, string>>, options: PriceCheckoutOptions): Promise<AppliedVoucher[]> {
  const wanted = shops.flatMap((shop) => {
    const code = codes[shop.shopId];
    return code ? [{ shop, code: code.toUpperCase(), field: shopCouponField(shop.shopId) }] : [];
  });
  if (wanted.length === 0) return [];
  const found = await findVouchersByCodes(db, wanted.map((entry) => entry.code), { lock: options.lockRows });
  const applied: AppliedVoucher[] = [];
  for (const { shop, code, field } of wanted) {
    const voucher = found.find((row) => row.code === code);
    if (!voucher) throw refuse(field, 'unknown');
    if (voucher.shopId !== shop.shopId) throw refuse(field, 'not_this_shop');
    applied.push(await applyVoucher(db, voucher, shop, field, options));
  }
  return applied;
}

/**
 * Prices the shopper's cart (or buy-now line) for the chosen shops: what the checkout shows and
 * what place-order charges, one group per shop. Pass a transaction and `lockRows: true` to price
 * for an order; the figures then hold until that transaction commits. Locks are taken in one
 * order (cart lines with their products, then the voucher), which place-order keeps too. Pricing
 * does not refuse a line whose quantity exceeds its `stock` (the cart may show it): place-order
 * refuses such lines, then calls `redeemVoucher` for each shop's voucher in the same transaction.
 */
export async function priceCheckout(db: Db, options: PriceCheckoutOptions): Promise<PricedCheckout> {
  const lines = await loadCartLines(db, { owner: options.owner, isBuyNow: options.isBuyNow, shopIds: options.shopIds, lock: options.lockRows });
  const rules = pricingRules(await readStoreSettings(db));
  const unpriced = groupByShop(lines);
  const undiscounted = unpriced.map((group) => priceShop(group, [], rules));
  const vouchers = options.couponCode
    ? await chooseVoucher(db, undiscounted, options.couponCode, options)
    : await chooseShopVouchers(db, undiscounted, options.couponCodes ?? {}, options);
  const shops = unpriced.map((group) => priceShop(group, vouchers, rules));
  return { shops, rules, totals: sumFigures(shops), vouchers };
}
