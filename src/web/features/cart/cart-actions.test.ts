import '../../test/memory-storage.fixture.ts';
import type { ExternalToast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../client/lib/api-client.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { isSignedIn, useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { addToCart, applyCoupon, decrementLine, enterCart, incrementLine, refreshCart, refreshCheckout, toggleShop } from './cart-actions.ts';
import { cartLine, checkoutGroup, shopGroup } from '../../test/cart-lines.fixture.ts';
import { emptyCart, useCart } from './cart-store.ts';

vi.mock('../../lib/toast.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), message: vi.fn() } }));

type Reply = [status: number, body: unknown];
interface Call {
  route: string;
  body: unknown;
}

let calls: Call[] = [];
let replies: Record<string, (body: unknown) => Reply> = {};

function answer(route: string, reply: (body: unknown) => Reply) {
  replies[route] = reply;
}

const sent = (route: string) => calls.filter((call) => call.route === route);

/** Clicks the button of a toast shown with these options. */
function pressToastButton(options: ExternalToast | undefined) {
  const action = options?.action;
  if (!action || typeof action !== 'object' || !('onClick' in action)) throw new Error('the toast has no button');
  (action.onClick as () => void)();
}

const shirt = cartLine({ id: 7, name: 'Linen Shirt', quantity: 1, color: { id: 3, name: 'Blue' }, size: { id: 4, name: 'M' } });
const mug = cartLine({ id: 9, cart_id: 2, name: 'Stone Mug', shop_id: 2, price: 12 });
const zero = { total_amount: 0, delivery_charge: 0, coupon_discount: 0, payable_amount: 0, order_tax_amount: 0 };
const cartOf = (...groups: ReturnType<typeof shopGroup>[]) => ({ message: 'ok', data: { total: groups.flatMap((g) => g.products).length, cart_items: groups } });
const signIn = () => useAuth.setState({ user: { name: 'Ada', phone: null, profile_photo: null } });
const payload = { product_id: 7, quantity: 2, color: 3, size: 4, unit: 'pc' };

beforeEach(() => {
  calls = [];
  replies = {};
  queryClient().clear();
  useCart.setState(emptyCart);
  useAuth.setState({ user: null, addresses: [], favoriteProducts: 0, dialog: null });
  useSettings.setState({ multiVendor: true, basketCanvas: false });
  configureApiClient({
    locale: () => 'en',
    signedIn: isSignedIn,
    onUnauthorized: () => useAuth.getState().clearSession(),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const route = `${init.method} ${url}`;
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ route, body });
    const reply = replies[route];
    if (!reply) throw new Error(`unexpected call ${route}`);
    const [status, json] = reply(body);
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('add to cart', () => {
  it('sends nothing without a product', async () => {
    signIn();
    expect(await addToCart({ ...payload, product_id: 0 })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('asks a visitor to log in first, without a call', async () => {
    expect(await addToCart(payload)).toBe(false);
    expect(calls).toEqual([]);
    expect(notify.error).toHaveBeenCalledWith('Please login first!', expect.objectContaining({ duration: 3000, position: 'bottom-left' }));
    expect(useAuth.getState().dialog).toBe('login');
  });

  it('logs out and opens the login dialog when the session has expired', async () => {
    signIn();
    useCart.setState({ total: 1, products: [shopGroup(1, [shirt])] });
    answer('POST /api/cart/store', () => [401, { message: 'Unauthenticated.' }]);
    await addToCart(payload);
    expect(notify.error).toHaveBeenCalledWith('Please login first!', expect.anything());
    expect(useAuth.getState()).toMatchObject({ user: null, dialog: 'login' });
    expect(useCart.getState().total).toBe(0);
  });

  it('shows the server message of any other failure', async () => {
    signIn();
    answer('POST /api/cart/store', () => [422, { message: 'Only 1 left in stock' }]);
    await addToCart(payload);
    expect(notify.error).toHaveBeenCalledWith('Only 1 left in stock', expect.anything());
    expect(useAuth.getState().user).toMatchObject({ name: 'Ada' });
  });

  it('sends the choice, takes the answer as the cart and toasts the line', async () => {
    signIn();
    answer('POST /api/cart/store', () => [200, cartOf(shopGroup(1, [{ ...shirt, quantity: 2 }]))]);
    expect(await addToCart(payload)).toBe(true);
    expect(sent('POST /api/cart/store')).toEqual([{ route: 'POST /api/cart/store', body: payload }]);
    expect(useCart.getState()).toMatchObject({ total: 1, totalAmount: 40 });
    expect(notify.message).toHaveBeenCalledTimes(1);
    const [, options] = vi.mocked(notify.message).mock.calls[0]!;
    expect(options).toMatchObject({ duration: 3000, position: 'bottom-left', action: { label: 'View In Cart' } });
    pressToastButton(options);
    expect(useSettings.getState().basketCanvas).toBe(true);
  });

  it('puts the toasts bottom-right in a right-to-left language', async () => {
    signIn();
    useSettings.setState({ langDirection: 'rtl' });
    answer('POST /api/cart/store', () => [200, cartOf(shopGroup(1, [shirt]))]);
    await addToCart(payload);
    expect(vi.mocked(notify.message).mock.calls[0]![1]).toMatchObject({ position: 'bottom-right' });
    useSettings.setState({ langDirection: 'ltr' });
  });

  it('buys now without touching the cart and without a toast', async () => {
    signIn();
    const cart = [shopGroup(2, [mug])];
    useCart.setState({ total: 1, products: cart });
    answer('POST /api/cart/store', () => [200, cartOf(shopGroup(1, [shirt]))]);
    expect(await addToCart({ ...payload, is_buy_now: true })).toBe(true);
    expect(sent('POST /api/cart/store')[0]!.body).toMatchObject({ is_buy_now: true });
    expect(useCart.getState()).toMatchObject({ total: 1, products: cart, buyNowShopId: 1, buyNowProduct: shirt });
    expect(notify.message).not.toHaveBeenCalled();
  });
});

describe('changing a line', () => {
  beforeEach(() => {
    signIn();
    useCart.setState({ total: 2, products: [shopGroup(1, [shirt]), shopGroup(2, [mug])] });
  });

  it('decrementing to zero removes the line and offers to add one unit back', async () => {
    answer('POST /api/cart/decrement', () => [200, { message: 'product removed from cart', data: cartOf(shopGroup(2, [mug])).data }]);
    await decrementLine(shirt);
    expect(sent('POST /api/cart/decrement')[0]!.body).toEqual({ product_id: 7, cart_id: shirt.cart_id });
    expect(useCart.getState().total).toBe(1);
    const [, options] = vi.mocked(notify.message).mock.calls[0]!;
    expect(options).toMatchObject({ duration: 3000, action: { label: 'Again Add to Cart' } });

    answer('POST /api/cart/store', () => [200, cartOf(shopGroup(1, [shirt]), shopGroup(2, [mug]))]);
    pressToastButton(options);
    await vi.waitFor(() => expect(useCart.getState().total).toBe(2));
    expect(sent('POST /api/cart/store')[0]!.body).toEqual({ product_id: 7, quantity: 1, color: 3, size: 4, unit: 'pc' });
  });

  it('shows the server message when an increment is refused', async () => {
    answer('POST /api/cart/increment', () => [422, { message: 'Only 1 left in stock' }]);
    await incrementLine(shirt);
    expect(notify.error).toHaveBeenCalledWith('Only 1 left in stock', expect.anything());
    expect(useCart.getState().total).toBe(2);
  });

  it('reprices the selected shops after a change and drops a shop that emptied', async () => {
    useCart.setState({ selectedShopIds: [1, 2] });
    answer('POST /api/cart/decrement', () => [200, cartOf(shopGroup(2, [mug]))]);
    answer('POST /api/cart/checkout', () => [200, { message: '', data: { checkout: { ...zero, total_amount: 12, payable_amount: 12 }, apply_coupon: false, checkout_items: [shopGroup(2, [mug])] } }]);
    await decrementLine(shirt);
    await vi.waitFor(() => expect(useCart.getState().payable_amount).toBe(12));
    expect(sent('POST /api/cart/checkout')[0]!.body).toEqual({ shop_ids: [2] });
    expect(useCart.getState().selectedShopIds).toEqual([2]);
  });
});

describe('fetching the cart', () => {
  it('signed out resets the cart and the session', async () => {
    useCart.setState({ total: 2, selectedShopIds: [1], payable_amount: 10 });
    useAuth.setState({ user: null, favoriteProducts: 3 });
    await refreshCart();
    expect(calls).toEqual([]);
    expect(useCart.getState()).toMatchObject({ total: 0, selectedShopIds: [], payable_amount: 0 });
    expect(useAuth.getState()).toMatchObject({ user: null, favoriteProducts: 0 });
  });

  it('signed in takes the answer as the cart', async () => {
    signIn();
    answer('GET /api/carts', () => [200, cartOf(shopGroup(1, [shirt]), shopGroup(2, [mug]))]);
    await refreshCart();
    expect(useCart.getState()).toMatchObject({ total: 2, totalAmount: 32, isLoadingCart: false });
  });
});

describe('shop selection', () => {
  beforeEach(() => {
    signIn();
    useCart.setState({ total: 2, products: [shopGroup(1, [shirt]), shopGroup(2, [mug])] });
  });

  it('toggles a shop and reprices; an empty answer clears the selection', async () => {
    const figures = { total_amount: 20, delivery_charge: 5, coupon_discount: 0, payable_amount: 26.5, order_tax_amount: 1.5 };
    answer('POST /api/cart/checkout', () => [200, { message: '', data: { checkout: figures, apply_coupon: false, checkout_items: [shopGroup(1, [shirt])] } }]);
    await toggleShop(1);
    expect(sent('POST /api/cart/checkout')[0]!.body).toEqual({ shop_ids: [1] });
    expect(useCart.getState()).toMatchObject({ selectedShopIds: [1], ...figures });

    answer('POST /api/cart/checkout', () => [200, { message: '', data: { checkout: zero, apply_coupon: false, checkout_items: [] } }]);
    await toggleShop(2);
    expect(sent('POST /api/cart/checkout')[1]!.body).toEqual({ shop_ids: [1, 2] });
    expect(useCart.getState().selectedShopIds).toEqual([]);
  });

  it('deselecting the last shop zeroes the figures without a call', async () => {
    useCart.setState({ selectedShopIds: [1], payable_amount: 26.5, checkoutProducts: [checkoutGroup(1, [shirt])] });
    await toggleShop(1);
    expect(calls).toEqual([]);
    expect(useCart.getState()).toMatchObject({ selectedShopIds: [], payable_amount: 0, checkoutProducts: [] });
  });

  it('selects every cart shop on entry in single-vendor mode', async () => {
    useSettings.setState({ multiVendor: false });
    answer('GET /api/carts', () => [200, cartOf(shopGroup(1, [shirt]), shopGroup(2, [mug]))]);
    answer('POST /api/cart/checkout', () => [200, { message: '', data: { checkout: zero, apply_coupon: false, checkout_items: [shopGroup(1, [shirt]), shopGroup(2, [mug])] } }]);
    await enterCart();
    expect(sent('POST /api/cart/checkout')[0]!.body).toEqual({ shop_ids: [1, 2] });
    expect(useCart.getState().selectedShopIds).toEqual([1, 2]);
  });

  it('leaves the choice to the shopper in multi-vendor mode', async () => {
    answer('GET /api/carts', () => [200, cartOf(shopGroup(1, [shirt]), shopGroup(2, [mug]))]);
    await enterCart();
    expect(sent('POST /api/cart/checkout')).toEqual([]);
    expect(useCart.getState().selectedShopIds).toEqual([]);
  });

  it('shows a checkout failure and ends a lost session', async () => {
    answer('POST /api/cart/checkout', () => [401, { message: 'Unauthenticated.' }]);
    await toggleShop(1);
    expect(notify.error).toHaveBeenCalledWith('Unauthenticated.', expect.anything());
    expect(useAuth.getState().user).toBeNull();
    expect(useCart.getState().total).toBe(0);
  });
});

describe('a voucher code', () => {
  beforeEach(() => {
    signIn();
    useCart.setState({ total: 1, products: [shopGroup(1, [shirt]), shopGroup(2, [{ ...shirt, id: 2, shop_id: 2 }])], selectedShopIds: [1, 2] });
  });

  it('is kept for its shop once accepted and sent beside the other shops’ codes with every later repricing', async () => {
    const discounted = { ...zero, total_amount: 20, coupon_discount: 2, payable_amount: 18 };
    answer('POST /api/cart/checkout', () => [200, { message: '', data: { checkout: discounted, apply_coupon: true, checkout_items: [shopGroup(1, [shirt])] } }]);
    await applyCoupon(1, 'SAVE10');
    await applyCoupon(2, 'TWO5');
    expect(useCart.getState()).toMatchObject({ coupon_codes: { 1: 'SAVE10', 2: 'TWO5' }, coupon_discount: 2 });
    expect(sent('POST /api/cart/checkout')[1]!.body).toEqual({ shop_ids: [1, 2], coupon_codes: { 1: 'SAVE10', 2: 'TWO5' } });
    useCart.setState({ selectedShopIds: [2] });
    await refreshCheckout();
    expect(sent('POST /api/cart/checkout')[2]!.body).toEqual({ shop_ids: [2], coupon_codes: { 2: 'TWO5' } });
  });

  it('is refused with its shop’s field error and not kept', async () => {
    answer('POST /api/cart/checkout', () => [422, { message: 'Voucher expired', errors: { 'coupon_codes.2': ['Voucher expired'] } }]);
    await expect(applyCoupon(2, 'OLD')).rejects.toMatchObject({ status: 422, errors: { 'coupon_codes.2': ['Voucher expired'] } });
    expect(useCart.getState().coupon_codes).toEqual({});
  });

  it('is dropped for its shop alone, with its reason, when that shop no longer qualifies', async () => {
    useCart.setState({ coupon_codes: { 1: 'SMALL', 2: 'BIG50' } });
    answer('POST /api/cart/checkout', (body) =>
      (body as { coupon_codes?: Record<string, string> }).coupon_codes?.[2]
        ? [422, { message: 'Minimum spend not reached', errors: { 'coupon_codes.2': ['Minimum spend not reached'] } }]
        : [200, { message: '', data: { checkout: { ...zero, total_amount: 20, payable_amount: 20 }, apply_coupon: true, checkout_items: [shopGroup(1, [shirt])] } }],
    );
    await refreshCheckout();
    expect(notify.error).toHaveBeenCalledWith('Minimum spend not reached', expect.anything());
    expect(useCart.getState()).toMatchObject({ coupon_codes: { 1: 'SMALL' }, payable_amount: 20 });
  });
});
