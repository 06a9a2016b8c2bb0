// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, setMessages } from '../../../client/lib/i18n.ts';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { checkoutAnswer, checkoutShop, line, shopper } from '../../test/store-fixtures.ts';
import { useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import CartPanelDialog from './cart-panel-dialog.tsx';
import { useCart } from './cart-store.ts';

const shirt = line({ id: 11, shop_id: 1, name: 'Linen Shirt', price: 20 });
const cart = { total: 1, cart_items: [{ id: 1, shop_id: 1, shop_name: 'Textile Shop', shop_rating: 4.5, products: [shirt] }], unavailable_items: [] };

beforeEach(() => {
  useAuth.setState({ user: shopper(), dialog: null });
  useCart.setState({ selectedShopIds: [], coupon_codes: {}, checkoutProducts: [] });
  useSettings.setState({ multiVendor: true, basketCanvas: true });
  stubApi({ 'GET /carts': ok(cart), 'POST /cart/checkout': ok(checkoutAnswer([checkoutShop(1, 'Textile Shop', [shirt])])) });
});

describe('the cart panel', () => {
  it('says to select the shops instead of showing zero figures beside priced lines, and shows the figures once one is ticked', async () => {
    renderApp(<CartPanelDialog />);
    const panel = await screen.findByRole('dialog', { name: 'My Cart' });
    expect(await within(panel).findByText('Linen Shirt')).toBeInTheDocument();
    expect(within(panel).getByText('Select the shops to check out')).toBeInTheDocument();
    expect(within(panel).queryByTestId('cart-figures')).not.toBeInTheDocument();
    expect(within(panel).queryByText('$0.00')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('checkbox'));
    expect(await within(panel).findByTestId('cart-figures')).toHaveTextContent('Subtotal$20.00');
    expect(within(panel).queryByText('Select the shops to check out')).not.toBeInTheDocument();
  });
});

/** The shirt's shop ticked, with a 2.00 voucher: 18.00 taxed at 15 % (decision 054). */
function taxedCheckout(taxRate: number | null) {
  const answer = checkoutAnswer([checkoutShop(1, 'Textile Shop', [shirt], 2)]);
  return { ...answer, checkout: { ...answer.checkout, order_tax_amount: 2.7, payable_amount: 20.7, tax_rate: taxRate } };
}

describe('the cart panel’s tax', () => {
  it('names what the tax is charged on, the goods less the voucher, and its rate, as checkout does', async () => {
    stubApi({ 'GET /carts': ok(cart), 'POST /cart/checkout': ok(taxedCheckout(15)) });
    renderApp(<CartPanelDialog />);
    const panel = await screen.findByRole('dialog', { name: 'My Cart' });
    await userEvent.click(await within(panel).findByRole('checkbox'));
    const figures = await within(panel).findByTestId('cart-figures');
    expect(within(figures).getByText('Tax (15% of $18.00)').nextElementSibling).toHaveTextContent('$2.70');
  });

  it('names only the taxed amount when the lines are taxed at different rates', async () => {
    stubApi({ 'GET /carts': ok(cart), 'POST /cart/checkout': ok(taxedCheckout(null)) });
    renderApp(<CartPanelDialog />);
    const panel = await screen.findByRole('dialog', { name: 'My Cart' });
    await userEvent.click(await within(panel).findByRole('checkbox'));
    const figures = await within(panel).findByTestId('cart-figures');
    expect(within(figures).getByText('Tax (on $18.00)').nextElementSibling).toHaveTextContent('$2.70');
  });
});

describe('the cart panel on an Arabic page', () => {
  afterEach(() => {
    setMessages({});
    applyDocumentLanguage('en', 'ltr');
  });

  it("shows each line's name, its size and its shop's name in their own direction", async () => {
    const glowCart = { total: 1, cart_items: [{ ...cart.cart_items[0]!, shop_name: 'Glow Beauty Co.', products: [{ ...shirt, name: 'Galaxy Book4 Pro 16"', size: { id: 2, name: 'XL.' } }] }], unavailable_items: [] };
    stubApi({ 'GET /carts': ok(glowCart) });
    applyDocumentLanguage('ar', 'rtl');
    setMessages({ 'My Cart': 'سلتي', Size: 'المقاس' });
    renderApp(<CartPanelDialog />);
    const panel = await screen.findByRole('dialog', { name: 'سلتي' });
    expect(await within(panel).findByRole('link', { name: 'Galaxy Book4 Pro 16"' })).toHaveAttribute('dir', 'auto');
    // The shop's heading, and the voucher button that names it.
    expect(within(panel).getAllByText('Glow Beauty Co.').map((name) => (name.tagName === 'BDI' ? 'bdi' : name.getAttribute('dir')))).toEqual(['auto', 'bdi']);
    expect(within(panel).getByText('المقاس:', { exact: false })).toHaveTextContent('المقاس: XL.');
    expect(within(panel).getByText('XL.').tagName).toBe('BDI');
  });

  it('names what the tax is charged on and its rate in Arabic', async () => {
    stubApi({ 'GET /carts': ok(cart), 'POST /cart/checkout': ok(taxedCheckout(15)) });
    applyDocumentLanguage('ar', 'rtl');
    setMessages({ 'My Cart': 'سلتي', 'Tax ({{rate}} of {{amount}})': 'الضريبة ({{rate}} من {{amount}})' });
    renderApp(<CartPanelDialog />);
    const panel = await screen.findByRole('dialog', { name: 'سلتي' });
    await userEvent.click(await within(panel).findByRole('checkbox'));
    const figures = await within(panel).findByTestId('cart-figures');
    expect(within(figures).getByText('الضريبة (15% من $18.00)').nextElementSibling).toHaveTextContent('$2.70');
  });
});
