import { describe, expect, it } from 'vitest';
import type { CartLine, ShopLines } from '../cart/cart-lines.ts';
import { NO_RULES, priceLine, priceShop, spreadDiscount, sumFigures, type PricingRules } from './checkout-pricing.ts';

let nextId = 1;
const line = (values: Partial<CartLine>): CartLine => ({
  cartId: nextId,
  variantId: nextId,
  productId: nextId++,
  name: 'Test product',
  translations: {},
  sku: 'SKU',
  thumbnail: '/t.svg',
  images: [],
  brand: null,
  price: 10_00,
  discountPrice: 0,
  sale: null,
  taxRate: null,
  quantity: 1,
  stock: 100,
  productStock: 100,
  unit: 'pc',
  color: null,
  size: null,
  shopId: 1,
  shopName: 'Shop',
  shopRating: 0,
  deliveryCharge: 0,
  ...values,
});

const shop = (lines: CartLine[], deliveryCharge = 0, shopId = 1): ShopLines => ({
  shopId,
  shopName: 'Shop',
  shopRating: 0,
  deliveryCharge,
  lines: lines.map((entry) => ({ ...entry, shopId })),
});

describe('priceLine', () => {
  it('charges the discount price when there is one, else the price', () => {
    expect(priceLine(line({ price: 25_00, discountPrice: 19_99, quantity: 2 })).lineTotal).toBe(39_98);
    expect(priceLine(line({ price: 25_00, discountPrice: 0, quantity: 2 })).lineTotal).toBe(50_00);
  });

  it('taxes the line total at the product rate, rounded to the cent', () => {
    // 3 × 19.99 = 59.97; 7.5 % of it is 4.49775.
    const priced = priceLine(line({ price: 19_99, quantity: 3, taxRate: 750 }));
    expect(priced).toMatchObject({ unitPrice: 19_99, lineTotal: 59_97, taxAmount: 4_50 });
  });
});

describe('priceShop', () => {
  it('adds the delivery charge once and rounds tax per line', () => {
    // Each line's tax is half a cent, rounded up per line: 2 cents, where the summed subtotal would give 1.
    const priced = priceShop(shop([line({ price: 10, taxRate: 500 }), line({ price: 10, taxRate: 500 })], 4_99));
    expect(priced).toMatchObject({ subtotal: 20, taxAmount: 2, deliveryCharge: 4_99, discount: 0, payable: 5_21, voucher: null });
  });

  it('takes the voucher off only the voucher’s own shop', () => {
    const voucher = { id: 7, code: 'SAVE5', shopId: 1, discount: 5_00 };
    expect(priceShop(shop([line({ price: 20_00 })], 3_00), [voucher])).toMatchObject({ discount: 5_00, payable: 18_00, voucher });
    expect(priceShop(shop([line({ price: 20_00 })], 3_00, 2), [voucher])).toMatchObject({ discount: 0, payable: 23_00, voucher: null });
  });

  it('takes each shop’s own voucher when several shops have one', () => {
    const vouchers = [
      { id: 7, code: 'SAVE5', shopId: 1, discount: 5_00 },
      { id: 8, code: 'SAVE2', shopId: 2, discount: 2_00 },
    ];
    expect(priceShop(shop([line({ price: 20_00 })], 3_00, 2), vouchers)).toMatchObject({ discount: 2_00, payable: 21_00, voucher: vouchers[1] });
  });

  it('never asks less than nothing', () => {
    const voucher = { id: 7, code: 'HUGE', shopId: 1, discount: 1_000_00 };
    expect(priceShop(shop([line({ price: 20_00 })], 3_00), [voucher]).payable).toBe(0);
  });
});

it('sums the shops into the checkout figures', () => {
  const shops = [priceShop(shop([line({ price: 19_99, quantity: 3, taxRate: 750 })], 4_99, 1)), priceShop(shop([line({ price: 5_00 })], 2_49, 2))];
  expect(sumFigures(shops)).toEqual({ subtotal: 64_97, deliveryCharge: 7_48, taxableAmount: 64_97, taxAmount: 4_50, discount: 0, payable: 76_95 });
});

const rules = (values: Partial<PricingRules>): PricingRules => ({ ...NO_RULES, ...values });

describe('spreadDiscount', () => {
  it('shares a discount in proportion, the parts summing to it exactly', () => {
    // 10.00 over three equal lines: 3.33 each and the cent left to the first.
    expect(spreadDiscount(10_00, [5_00, 5_00, 5_00])).toEqual([3_34, 3_33, 3_33]);
    // The largest remainder takes the cent: 1 / 3 of 1.00 is 0.333…, 2 / 3 is 0.666….
    expect(spreadDiscount(1_00, [1_00, 2_00])).toEqual([33, 67]);
  });

  it('never spreads more than the goods, nor anything over lines worth nothing', () => {
    expect(spreadDiscount(50_00, [10_00, 20_00])).toEqual([10_00, 20_00]);
    expect(spreadDiscount(5_00, [0, 0])).toEqual([0, 0]);
  });
});

describe('tax (decision 054)', () => {
  it('takes the store rate for a product without its own, and the product’s own over it, even 0', () => {
    expect(priceLine(line({ price: 100_00, taxRate: null }), rules({ taxRate: 1500 }))).toMatchObject({ taxRate: 1500, taxAmount: 15_00 });
    expect(priceLine(line({ price: 100_00, taxRate: 500 }), rules({ taxRate: 1500 }))).toMatchObject({ taxRate: 500, taxAmount: 5_00 });
    expect(priceLine(line({ price: 100_00, taxRate: 0 }), rules({ taxRate: 1500 }))).toMatchObject({ taxRate: 0, taxAmount: 0 });
  });

  it('charges tax on the goods less the voucher discount, spread over the shop’s lines', () => {
    const voucher = { id: 7, code: 'SAVE10', shopId: 1, discount: 10_00 };
    const priced = priceShop(shop([line({ price: 60_00 }), line({ price: 40_00, taxRate: 0 })]), [voucher], rules({ taxRate: 1500 }));
    // 60.00 − 6.00 is taxed at 15%; 40.00 − 4.00 at the product's own 0.
    expect(priced.lines.map(({ discountShare, taxableAmount, taxAmount }) => ({ discountShare, taxableAmount, taxAmount }))).toEqual([
      { discountShare: 6_00, taxableAmount: 54_00, taxAmount: 8_10 },
      { discountShare: 4_00, taxableAmount: 36_00, taxAmount: 0 },
    ]);
    expect(priced).toMatchObject({ subtotal: 100_00, discount: 10_00, taxableAmount: 90_00, taxAmount: 8_10, payable: 98_10 });
  });
});

describe('delivery (decision 054)', () => {
  const goods = (price: number, discount = 0) =>
    [shop([line({ price })], 4_99), discount > 0 ? [{ id: 1, code: 'V', shopId: 1, discount }] : []] as const;

  it('charges the shop’s own charge while shops set theirs, else the store’s', () => {
    expect(priceShop(...goods(20_00), rules({ deliveryCharge: 3_00, shopsSetDelivery: true })).deliveryCharge).toBe(4_99);
    expect(priceShop(...goods(20_00), rules({ deliveryCharge: 3_00, shopsSetDelivery: false })).deliveryCharge).toBe(3_00);
  });

  it('delivers free from the threshold on, judged on the goods after the discount', () => {
    const threshold = rules({ freeDeliveryThreshold: 50_00 });
    expect(priceShop(...goods(50_00), threshold)).toMatchObject({ deliveryCharge: 0, freeDelivery: true, untilFreeDelivery: null, payable: 50_00 });
    expect(priceShop(...goods(49_99), threshold)).toMatchObject({ deliveryCharge: 4_99, freeDelivery: false, untilFreeDelivery: 1 });
    expect(priceShop(...goods(55_00, 5_01), threshold)).toMatchObject({ deliveryCharge: 4_99, freeDelivery: false, untilFreeDelivery: 1 });
  });

  it('names no shortfall where there is no threshold or nothing to pay', () => {
    expect(priceShop(...goods(10_00), NO_RULES)).toMatchObject({ freeDelivery: false, untilFreeDelivery: null });
    expect(priceShop(shop([line({ price: 10_00 })], 0), [], rules({ freeDeliveryThreshold: 50_00 }))).toMatchObject({ deliveryCharge: 0, freeDelivery: false, untilFreeDelivery: null });
  });
});
