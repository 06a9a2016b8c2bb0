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
});
