import { createStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { browserStorage, renderFromLiveState } from '../../lib/persisted-store.ts';
import { scopedStore } from '../../../client/lib/request-scope.ts';
import type { Cart, CartProduct, CartShopGroup, CheckoutFigures, CheckoutShopGroup, CheckoutSummary, UnavailableCartLine } from '../../../shared/cart.contract.ts';
import { toAmount, toMinor, unitPrice } from '../../../shared/money.ts';

export type { Cart, CartProduct, CartShopGroup, CheckoutFigures, CheckoutShopGroup, CheckoutSummary, UnavailableCartLine };

/** Cart state of docs/product/storefront.md §3, persisted in localStorage. */
export interface CartState extends CheckoutFigures {
  total: number;
  products: CartShopGroup[];
  /** Lines of products no longer sold, shown apart for the shopper to remove. */
  unavailable: UnavailableCartLine[];
  checkoutProducts: CheckoutShopGroup[];
  selectedShopIds: number[];
  /** What every line of the cart costs together (the floating tab's amount). */
  totalAmount: number;
  /** The voucher code applied to each selected shop, by shop id. */
  coupon_codes: Record<number, string>;
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
  taxable_amount: 0,
  tax_rate: null,
  free_delivery_threshold: null,
};

export const emptyCart: CartState = {
  ...emptyFigures,
  total: 0,
  products: [],
  unavailable: [],
  checkoutProducts: [],
  selectedShopIds: [],
  totalAmount: 0,
  coupon_codes: {},
  address: null,
  buyNowShopId: null,
  buyNowProduct: null,
  isLoadingCart: false,
  orderConfirmModal: false,
  orderPaymentCancelModal: false,
};

/** docs/product/storefront.md §5: each line at its unit price, summed in minor units so the total has exactly 2 decimals. */
export function cartAmount(groups: CartShopGroup[]): number {
  const minor = groups
    .flatMap((group) => group.products)
    .reduce((sum, line) => sum + toMinor(unitPrice(line.price, line.discount_price)) * line.quantity, 0);
  return toAmount(minor);
}

/**
 * docs/product/storefront.md §4, after a cart fetch or change: lines and count from the answer, selected shops that
 * have no lines any more dropped, and every checkout figure back to zero once the cart is empty.
 */
export function withContents(state: CartState, contents: Cart): Partial<CartState> {
  const shopIds = new Set(contents.cart_items.filter((group) => group.products.length > 0).map((group) => group.shop_id));
  const next: Partial<CartState> = {
    total: contents.total,
    products: contents.cart_items,
    unavailable: contents.unavailable_items,
    totalAmount: cartAmount(contents.cart_items),
    selectedShopIds: state.selectedShopIds.filter((id) => shopIds.has(id)),
    checkoutProducts: state.checkoutProducts.filter((group) => shopIds.has(group.shop_id)),
  };
  return shopIds.size === 0 ? { ...next, ...emptyFigures, selectedShopIds: [], checkoutProducts: [], coupon_codes: {} } : next;
}

/** docs/product/storefront.md §4: the checkout answer's lines and figures; an empty answer clears the selection. */
export function withCheckout(answer: CheckoutSummary): Partial<CartState> {
  const next: Partial<CartState> = { ...answer.checkout, checkoutProducts: answer.checkout_items };
  return answer.checkout_items.length === 0 ? { ...next, selectedShopIds: [] } : next;
}

interface CartActions {
  setContents(contents: Cart): void;
  setCheckout(answer: CheckoutSummary): void;
  /** No shop selected: nothing to check out, every figure zero. */
  clearCheckout(): void;
  setSelectedShopIds(shopIds: number[]): void;
  /** Keeps a shop's voucher code; an empty code takes it away. */
  setCouponCode(shopId: number, code: string): void;
  setBuyNow(shopId: number, product: CartProduct): void;
  setLoadingCart(loading: boolean): void;
  /** docs/product/storefront.md §4: a cart fetch without a token, and the menu logout, empty everything. */
  resetCart(): void;
}

export const useCart = scopedStore(() =>
  createStore<CartState & CartActions>()(
    renderFromLiveState(
      persist(
        (set) => ({
          ...emptyCart,
          setContents: (contents) => set((state) => withContents(state, contents)),
          setCheckout: (answer) => set(withCheckout(answer)),
          clearCheckout: () => set({ ...emptyFigures, checkoutProducts: [] }),
          setSelectedShopIds: (selectedShopIds) => set({ selectedShopIds }),
          setCouponCode: (shopId, code) =>
            set((state) => {
              const { [shopId]: _previous, ...others } = state.coupon_codes;
              return { coupon_codes: code ? { ...others, [shopId]: code } : others };
            }),
          setBuyNow: (buyNowShopId, buyNowProduct) => set({ buyNowShopId, buyNowProduct }),
          setLoadingCart: (isLoadingCart) => set({ isLoadingCart }),
          resetCart: () => set(emptyCart),
        }),
        {
          name: 'cart',
          version: 1,
          storage: browserStorage,
          partialize: ({ isLoadingCart: _loading, ...kept }) => kept,
        },
      ),
    ),
  ),
);
