import { describe, expect, it } from 'vitest';
import { cartLine, checkoutGroup, shopGroup } from '../../test/cart-lines.fixture.ts';
import { cartAmount, emptyCart, withCheckout, withContents, type CartState } from './cart-store.ts';

const figures = { total_amount: 40, delivery_charge: 5, coupon_discount: 2, payable_amount: 43, order_tax_amount: 0, taxable_amount: 38, tax_rate: 0, free_delivery_threshold: null };

describe('the cart amount', () => {
  it('counts each line at its discount price when it has one, else its price, to the cent', () => {
    const groups = [
      shopGroup(1, [cartLine({ price: 19.99, quantity: 3 }), cartLine({ id: 2, price: 30, discount_price: 24.5, quantity: 2 })]),
      shopGroup(2, [cartLine({ id: 3, shop_id: 2, price: 0.1, quantity: 3 })]),
    ];
    expect(cartAmount(groups)).toBe(109.27);
  });
});

describe('a cart answer', () => {
  const twoShops = [shopGroup(1, [cartLine()]), shopGroup(2, [cartLine({ id: 2, shop_id: 2 })])];
  const twoCheckoutShops = [checkoutGroup(1, [cartLine()]), checkoutGroup(2, [cartLine({ id: 2, shop_id: 2 })])];
  const state: CartState = { ...emptyCart, ...figures, coupon_codes: { 1: 'SAVE10' }, selectedShopIds: [1, 2], checkoutProducts: twoCheckoutShops };

  it('sets the line count, the lines and the amount', () => {
    const next = withContents(emptyCart, { total: 2, cart_items: twoShops, unavailable_items: [] });
    expect(next).toMatchObject({ total: 2, products: twoShops, totalAmount: 40 });
  });

  it('drops selected shops that have no lines any more and keeps the rest', () => {
    const next = withContents(state, { total: 1, cart_items: [twoShops[0]!], unavailable_items: [] });
    expect(next.selectedShopIds).toEqual([1]);
    expect(next.checkoutProducts).toEqual([twoCheckoutShops[0]]);
    expect(next.total_amount).toBeUndefined();
  });

  it('keeps the lines no longer sold apart, out of the count and the amount', () => {
    const gone = { id: 9, cart_id: 90, name: 'Old Lamp', thumbnail: '/lamp.webp', shop_name: 'Lamp Shop' };
    const next = withContents(emptyCart, { total: 2, cart_items: twoShops, unavailable_items: [gone] });
    expect(next).toMatchObject({ total: 2, totalAmount: 40, unavailable: [gone] });
  });

  it('resets every checkout figure to zero once the cart is empty', () => {
    const next = withContents(state, { total: 0, cart_items: [], unavailable_items: [] });
    expect(next).toMatchObject({
      total: 0,
      totalAmount: 0,
      selectedShopIds: [],
      checkoutProducts: [],
      coupon_codes: {},
      total_amount: 0,
      delivery_charge: 0,
      coupon_discount: 0,
      payable_amount: 0,
      order_tax_amount: 0,
    });
  });
});

describe('a checkout answer', () => {
  it('sets the figures and the lines of the selected shops', () => {
    const items = [checkoutGroup(1, [cartLine()])];
    expect(withCheckout({ checkout: figures, apply_coupon: false, checkout_items: items })).toEqual({ ...figures, checkoutProducts: items });
  });

  it('clears the selection when it comes back empty', () => {
    const zero = { total_amount: 0, delivery_charge: 0, coupon_discount: 0, payable_amount: 0, order_tax_amount: 0, taxable_amount: 0, tax_rate: 0, free_delivery_threshold: null };
    expect(withCheckout({ checkout: zero, apply_coupon: false, checkout_items: [] }).selectedShopIds).toEqual([]);
  });
});
