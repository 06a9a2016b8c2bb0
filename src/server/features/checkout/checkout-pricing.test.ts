import { describe, expect, it } from 'vitest';
import type { CartLine, ShopLines } from '../cart/cart-lines.ts';
import { priceLine, priceShop, sumFigures } from './checkout-pricing.ts';

let nextId = 1;
const line = (values: Partial<CartLine>): CartLine => ({
  cartId: nextId,
  variantId: nextId,
  productId: nextId++,
  name: 'Test product',
  sku: 'SKU',
  thumbnail: '/t.svg',
  images: [],
  brand: null,
  price: 10_00,
  discountPrice: 0,
  taxRate: 0,
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
  expect(sumFigures(shops)).toEqual({ subtotal: 64_97, deliveryCharge: 7_48, taxAmount: 4_50, discount: 0, payable: 76_95 });
});
