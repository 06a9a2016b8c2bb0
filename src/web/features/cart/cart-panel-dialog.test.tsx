// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
