import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { shopCouponField } from '../../../shared/cart.contract.ts';
import { ApiError } from '../../../client/lib/api-client.ts';
import { t } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { isSignedIn, useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { cartQueries, cartRequests } from './cart-queries.ts';
import { useCart, type Cart, type CartProduct, type UnavailableCartLine } from './cart-store.ts';
import { showAddedToast, showCartError, showRemovedToast } from './cart-toasts.tsx';

/**
 * What the cart does with the API's answers (docs/product/storefront.md §4, §8): every change sets the lines from the
 * answer, toasts what happened, and keeps the checkout figures of the selected shops current.
 */

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type AddToCartPayload = EndpointBody<'POST /cart/store'>;

const cartLines = (contents: Cart) => contents.cart_items.flatMap((group) => group.products);

/** The line an add went to: the product's line of the chosen colour and size. */
const addedLine = (contents: Cart, { product_id, color = null, size = null }: AddToCartPayload) =>
  cartLines(contents).find((line) => line.id === product_id && (line.color?.id ?? null) === color && (line.size?.id ?? null) === size);

/** The session is gone: the cart that belonged to it goes too (the API client already cleared the user). */
function endSession() {
  useAuth.getState().clearSession();
  useCart.getState().resetCart();
}

/** A signed-in shopper's cart, or a visitor's while the store allows guest checkout (kept by the store behind a cookie). */
const hasCart = () => isSignedIn() || useSettings.getState().guestCheckout;

/** docs/product/storefront.md §8: adding to the cart needs an account (unless the store allows guest checkout); the add is done once the shopper has logged in. */
function askToLogIn(payload: AddToCartPayload) {
  showCartError(t('Please login first!'));
  endSession();
  // A Buy Now goes on to its own page from the product page, which a later login cannot resume.
  useAuth.getState().openDialog('login', payload.is_buy_now ? undefined : () => addToCart(payload));
}

/** A failed call: a lost session ends it, anything else shows the server's message. */
function reportFailure(error: unknown) {
  if (isUnauthorized(error)) endSession();
  showCartError(messageOf(error));
}

/** Numbers the checkout calls: a later selection's answer wins over an earlier one that arrives late. */
let checkoutRequest = 0;

/** The checkout call for the selected shops, with the voucher codes kept for them. */
function selectedCheckout(codes: Record<number, string>) {
  const { selectedShopIds } = useCart.getState();
  const kept = Object.fromEntries(selectedShopIds.filter((shopId) => codes[shopId]).map((shopId) => [shopId, codes[shopId]!]));
  return cartQueries.checkout({ shop_ids: selectedShopIds, ...(Object.keys(kept).length > 0 ? { coupon_codes: kept } : {}) });
}

/** The selected shop whose voucher code the store refused, with its reason. */
export function refusedVoucher(error: unknown, shopIds: readonly number[]): { shopId: number; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const shopId of shopIds) {
    const message = error.fieldError(shopCouponField(shopId));
    if (message) return { shopId, message };
  }
  return undefined;
}

/** docs/product/storefront.md §4: the figures of the selected shops; an empty answer clears the selection. */
export async function refreshCheckout(): Promise<void> {
  const request = ++checkoutRequest;
  const cart = useCart.getState();
  if (cart.selectedShopIds.length === 0) {
    cart.clearCheckout();
    return;
  }
  try {
    const answer = await queryClient().fetchQuery(selectedCheckout(cart.coupon_codes));
    if (request === checkoutRequest) useCart.getState().setCheckout(answer);
  } catch (error) {
    if (request !== checkoutRequest) return;
    const refused = refusedVoucher(error, cart.selectedShopIds);
    if (refused) {
      // The cart changed under a shop's voucher (below its minimum spend now): drop it and price without it.
      useCart.getState().setCouponCode(refused.shopId, '');
      showCartError(refused.message);
      await refreshCheckout();
      return;
    }
    reportFailure(error);
  }
}

/**
 * Checkout with a voucher code for one selected shop, beside the other shops' codes. Throws the
 * ApiError of a refused code (422, `errors["coupon_codes.<shop id>"]`) for the caller to show under
 * that shop's field; the code is kept only when accepted.
 */
export async function applyCoupon(shopId: number, code: string): Promise<void> {
  const request = ++checkoutRequest;
  const answer = await queryClient().fetchQuery(selectedCheckout({ ...useCart.getState().coupon_codes, [shopId]: code }));
  useCart.getState().setCouponCode(shopId, code);
  if (request === checkoutRequest) useCart.getState().setCheckout(answer);
}

/** docs/product/storefront.md §4: fetching the cart without a session resets all cart and auth state (a guest cart is fetched like an account's). */
export async function refreshCart(): Promise<void> {
  if (!hasCart()) {
    endSession();
    return;
  }
  useCart.getState().setLoadingCart(true);
  try {
    useCart.getState().setContents(await queryClient().fetchQuery(cartQueries.cart()));
  } catch (error) {
    if (isUnauthorized(error)) endSession();
  } finally {
    useCart.getState().setLoadingCart(false);
  }
}

/** docs/product/storefront.md §2: opening the panel shows the current cart; in single-vendor mode every cart shop is selected. */
export async function enterCart(): Promise<void> {
  await refreshCart();
  const { products, setSelectedShopIds } = useCart.getState();
  if (!useSettings.getState().multiVendor) setSelectedShopIds(products.map((group) => group.shop_id));
  await refreshCheckout();
}

/** docs/product/storefront.md §4: tapping a shop header selects or deselects the shop, then the figures follow. */
export async function toggleShop(shopId: number): Promise<void> {
  const { selectedShopIds, setSelectedShopIds } = useCart.getState();
  setSelectedShopIds(selectedShopIds.includes(shopId) ? selectedShopIds.filter((id) => id !== shopId) : [...selectedShopIds, shopId]);
  await refreshCheckout();
}

function applyChange(contents: Cart) {
  useCart.getState().setContents(contents);
  if (useCart.getState().selectedShopIds.length > 0) void refreshCheckout();
}

/**
 * docs/product/storefront.md §4/§8 add to cart: needs a product, then an account; the answer becomes the cart and a toast
 * shows the line. A buy-now add leaves the cart alone and shows no toast. Answers whether it was added.
 */
export async function addToCart(payload: AddToCartPayload): Promise<boolean> {
  if (!payload.product_id) return false;
  if (!hasCart()) {
    askToLogIn(payload);
    return false;
  }
  let contents: Cart;
  try {
    contents = (await cartRequests.add(payload)).data;
  } catch (error) {
    if (isUnauthorized(error)) askToLogIn(payload);
    else showCartError(messageOf(error));
    return false;
  }
  const line = addedLine(contents, payload);
  if (payload.is_buy_now) {
    if (line) useCart.getState().setBuyNow(line.shop_id, line);
    return true;
  }
  applyChange(contents);
  if (line) showAddedToast(line);
  return true;
}

/** docs/product/storefront.md §9: the removed toast's button adds one unit of the same line back. */
const addOneBack = (line: CartProduct) => () =>
  void addToCart({ product_id: line.id, quantity: 1, color: line.color?.id ?? null, size: line.size?.id ?? null, unit: line.unit });

async function changeLine(request: typeof cartRequests.increment, line: CartProduct) {
  try {
    const { data: contents } = await request({ product_id: line.id, cart_id: line.cart_id });
    applyChange(contents);
    // A decrement to zero removes the line (the API then says 'product removed from cart').
    if (!cartLines(contents).some((kept) => kept.cart_id === line.cart_id)) showRemovedToast(line, addOneBack(line));
  } catch (error) {
    reportFailure(error);
  }
}

export const incrementLine = (line: CartProduct) => changeLine(cartRequests.increment, line);
export const decrementLine = (line: CartProduct) => changeLine(cartRequests.decrement, line);
export const removeLine = (line: CartProduct) => changeLine(cartRequests.remove, line);

/** Removes a line of a product no longer sold (nothing to add back). */
export async function removeUnavailableLine(line: UnavailableCartLine) {
  try {
    applyChange((await cartRequests.remove({ product_id: line.id, cart_id: line.cart_id })).data);
  } catch (error) {
    reportFailure(error);
  }
}
