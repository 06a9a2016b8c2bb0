// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import Checkout from '../../pages/checkout.tsx';
import { heldAnswer, ok, refused, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { address, cashOnDelivery, checkoutAnswer, checkoutShop, line, shopper, stripe } from '../../test/store-fixtures.ts';
import { useCart } from '../cart/cart-store.ts';
import { useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';

const shirt = line({ id: 11, shop_id: 1, name: 'Linen Shirt', price: 20 });
const mug = line({ id: 22, shop_id: 2, name: 'Clay Mug', price: 12 });
const shops = () => [checkoutShop(1, 'Textile Shop', [shirt]), checkoutShop(2, 'Pottery Shop', [mug])];
const home = address({ id: 1, address_line: 'Main Street 1', is_default: false });
const office = address({ id: 2, name: 'Ada at work', address_line: 'Office Park 9', address_type: 'office', is_default: true });

/** The store's checkout pricing: SAVE5 takes 5 off the Pottery Shop's order; any other code is refused under its shop. */
function priceCheckout({ body }: SeenRequest) {
  const codes = (body as { coupon_codes?: Record<string, string> }).coupon_codes ?? {};
  const wrong = Object.entries(codes).find(([, code]) => code !== 'SAVE5');
  if (wrong) return refused(422, 'The voucher code is invalid.', { [`coupon_codes.${wrong[0]}`]: ['This voucher does not exist.'] });
  return ok(checkoutAnswer(shops().map((shop) => (codes[shop.shop_id] ? { ...shop, coupon_code: codes[shop.shop_id]!, coupon_discount: 5 } : shop))));
}

function stubStore() {
  return stubApi({
    'GET /carts': ok({ total: 2, cart_items: shops().map(({ coupon_code: _code, coupon_discount: _discount, ...shop }) => shop) }),
    'POST /cart/checkout': priceCheckout,
    'GET /addresses': ok({ addresses: [home, office] }),
  });
}

beforeEach(() => {
  useAuth.setState({ user: shopper(), dialog: null });
  useCart.setState({ selectedShopIds: [1, 2], coupon_codes: {}, address: null, checkoutProducts: [] });
  useSettings.setState({ multiVendor: true, paymentGateways: [cashOnDelivery], orderPlaceAccountVerify: false });
});

const placeOrderButton = () => screen.getByRole('button', { name: /Place Order|Placing your order…/ });
const shopCard = (name: string) => screen.getByRole('article', { name });

describe('the checkout', () => {
  it('chooses the default address and the only payment method, and places the order with them', async () => {
    const api = stubStore();
    const placing = heldAnswer(ok({ order_payment_url: null, orders: [{ id: 90, order_number: 'A-90' }] }, 'Order placed successfully'));
    api.answer({ 'POST /place-order': placing.responder });
    renderApp(<Checkout />, { path: '/checkout' });

    expect(await screen.findByTestId('shipping-address')).toHaveTextContent('Office Park 9');
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    await waitFor(() => expect(placeOrderButton()).toBeEnabled());

    await userEvent.click(placeOrderButton());
    await waitFor(() => expect(placeOrderButton()).toHaveTextContent('Placing your order…'));
    expect(placeOrderButton()).toBeDisabled();
    expect(api.calls('POST /place-order')[0]?.body).toMatchObject({ shop_ids: [1, 2], address_id: 2, payment_method: 'cash_on_delivery', is_buy_now: false });

    placing.release();
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(api.calls('POST /place-order')).toHaveLength(1);
  });

  it('sends the address the shopper picks instead of the default', async () => {
    const api = stubStore();
    api.answer({ 'POST /place-order': ok({ order_payment_url: null, orders: [{ id: 91, order_number: 'A-91' }] }) });
    renderApp(<Checkout />, { path: '/checkout' });

    await screen.findByTestId('shipping-address');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const chooser = await screen.findByRole('dialog', { name: 'Choose a shipping address' });
    await userEvent.click(within(chooser).getByRole('radio', { name: /^Ada Shopper/ }));
    expect(screen.getByTestId('shipping-address')).toHaveTextContent('Main Street 1');

    await waitFor(() => expect(placeOrderButton()).toBeEnabled());
    await userEvent.click(placeOrderButton());
    await waitFor(() => expect(api.calls('POST /place-order')[0]?.body).toMatchObject({ address_id: 1 }));
  });

  it('preselects no payment method when the store offers two, and asks for one before ordering', async () => {
    useSettings.setState({ paymentGateways: [cashOnDelivery, stripe] });
    const api = stubStore();
    renderApp(<Checkout />, { path: '/checkout' });

    expect(await screen.findByRole('radio', { name: 'Cash on Delivery' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card (Stripe)' })).not.toBeChecked();
    await screen.findByTestId('shipping-address');
    await waitFor(() => expect(placeOrderButton()).toBeEnabled());
    await userEvent.click(placeOrderButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a payment method');
    expect(api.calls('POST /place-order')).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    expect(screen.queryByText('Please select a payment method')).not.toBeInTheDocument();
  });

  it('keeps Place Order disabled until the store has priced the checkout', async () => {
    const api = stubStore();
    const pricing = heldAnswer(ok(checkoutAnswer(shops())));
    api.answer({ 'POST /cart/checkout': pricing.responder });
    renderApp(<Checkout />, { path: '/checkout' });

    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeDisabled();
    pricing.release();
    await waitFor(() => expect(placeOrderButton()).toBeEnabled());
  });

  it('applies a voucher to its own shop only, and tells a refused code under the shop it was typed for', async () => {
    stubStore();
    renderApp(<Checkout />, { path: '/checkout' });
    const pottery = await screen.findByRole('article', { name: 'Pottery Shop' });

    await userEvent.type(within(pottery).getByLabelText('Voucher code for Pottery Shop'), 'SAVE5');
    await userEvent.click(within(pottery).getByRole('button', { name: 'Apply' }));
    expect(await within(shopCard('Pottery Shop')).findByRole('status')).toHaveTextContent('Voucher applied: SAVE5');
    expect(within(shopCard('Textile Shop')).queryByText(/Voucher applied/)).not.toBeInTheDocument();

    const textile = shopCard('Textile Shop');
    const textileCode = within(textile).getByLabelText('Voucher code for Textile Shop');
    await userEvent.type(textileCode, 'NOPE');
    await userEvent.click(within(textile).getByRole('button', { name: 'Apply' }));
    expect(await within(shopCard('Textile Shop')).findByText('This voucher does not exist.')).toBeInTheDocument();
    expect(textileCode).toHaveAttribute('aria-invalid', 'true');
    expect(within(shopCard('Pottery Shop')).queryByText('This voucher does not exist.')).not.toBeInTheDocument();
    expect(within(shopCard('Pottery Shop')).getByRole('status')).toHaveTextContent('Voucher applied: SAVE5');
  });
});

describe('a checkout with nothing selected', () => {
  it('sends the shopper home with the cart open on that page only: the next page does not open it again', async () => {
    stubStore();
    useCart.setState({ selectedShopIds: [] });
    useSettings.setState({ basketCanvas: false, basketCanvasByShopper: false });
    renderApp(<Checkout />, { path: '/checkout' });

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(useSettings.getState().basketCanvas).toBe(true);
    // What the shopper's next page starts from: the panel is not kept open.
    expect(JSON.parse(localStorage.getItem('settings')!).state.basketCanvas).toBe(false);

    // Their own opening is kept.
    useSettings.getState().setBasketCanvas(true);
    expect(JSON.parse(localStorage.getItem('settings')!).state.basketCanvas).toBe(true);
  });
});
