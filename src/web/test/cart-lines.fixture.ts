import type { CartProduct, CartShopGroup, CheckoutShopGroup } from '../features/cart/cart-store.ts';

/** Cart answers for the cart's unit tests. */
export function cartLine(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 1,
    cart_id: 1,
    variant_id: 1,
    sku: 'LINEN-SHIRT',
    thumbnail: '/media/p1.webp',
    thumbnails: [],
    brand: null,
    name: 'Linen Shirt',
    price: 20,
    discount_price: 0,
    discount_percentage: 0,
    quantity: 1,
    size: null,
    color: null,
    unit: 'pc',
    shop_id: 1,
    stock: 10,
    ...overrides,
  };
}

export function shopGroup(shopId: number, products: CartProduct[]): CartShopGroup {
  return { id: shopId, shop_id: shopId, shop_name: `Shop ${shopId}`, shop_rating: 4.5, products };
}

/** A shop's part of a checkout answer, without a voucher. */
export function checkoutGroup(shopId: number, products: CartProduct[]): CheckoutShopGroup {
  const goods = products.reduce((sum, product) => sum + product.price * product.quantity, 0);
  return { ...shopGroup(shopId, products), coupon_code: null, coupon_discount: 0, delivery_charge: 0, free_delivery: false, until_free_delivery: null, taxable_amount: goods, tax_amount: 0 };
}
