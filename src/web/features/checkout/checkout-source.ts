import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { applyCoupon, refreshCart, refreshCheckout, refusedVoucher } from '../cart/cart-actions.ts';
import { cartQueries } from '../cart/cart-queries.ts';
import { emptyFigures, useCart, type CheckoutShopGroup, type CheckoutFigures } from '../cart/cart-store.ts';

/**
 * What a checkout page checks out, whether the cart's selected shops or the single buy-now line:
 * the lines and figures the store priced, and the voucher. The page is the same for both.
 */
export interface CheckoutSource {
  isBuyNow: boolean;
  shopIds: number[];
  groups: CheckoutShopGroup[];
  figures: CheckoutFigures;
  /** The figures are the store's answer for this visit; before that, nothing can be ordered. */
  ready: boolean;
  /** The last pricing failed (not a refused voucher): the page offers to try again. */
  failed: boolean;
  /** The voucher code applied to each shop, by shop id. */
  couponCodes: Record<number, string>;
  /** Prices with a shop's code and keeps it; throws the ApiError of a refused code (`errors["coupon_codes.<shop id>"]`). */
  applyCoupon(shopId: number, code: string): Promise<void>;
  removeCoupon(shopId: number): Promise<void>;
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

/** The cart's selected shops (docs/product/storefront.md §3 cart state: selection, voucher code and figures live in the cart store). */
export function useCartCheckout(): CheckoutSource {
  const cart = useCart(
    useShallow((state) => ({
      shopIds: state.selectedShopIds,
      groups: state.checkoutProducts,
      couponCodes: state.coupon_codes,
      total_amount: state.total_amount,
      delivery_charge: state.delivery_charge,
      coupon_discount: state.coupon_discount,
      payable_amount: state.payable_amount,
      order_tax_amount: state.order_tax_amount,
      taxable_amount: state.taxable_amount,
      tax_rate: state.tax_rate,
      free_delivery_threshold: state.free_delivery_threshold,
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

  const { shopIds, groups, couponCodes, ...figures } = cart;
  return {
    isBuyNow: false,
    shopIds,
    groups,
    figures,
    ready,
    failed: false,
    couponCodes,
    applyCoupon,
    removeCoupon: async (shopId) => {
      useCart.getState().setCouponCode(shopId, '');
      await refreshCheckout();
    },
    refresh: refreshCartCheckout,
    finish: async () => {
      const store = useCart.getState();
      store.setSelectedShopIds([]);
      useCart.setState({ coupon_codes: {} });
      store.clearCheckout();
      await refreshCart();
    },
  };
}

/** The one product of a Buy Now (docs/product/storefront.md §3 buyNowShopId): priced on its own, the cart stays as it is. */
export function useBuyNowCheckout(): CheckoutSource {
  const shopId = useCart((state) => state.buyNowShopId);
  const [couponCodes, setCouponCodes] = useState<Record<number, string>>({});
  const request = (codes: Record<number, string>): EndpointBody<'POST /cart/checkout'> => ({
    shop_ids: shopId === null ? [] : [shopId],
    is_buy_now: true,
    ...(Object.keys(codes).length > 0 ? { coupon_codes: codes } : {}),
  });
  const checkout = useQuery({ ...cartQueries.checkout(request(couponCodes)), enabled: shopId !== null });

  return {
    isBuyNow: true,
    shopIds: shopId === null ? [] : [shopId],
    groups: checkout.data?.checkout_items ?? [],
    figures: checkout.data?.checkout ?? emptyFigures,
    ready: checkout.isSuccess && !checkout.isFetching,
    failed: checkout.isError,
    couponCodes,
    applyCoupon: async (voucherShopId, code) => {
      const codes = { [voucherShopId]: code };
      await queryClient().fetchQuery(cartQueries.checkout(request(codes)));
      setCouponCodes(codes);
    },
    removeCoupon: async () => setCouponCodes({}),
    refresh: async () => {
      const { error } = await checkout.refetch();
      // A voucher that stopped applying (its minimum spend, its limit) is dropped and the line priced without it.
      const refused = refusedVoucher(error, shopId === null ? [] : [shopId]);
      if (!refused) return;
      notify.error(refused.message);
      setCouponCodes({});
    },
    finish: async () => {
      useCart.setState({ buyNowShopId: null, buyNowProduct: null });
    },
  };
}
