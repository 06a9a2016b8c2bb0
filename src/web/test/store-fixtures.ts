import type { Address, User } from '../../shared/account.contract.ts';
import { cartLine } from './cart-lines.fixture.ts';
import type { CartProduct, CheckoutShopGroup, CheckoutSummary } from '../../shared/cart.contract.ts';
import type { Country, PaymentGateway } from '../../shared/settings.contract.ts';

/** Answers of the API as the component tests need them, shaped by the shared contract. */

export const countries: Country[] = [
  { id: 1, name: 'Germany', code: 'DE', phone_code: '+49' },
  { id: 2, name: 'Jordan', code: 'JO', phone_code: '+962' },
];

export function shopper(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Ada Shopper',
    email: 'ada@example.com',
    country: 'Germany',
    phone_code: '+49',
    phone: '1512345678',
    profile_photo: null,
    gender: null,
    birthday: null,
    is_verified: true,
    ...overrides,
  };
}

export function address(overrides: Partial<Address> = {}): Address {
  return {
    id: 1,
    name: 'Ada Shopper',
    phone: '1512345678',
    area: 'Mitte',
    flat_no: '',
    address_type: 'home',
    address_line: 'Main Street 1',
    address_line2: '',
    post_code: '10115',
    city: 'Berlin',
    state: '',
    country: countries[0]!,
    is_default: false,
    ...overrides,
  };
}

export const cashOnDelivery: PaymentGateway = { id: 1, name: 'cash_on_delivery', title: 'Cash on Delivery', logo: '' };
export const stripe: PaymentGateway = { id: 2, name: 'stripe', title: 'Card (Stripe)', logo: '' };

export const line = (overrides: Partial<CartProduct> = {}): CartProduct => cartLine({ thumbnail: '', ...overrides });

export function checkoutShop(shopId: number, name: string, products: CartProduct[], couponDiscount = 0): CheckoutShopGroup {
  const goods = products.reduce((sum, product) => sum + product.price * product.quantity, 0);
  return {
    id: shopId, shop_id: shopId, shop_name: name, shop_rating: 4.5, products, coupon_code: null, coupon_discount: couponDiscount,
    delivery_charge: 0, free_delivery: false, until_free_delivery: null, taxable_amount: goods - couponDiscount, tax_amount: 0,
  };
}

/** A checkout answer whose figures add up from its shops' lines and vouchers. */
export function checkoutAnswer(shops: CheckoutShopGroup[]): CheckoutSummary {
  const total = shops.flatMap((shop) => shop.products).reduce((sum, product) => sum + product.price * product.quantity, 0);
  const discount = shops.reduce((sum, shop) => sum + shop.coupon_discount, 0);
  return {
    checkout: {
      total_amount: total, delivery_charge: 0, coupon_discount: discount, payable_amount: total - discount, order_tax_amount: 0,
      taxable_amount: total - discount, tax_rate: 0, free_delivery_threshold: null,
    },
    apply_coupon: discount > 0,
    checkout_items: shops,
  };
}
