import type { APIRequestContext } from '@playwright/test';
import type { ProductCard } from '../src/shared/catalog.contract.ts';
import { expect, test } from './fixtures.ts';
import { registerShopper, startSignedIn, type RegisteredShopper } from './shoppers.ts';
import { cityAndCountry } from './addresses.ts';
import { apiData, productNameIn } from './store-api.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The store's prices in its default currency (US dollars, symbol first). */
const price = (amount: number) => `$${amount.toFixed(2)}`;

async function addAddress(request: APIRequestContext, session: RegisteredShopper, name: string) {
  await apiData(request, 'POST /addresses', {
    body: {
      name,
      phone: '2025550199',
      area: 'Downtown',
      flat_no: '4B',
      address_type: 'home',
      address_line: '12 Market Street',
      post_code: '94105',
      ...(await cityAndCountry(request)),
      is_default: true,
    },
    authorization: session.authorization,
  });
}

/** In-stock products that need no colour or size choice, one per shop, so each test buys its own. */
async function simpleProducts(request: APIRequestContext): Promise<ProductCard[]> {
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest' } });
  const byShop = new Map<number, ProductCard>();
  for (const card of products) {
    if (card.colors.length === 0 && card.sizes.length === 0 && card.quantity >= 10 && !byShop.has(card.shop.id)) byShop.set(card.shop.id, card);
  }
  expect(byShop.size, 'the seed has simple products in three shops').toBeGreaterThanOrEqual(3);
  return [...byShop.values()];
}

/** A product whose shop has a voucher that a few units of it unlock, and how many units that takes. */
async function productWithVoucher(request: APIRequestContext, session: RegisteredShopper, products: ProductCard[]) {
  for (const product of products) {
    const { coupons } = await apiData(request, 'GET /get-vouchers', { query: { shop_id: product.shop.id }, authorization: session.authorization });
    const unit = product.discount_price > 0 ? product.discount_price : product.price;
    for (const voucher of coupons) {
      const quantity = Math.max(1, Math.ceil(voucher.min_order_amount / unit));
      if (quantity <= Math.min(4, product.quantity - 1)) return { product, voucher, quantity };
    }
  }
  throw new Error('the seed has no voucher a few units of one product unlock');
}

const stockOf = async (request: APIRequestContext, productId: number) => (await apiData(request, 'GET /products/:id', { params: { id: productId } })).product.quantity;

async function addToCart(request: APIRequestContext, session: RegisteredShopper, card: ProductCard, quantity: number, isBuyNow = false) {
  await apiData(request, 'POST /cart/store', {
    body: { product_id: card.id, quantity, color: null, size: null, unit: card.unit, is_buy_now: isBuyNow },
    authorization: session.authorization,
  });
}

const ordersOf = async (request: APIRequestContext, session: RegisteredShopper) => (await apiData(request, 'GET /orders', { authorization: session.authorization })).orders;
const cartOf = (request: APIRequestContext, session: RegisteredShopper) => apiData(request, 'GET /carts', { authorization: session.authorization });

test.describe('checkout', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test.describe('from the cart', () => {
    // The refused voucher code is a 422 answer, which the browser logs as a failed resource.
    test.use({ allowedBrowserErrors: [/status of 422/] });

    test('two shops take a voucher each, and a code under the wrong shop is refused under that shop', async ({ page, request }) => {
      const session = await registerShopper(request, 'Two Voucher Shopper');
      const products = await simpleProducts(request);
      const first = await productWithVoucher(request, session, products);
      const second = await productWithVoucher(request, session, products.filter((card) => card.shop.id !== first.product.shop.id));
      await addToCart(request, session, first.product, first.quantity);
      await addToCart(request, session, second.product, second.quantity);
      await addAddress(request, session, 'Dana Home');
      const shopIds = [first.product.shop.id, second.product.shop.id];
      const expected = await apiData(request, 'POST /cart/checkout', {
        body: { shop_ids: shopIds, coupon_codes: { [first.product.shop.id]: first.voucher.code, [second.product.shop.id]: second.voucher.code } },
        authorization: session.authorization,
      });
      const discountOf = (shopId: number) => expected.checkout_items.find((group) => group.shop_id === shopId)!.coupon_discount;

      await startSignedIn(page, session);
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: /My Cart/ }).click();
      const panel = page.getByRole('dialog', { name: 'My Cart' });
      for (const { product } of [first, second]) await panel.getByRole('checkbox', { name: new RegExp(escape(product.shop.name)) }).check();
      await panel.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      const firstShop = page.getByRole('article', { name: first.product.shop.name });
      const secondShop = page.getByRole('article', { name: second.product.shop.name });

      // The first shop's code typed under the second shop is refused there, and nowhere else.
      await secondShop.getByRole('textbox', { name: /Voucher code/ }).fill(first.voucher.code);
      await secondShop.getByRole('button', { name: 'Apply' }).click();
      await expect(secondShop.getByText('This voucher is not valid for this shop.')).toBeVisible();
      await expect(firstShop.getByText('This voucher is not valid for this shop.')).toHaveCount(0);

      await firstShop.getByRole('textbox', { name: /Voucher code/ }).fill(first.voucher.code);
      await firstShop.getByRole('button', { name: 'Apply' }).click();
      await expect(firstShop.getByRole('status')).toContainText(first.voucher.code);
      await expect(firstShop.getByTestId('shop-voucher-discount')).toHaveText(`You save ${price(discountOf(first.product.shop.id))}`);
      await secondShop.getByRole('textbox', { name: /Voucher code/ }).fill(second.voucher.code);
      await secondShop.getByRole('button', { name: 'Apply' }).click();
      await expect(secondShop.getByText('This voucher is not valid for this shop.')).toHaveCount(0);
      await expect(secondShop.getByRole('status')).toContainText(second.voucher.code);
      await expect(secondShop.getByTestId('shop-voucher-discount')).toHaveText(`You save ${price(discountOf(second.product.shop.id))}`);
      await expect(firstShop.getByRole('status')).toContainText(first.voucher.code);
      await expect(page.getByTestId('payable-amount')).toHaveText(price(expected.checkout.payable_amount));

      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('dialog', { name: 'Order placed' }).getByRole('link', { name: /^Order #/ })).toHaveCount(2);
      // Each shop's order carries its own voucher's discount.
      const orders = await ordersOf(request, session);
      const placed = await Promise.all(orders.map((order) => apiData(request, 'GET /orders/:id', { params: { id: String(order.id) }, authorization: session.authorization })));
      expect(placed.map(({ order }) => [order.shop.id, order.coupon_discount]).sort()).toEqual(shopIds.map((shopId) => [shopId, discountOf(shopId)]).sort());
    });

    test('a shop of the cart is ordered cash on delivery, shows in Order History, and cancelling it puts the stock back', async ({ page, request }) => {
      const session = await registerShopper(request, 'Checkout Shopper');
      const products = await simpleProducts(request);
      const { product, voucher, quantity } = await productWithVoucher(request, session, products);
      const other = products.find((card) => card.shop.id !== product.shop.id)!;
      const stockBefore = await stockOf(request, product.id);
      await addToCart(request, session, product, quantity);
      await addToCart(request, session, other, 1);
      await addAddress(request, session, 'Dana Home');
      const priced = (coupon_code?: string) =>
        apiData(request, 'POST /cart/checkout', { body: { shop_ids: [product.shop.id], coupon_code }, authorization: session.authorization });
      const plain = await priced();
      const expected = await priced(voucher.code);
      expect(expected.checkout.coupon_discount).toBeGreaterThan(0);

      await startSignedIn(page, session);
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: /My Cart/ }).click();
      const panel = page.getByRole('dialog', { name: 'My Cart' });
      await panel.getByRole('checkbox', { name: new RegExp(escape(product.shop.name)) }).check();
      await panel.getByRole('button', { name: 'Checkout' }).click();

      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByTestId('shipping-address')).toContainText('Dana Home');
      const shops = page.getByTestId('checkout-shop');
      await expect(shops).toHaveCount(1);
      await expect(shops.getByRole('link', { name: product.name })).toBeVisible();
      await expect(page.getByRole('link', { name: other.name })).toHaveCount(0);
      await expect(page.getByTestId('payable-amount')).toHaveText(price(plain.checkout.payable_amount));

      // A code the store does not know is refused under its field; the shop's own voucher applies.
      const code = shops.getByRole('textbox', { name: /Voucher code/ });
      await code.fill('NO-SUCH-CODE');
      await shops.getByRole('button', { name: 'Apply' }).click();
      await expect(shops.getByText('This voucher code is not valid')).toBeVisible();
      await code.fill(voucher.code);
      await shops.getByRole('button', { name: 'Apply' }).click();
      await expect(shops.getByRole('status')).toContainText(voucher.code);
      await expect(page.getByTestId('payable-amount')).toHaveText(price(expected.checkout.payable_amount));

      // The store offers cash on delivery only: it is chosen already.
      await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
      await page.getByRole('textbox', { name: 'Note' }).fill('Please ring twice.');
      await page.getByRole('button', { name: 'Place Order' }).click();

      const confirm = page.getByRole('dialog', { name: 'Order placed' });
      await expect(confirm).toBeVisible();
      const orderLink = confirm.getByRole('link', { name: /^Order #/ });
      await expect(orderLink).toHaveCount(1);
      const orderNumber = (await orderLink.textContent())!.replace('Order #', '').trim();

      // The ordered lines left the cart, the other shop's line stayed; the stock went down.
      const cart = await cartOf(request, session);
      expect(cart.cart_items.flatMap((group) => group.products.map((line) => line.id))).toEqual([other.id]);
      // Product pages are cached for a few seconds: the new stock shows once the cached page expires.
      await expect.poll(() => stockOf(request, product.id), { timeout: 10_000 }).toBe(stockBefore - quantity);

      await confirm.getByRole('link', { name: 'Order History' }).click();
      await expect(page).toHaveURL(/\/order-history$/);
      const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
      await expect(row).toContainText(price(expected.checkout.payable_amount));
      await expect(row).toContainText(product.shop.name);
      await expect(row.getByTestId('order-status')).toHaveText('Pending');
      await expect(page.getByRole('navigation', { name: 'Order Status' }).getByRole('link', { name: /Pending/ })).toContainText('1');

      await row.getByRole('link', { name: `Order #${orderNumber}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Order #${escape(orderNumber)}`) })).toBeVisible();
      await expect(page.getByTestId('purchase-line')).toContainText(product.name);
      await expect(page.getByText('Please ring twice.')).toBeVisible();
      await expect(page.getByTestId('payable-amount')).toHaveText(price(expected.checkout.payable_amount));

      await page.getByRole('button', { name: 'Cancel Order' }).click();
      const ask = page.getByRole('dialog', { name: 'Cancel Order' });
      await ask.getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect(page.getByText('Order cancelled successfully')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).getByTestId('order-status')).toHaveText('Cancelled');
      await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
      await expect.poll(() => stockOf(request, product.id), { timeout: 10_000 }).toBe(stockBefore);

      await page.getByRole('link', { name: 'Back to Order History' }).click();
      await page.getByRole('navigation', { name: 'Order Status' }).getByRole('link', { name: /Cancelled/ }).click();
      await expect(page).toHaveURL(/status=cancelled/);
      await expect(page.getByTestId('order-row').filter({ hasText: orderNumber })).toBeVisible();
    });
  });

  test('Buy Now orders one product on its own and leaves the cart alone', async ({ page, request }) => {
    const session = await registerShopper(request, 'Checkout Shopper');
    const products = await simpleProducts(request);
    const [inCart, bought] = [products[2]!, products[1]!];
    await addToCart(request, session, inCart, 1);
    await addAddress(request, session, 'Sam Office');
    const stockBefore = await stockOf(request, bought.id);

    await startSignedIn(page, session);
    await page.goto(`/products/${bought.id}/details`);
    await page.getByTestId('product-summary').getByRole('button', { name: 'Buy Now' }).click();

    await expect(page).toHaveURL(/\/buynow$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Now' })).toBeVisible();
    await expect(page.getByTestId('checkout-shop').getByRole('link', { name: bought.name })).toBeVisible();
    await expect(page.getByRole('link', { name: inCart.name })).toHaveCount(0);
    await expect(page.getByTestId('shipping-address')).toContainText('Sam Office');
    // The only payment method is chosen already: Place Order needs no other click.
    await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    await page.getByRole('button', { name: 'Place Order' }).click();

    const confirm = page.getByRole('dialog', { name: 'Order placed' });
    await expect(confirm).toBeVisible();
    const orderNumber = (await confirm.getByRole('link', { name: /^Order #/ }).textContent())!.replace('Order #', '').trim();

    const orders = await ordersOf(request, session);
    expect(orders.map((order) => [order.order_number, order.status, order.total_items])).toEqual([[orderNumber, 'pending', 1]]);
    await expect.poll(() => stockOf(request, bought.id), { timeout: 10_000 }).toBe(stockBefore - 1);
    const cart = await cartOf(request, session);
    expect(cart.cart_items.flatMap((group) => group.products.map((line) => line.id))).toEqual([inCart.id]);

    await confirm.getByRole('link', { name: 'Order History' }).click();
    await expect(page.getByTestId('order-row').filter({ hasText: orderNumber })).toBeVisible();
  });

  test('the dashboard counts orders by status', async ({ page, request }) => {
    const session = await registerShopper(request, 'Checkout Shopper');
    const product = (await simpleProducts(request))[0]!;
    await startSignedIn(page, session);
    await page.goto('/dashboard');
    await expect(page.getByTestId('status-count-all')).toHaveText('0');
    await expect(page.getByText('You have no orders yet')).toBeVisible();

    await addToCart(request, session, product, 1);
    await addAddress(request, session, 'Lee Home');
    const { addresses } = await apiData(request, 'GET /addresses', { authorization: session.authorization });
    await apiData(request, 'POST /place-order', {
      body: { shop_ids: [product.shop.id], address_id: addresses[0]!.id, payment_method: 'cash' },
      authorization: session.authorization,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });

    await page.reload();
    await expect(page.getByTestId('status-count-all')).toHaveText('1');
    await expect(page.getByTestId('status-count-pending')).toHaveText('1');
    await expect(page.getByTestId('status-count-delivered')).toHaveText('0');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
  });

  test.describe('back from an online payment', () => {
    test.use({ allowedBrowserErrors: [/status of 404/] });

    test('a cancelled payment the store does not know is reported, and the shopper lands on Order History', async ({ page, request }) => {
      const session = await registerShopper(request, 'Checkout Shopper');
      await startSignedIn(page, session);
      await page.goto('/checkout?payment=cancelled&payment_id=987654');
      await expect(page.getByText('Payment not found')).toBeVisible();
      await expect(page).toHaveURL(/\/order-history$/);
      await expect(page.getByText('You have no orders yet')).toBeVisible();
    });
  });

  test('a visitor is asked to log in before checking out', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByText('Please log in to place your order.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test.describe('in Arabic', () => {
    test('the checkout reads right to left and an order is placed, found and cancelled', async ({ page, request }) => {
      const session = await registerShopper(request, 'Checkout Shopper');
      const product = (await simpleProducts(request))[0]!;
      await addToCart(request, session, product, 1);
      await addAddress(request, session, 'Rana Home');
      const messages = (await (await request.get('/api/lang/ar')).json()) as Record<string, string>;

      await startSignedIn(page, session, {
        settings: { state: { locale: 'ar', langDirection: 'rtl' }, version: 1 },
        cart: { state: { selectedShopIds: [product.shop.id] }, version: 1 },
      });
      await page.goto('/checkout');

      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: messages['Checkout'] })).toBeVisible();
      const placeOrder = page.getByRole('button', { name: messages['Place Order'] });
      await expect(placeOrder).toBeVisible();
      await expect(page.getByRole('heading', { name: messages['Shipping Address'] })).toBeVisible();
      await expect(page.getByTestId('checkout-shop').getByRole('link', { name: await productNameIn(request, product.id, 'ar') })).toBeVisible();

      // The summary, the second column, sits on the left in right-to-left.
      const summary = await page.getByRole('complementary', { name: messages['Order Summary'] }).boundingBox();
      const address = await page.getByTestId('shipping-address').boundingBox();
      expect(summary!.x).toBeLessThan(address!.x);

      // The whole order in Arabic: cash on delivery, the confirmation, Order History, cancelling.
      const stockBefore = await stockOf(request, product.id);
      // The payment method is named in Arabic too (the store's translation of its title).
      await expect(page.getByRole('radio', { name: 'الدفع عند الاستلام' })).toBeChecked();
      await placeOrder.click();
      const confirm = page.getByRole('dialog', { name: messages['Order placed'] });
      await expect(confirm).toBeVisible();
      const orders = await ordersOf(request, session);
      const placed = orders[0]!;
      await confirm.getByRole('link', { name: messages['Order History'] }).click();
      const row = page.getByTestId('order-row').filter({ hasText: placed.order_number });
      await expect(row.getByTestId('order-status')).toHaveText(messages['Pending']!);
      await expect(row).toContainText(price(placed.payable_amount));
      await row.getByRole('link', { name: new RegExp(escape(placed.order_number)) }).click();
      await page.getByRole('button', { name: messages['Cancel Order'] }).click();
      await page.getByRole('dialog', { name: messages['Cancel Order'] }).getByRole('button', { name: messages['Yes, cancel it'] }).click();
      await expect(page.getByRole('heading', { level: 1 }).getByTestId('order-status')).toHaveText(messages['Cancelled']!);
      await expect.poll(() => stockOf(request, product.id), { timeout: 10_000 }).toBe(stockBefore);
    });
  });
});

test.describe('checkout on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('after Place Order at the foot of the page, the confirmation sits over the order page, not over the footer', async ({ page, request }) => {
    const session = await registerShopper(request, 'Phone Shopper');
    const [bought] = await simpleProducts(request);
    await addAddress(request, session, 'Sam Phone');
    await startSignedIn(page, session);
    await page.goto(`/products/${bought!.id}/details`);
    await page.getByTestId('product-summary').getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByTestId('shipping-address')).toContainText('Sam Phone');
    await page.getByRole('button', { name: 'Place Order' }).click();

    const confirm = page.getByRole('dialog', { name: 'Order placed' });
    await expect(confirm.getByRole('link', { name: /^Order #/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Behind it, the page that says the order is placed, in view; the footer below the screen.
    const heading = await page.locator('h1', { hasText: 'Order placed' }).boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(0);
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(844);
    const dialog = await confirm.boundingBox();
    const footer = await page.locator('footer').first().boundingBox();
    expect(footer!.y).toBeGreaterThanOrEqual(dialog!.y + dialog!.height);
  });
});
