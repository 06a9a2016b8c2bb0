import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface CartProduct {
  id: number;
  thumbnail: string;
  thumbnails: { thumbnail: string }[];
  brand: string | null;
  name: string;
  price: number;
  discount_price: number;
  discount_percentage: number;
  quantity: number;
  size: { id: number; name: string } | null;
  color: { id: number; name: string } | null;
  shop_id: number;
}

export interface CartShopGroup {
  id: number;
  shop_id: number;
  shop_name: string;
  shop_rating: number;
  products: CartProduct[];
}

/** The checkout figures; all reset to zero when the cart empties (spec §4). */
export interface CheckoutFigures {
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  payable_amount: number;
  order_tax_amount: number;
}

/** Cart state of spec §3, persisted in localStorage. */
export interface CartState extends CheckoutFigures {
  total: number;
  products: CartShopGroup[];
  checkoutProducts: CartShopGroup[];
  selectedShopIds: number[];
  totalAmount: number;
  coupon_code: string;
  address: number | null;
  buyNowShopId: number | null;
  buyNowProduct: CartProduct | null;
  isLoadingCart: boolean;
  orderConfirmModal: boolean;
  orderPaymentCancelModal: boolean;
}

export const emptyFigures: CheckoutFigures = {
  total_amount: 0,
  delivery_charge: 0,
  coupon_discount: 0,
  payable_amount: 0,
  order_tax_amount: 0,
};

export const emptyCart: CartState = {
  ...emptyFigures,
  total: 0,
  products: [],
  checkoutProducts: [],
  selectedShopIds: [],
  totalAmount: 0,
  coupon_code: '',
  address: null,
  buyNowShopId: null,
  buyNowProduct: null,
  isLoadingCart: false,
  orderConfirmModal: false,
  orderPaymentCancelModal: false,
};

interface CartActions {
  /** Spec §4: a cart fetch without a token, and the menu logout, empty everything. */
  resetCart(): void;
}

export const useCart = create<CartState & CartActions>()(
  persist(
    (set) => ({
      ...emptyCart,
      resetCart: () => set(emptyCart),
    }),
    { name: 'cart', version: 1 },
  ),
);
