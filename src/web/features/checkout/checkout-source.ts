import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { applyCoupon, refreshCart, refreshCheckout } from '../cart/cart-actions.ts';
import { cartQueries, type CheckoutRequest } from '../cart/cart-queries.ts';
import { emptyFigures, useCart, type CartShopGroup, type CheckoutFigures } from '../cart/cart-store.ts';

/**
 * What a checkout page checks out, whether the cart's selected shops or the single buy-now line:
 * the lines and figures the store priced, and the voucher. The page is the same for both.
 */
export interface CheckoutSource {
  isBuyNow: boolean;
  shopIds: number[];
  groups: CartShopGroup[];
  figures: CheckoutFigures;
  /** The figures are the store's answer for this visit; before that, nothing can be ordered. */
  ready: boolean;
  /** The last pricing failed (not a refused voucher): the page offers to try again. */
  failed: boolean;
  couponCode: string;
  /** Prices with the code and keeps it; throws the ApiError of a refused code (`errors.coupon_code`). */
  applyCoupon(code: string): Promise<void>;
  removeCoupon(): Promise<void>;
  /** Prices again (after the store refused an order because stock or prices moved). */
  refresh(): Promise<void>;
  /** The order is placed: its lines are no longer in the cart and the checkout starts empty. */
  finish(): Promise<void>;
}

/** The cart as the store has it now, then the selected shops priced (a shop whose lines are gone drops out). */
async function refreshCartCheckout() {
  await refreshCart();
  await refreshCheckout();
}

/** The cart's selected shops (spec §3 cart state: selection, voucher code and figures live in the cart store). */
export function useCartCheckout(): CheckoutSource {
  const cart = useCart(
    useShallow((state) => ({
      shopIds: state.selectedShopIds,
      groups: state.checkoutProducts,
      couponCode: state.coupon_code,
      total_amount: state.total_amount,
      delivery_charge: state.delivery_charge,
      coupon_discount: state.coupon_discount,
      payable_amount: state.payable_amount,
      order_tax_amount: state.order_tax_amount,
    })),
  );
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void refreshCartCheckout().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const { shopIds, groups, couponCode, ...figures } = cart;
  return {
    isBuyNow: false,
    shopIds,
    groups,
    figures,
    ready,
    failed: false,
    couponCode,
    applyCoupon,
    removeCoupon: async () => {
      useCart.getState().setCouponCode('');
      await refreshCheckout();
    },
    refresh: refreshCartCheckout,
    finish: async () => {
      const store = useCart.getState();
      store.setSelectedShopIds([]);
      store.setCouponCode('');
      store.clearCheckout();
      await refreshCart();
    },
  };
}

/** The one product of a Buy Now (spec §3 buyNowShopId): priced on its own, the cart stays as it is. */
export function useBuyNowCheckout(): CheckoutSource {
  const shopId = useCart((state) => state.buyNowShopId);
  const [couponCode, setCouponCode] = useState('');
  const request = (code: string): CheckoutRequest => ({ shop_ids: shopId === null ? [] : [shopId], is_buy_now: true, ...(code ? { coupon_code: code } : {}) });
  const checkout = useQuery({ ...cartQueries.checkout(request(couponCode)), enabled: shopId !== null });

  return {
    isBuyNow: true,
    shopIds: shopId === null ? [] : [shopId],
    groups: checkout.data?.checkout_items ?? [],
    figures: checkout.data?.checkout ?? emptyFigures,
    ready: checkout.isSuccess && !checkout.isFetching,
    failed: checkout.isError,
    couponCode,
    applyCoupon: async (code) => {
      await queryClient.fetchQuery(cartQueries.checkout(request(code)));
      setCouponCode(code);
    },
    removeCoupon: async () => setCouponCode(''),
    refresh: async () => {
      const { error } = await checkout.refetch();
      // A voucher that stopped applying (its minimum spend, its limit) is dropped and the line priced without it.
      const refused = error instanceof ApiError ? error.fieldError('coupon_code') : undefined;
      if (!refused) return;
      notify.error(refused);
      setCouponCode('');
    },
    finish: async () => {
      useCart.setState({ buyNowShopId: null, buyNowProduct: null });
    },
  };
}
