import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ProductCard } from '../src/shared/catalog.contract.ts';
import { expect, test, toast } from './fixtures.ts';
import { adminAuthorization, registerShopper, startSignedIn, type RegisteredShopper } from './shoppers.ts';
import { apiData, productNameIn } from './store-api.ts';

type Shopper = RegisteredShopper;

/** Two products in stock from two shops, the first shop with vouchers; products without colour or size first. */
async function twoProductsFromTwoShops(request: APIRequestContext, shopper: Shopper): Promise<[ProductCard, ProductCard]> {
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100 } });
  const inStock = products
    .filter((product) => product.quantity >= 5)
    .sort((a, b) => a.colors.length + a.sizes.length - (b.colors.length + b.sizes.length));
  for (const first of inStock) {
    const { coupons } = await apiData(request, 'GET /get-vouchers', { query: { shop_id: first.shop.id }, authorization: shopper.authorization });
    if (coupons.length === 0) continue;
    const second = inStock.find((product) => product.shop.id !== first.shop.id);
    if (second) return [first, second];
  }
  throw new Error('the seed has no two shops with products in stock and vouchers');
}

async function addThroughApi(request: APIRequestContext, shopper: Shopper, product: ProductCard) {
  await apiData(request, 'POST /cart/store', {
    body: { product_id: product.id, quantity: 1, color: product.colors[0]?.id ?? null, size: product.sizes[0]?.id ?? null, unit: product.unit },
    authorization: shopper.authorization,
  });
}

/** Signs the browser in the way the storefront keeps a session (docs/product/storefront.md §3 auth state), optionally in another language. */
async function openSignedIn(page: Page, shopper: Shopper, settings?: { locale: string; langDirection: 'ltr' | 'rtl' }) {
  await startSignedIn(page, shopper, settings ? { settings: { state: settings, version: 1 } } : {});
  await page.goto('/');
}

async function addFromProductPage(page: Page, product: ProductCard, quantity = 1) {
  await page.goto(`/products/${product.id}/details`);
  const summary = page.getByTestId('product-summary');
  await expect(summary.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  for (const choice of ['Color', 'Size']) {
    const group = summary.getByRole('group', { name: choice });
    if ((await group.count()) > 0) await group.locator('label').first().click();
  }
  for (let more = 1; more < quantity; more++) await summary.getByRole('button', { name: 'Increase quantity' }).click();
  await summary.getByRole('button', { name: 'Add to Cart' }).click();
}

/** The account's cart as the API has it: product, quantity, colour and size of each line. */
async function cartLines(request: APIRequestContext, shopper: Shopper) {
  const { cart_items } = await apiData(request, 'GET /carts', { authorization: shopper.authorization });
  return cart_items
    .flatMap((group) => group.products)
    .map((line) => ({ id: line.id, quantity: line.quantity, color: line.color?.id ?? null, size: line.size?.id ?? null }))
    .sort((a, b) => a.id - b.id);
}

const price = (amount: number) => `$${amount.toFixed(2)}`;
const cartButton = (page: Page, name: string | RegExp = /^My Cart/) => page.getByRole('banner').getByRole('button', { name });
const cartPanel = (page: Page, name = 'My Cart') => page.getByRole('dialog', { name });
const lineOf = (panel: Locator, product: ProductCard) => panel.getByTestId('cart-line').filter({ hasText: product.name });

test.describe('cart', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a line whose product is taken off sale is set apart, named and out of the count, until the shopper removes it', async ({ page, request }) => {
    const shopper = await registerShopper(request, 'Withdrawn Line');
    const [kept] = await twoProductsFromTwoShops(request, shopper);
    const admin = await adminAuthorization(request);
    const { categories } = await apiData(request, 'GET /categories');
    // One unit, ranked last: the other tests, which look for products with stock to spare, never pick it while it is on sale.
    const sku = `E2E-WITHDRAWN-${Date.now()}`;
    const { product } = await apiData(request, 'POST /console/products', {
      authorization: admin,
      body: { name: `Withdrawn Vase ${sku}`, category_id: categories[0]!.id, shop_id: kept.shop.id, status: 'active', sku, price: 12, variants: [{ sku: `${sku}-1`, stock: 1 }] },
    });
    await apiData(request, 'POST /cart/store', { body: { product_id: product.id, quantity: 1 }, authorization: shopper.authorization });
    await addThroughApi(request, shopper, kept);
    await apiData(request, 'PATCH /console/products/:id', { params: { id: String(product.id) }, body: { status: 'draft' }, authorization: admin });

    await openSignedIn(page, shopper);
    await cartButton(page).click();
    const panel = cartPanel(page);
    await expect(lineOf(panel, kept)).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 1');
    const apart = panel.getByRole('region', { name: 'No longer available' });
    await expect(apart.getByTestId('cart-unavailable-line')).toHaveText([new RegExp(`Withdrawn Vase ${sku}`)]);
    await apart.getByRole('button', { name: `Remove Withdrawn Vase ${sku}` }).click();
    await expect(apart).toHaveCount(0);
    await expect(lineOf(panel, kept)).toBeVisible();
    expect((await apiData(request, 'GET /carts', { authorization: shopper.authorization })).unavailable_items).toEqual([]);
  });

  test('a visitor is asked to log in first; the login finishes the add, beside the cart the account had', async ({ page, request }) => {
    const shopper = await registerShopper(request, 'Cart Tester');
    const [product, inCart] = await twoProductsFromTwoShops(request, shopper);
    await addThroughApi(request, shopper, inCart);

    await addFromProductPage(page, product, 2);
    await expect(toast(page, 'Please login first!')).toBeVisible();
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 0');

    await login.getByLabel('Phone or Email').fill(shopper.email);
    await login.getByLabel('Password').fill(shopper.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login).toBeHidden();
    // The cart the account already had, and the product the visitor chose, with its options and quantity, once.
    await expect(toast(page, 'has been added to cart').filter({ hasText: product.name })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 2');
    expect(await cartLines(request, shopper)).toEqual(
      [
        { id: product.id, quantity: 2, color: product.colors[0]?.id ?? null, size: product.sizes[0]?.id ?? null },
        { id: inCart.id, quantity: 1, color: inCart.colors[0]?.id ?? null, size: inCart.sizes[0]?.id ?? null },
      ].sort((a, b) => a.id - b.id),
    );
    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 2');
    expect((await cartLines(request, shopper)).find((line) => line.id === product.id)?.quantity).toBe(2);
  });

  test('a visitor who closes the login dialog has nothing added by a later login', async ({ page, request }) => {
    const shopper = await registerShopper(request, 'Cart Tester');
    const [product, inCart] = await twoProductsFromTwoShops(request, shopper);
    await addThroughApi(request, shopper, inCart);

    await addFromProductPage(page, product);
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(login).toBeHidden();

    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await login.getByLabel('Phone or Email').fill(shopper.email);
    await login.getByLabel('Password').fill(shopper.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login).toBeHidden();
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 1');
    await cartButton(page).click();
    await expect(lineOf(cartPanel(page), inCart)).toBeVisible();
    await expect(lineOf(cartPanel(page), product)).toHaveCount(0);
    await expect(toast(page, 'has been added to cart')).toHaveCount(0);
    expect((await cartLines(request, shopper)).map((line) => line.id)).toEqual([inCart.id]);
  });

  test('a shopper fills the cart from two shops, edits it, collects a voucher and prices a shop', async ({ page, request }) => {
    test.slow();
    const shopper = await registerShopper(request, 'Cart Tester');
    const [first, second] = await twoProductsFromTwoShops(request, shopper);
    await openSignedIn(page, shopper);

    // Added: a toast bottom-left with the product and a way to the cart.
    await addFromProductPage(page, first);
    const added = toast(page, 'has been added to cart').filter({ hasText: first.name });
    await expect(added).toBeVisible();
    const box = (await added.boundingBox())!;
    expect(box.x, 'the toast sits at the left').toBeLessThan(640 - box.width / 2);
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 1');
    await added.getByRole('button', { name: 'View In Cart' }).click();
    const panel = cartPanel(page);
    await expect(panel).toBeVisible();
    await expect(lineOf(panel, first)).toBeVisible();
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel).toBeHidden();

    await addFromProductPage(page, second);
    await expect(toast(page, 'has been added to cart').filter({ hasText: second.name })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 2');
    await expect(page.getByRole('button', { name: /My Cart.*2 Items/ })).toBeVisible();

    await cartButton(page).click();
    await expect(panel.getByTestId('cart-shop')).toHaveCount(2);

    // Checkout needs a selected shop.
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(toast(page, 'Please select at least one shop')).toBeVisible();

    // Quantity +1 on the first line.
    const firstLine = lineOf(panel, first);
    await firstLine.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(firstLine.getByRole('status')).toHaveText('2');

    // Removed, then added back from the toast (which stays clickable above the open panel).
    await lineOf(panel, second).getByRole('button', { name: `Remove ${second.name}` }).click();
    await expect(lineOf(panel, second)).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 1');
    const removed = toast(page, 'has been remove to cart').filter({ hasText: second.name });
    await removed.getByRole('button', { name: 'Again Add to Cart' }).click();
    await expect(lineOf(panel, second).getByRole('status')).toHaveText('1');
    await expect(cartButton(page)).toHaveAccessibleName('My Cart 2');

    // The first shop's vouchers: collect one, once.
    await panel.getByRole('button', { name: `Vouchers ${first.shop.name}` }).click();
    const vouchers = page.getByRole('dialog', { name: `${first.shop.name} Vouchers` });
    const voucher = vouchers.getByTestId('voucher').first();
    await voucher.getByRole('button', { name: 'Collect', exact: true }).click();
    await expect(toast(page, 'Voucher collected successfully')).toBeVisible();
    await expect(voucher.getByRole('button', { name: 'Collected' })).toBeDisabled();
    await vouchers.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(vouchers).toBeHidden();

    // Selecting the first shop shows its figures, as the store prices them.
    await panel.getByRole('checkbox', { name: first.shop.name }).check();
    const expected = await apiData(request, 'POST /cart/checkout', { body: { shop_ids: [first.shop.id] }, authorization: shopper.authorization });
    const figures = panel.getByTestId('cart-figures');
    await expect(figures.getByRole('definition').first()).toHaveText(price(expected.checkout.total_amount));
    await expect(figures.getByRole('definition').last()).toHaveText(price(expected.checkout.payable_amount));

    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(panel).toBeHidden();
  });

  test.describe('with a session that has ended on the server', () => {
    test.use({ allowedBrowserErrors: [/status of 401/] });

    test("a shop's vouchers say so, clear the session and send the shopper home", async ({ page, request }) => {
      const shopper = await registerShopper(request, 'Cart Tester');
      const [product] = await twoProductsFromTwoShops(request, shopper);
      await openSignedIn(page, shopper);
      await page.goto(`/shops/${product.shop.id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.shop.name })).toBeVisible();
      // The session ends on the server just as the vouchers are asked for: ended any earlier, whatever
      // the page asks in the background meanwhile (a 401 there signs the shopper out without a word)
      // would be first to find out.
      await page.route('**/api/get-vouchers?**', async (route) => {
        const logout = await request.get('/api/logout', { headers: { Authorization: shopper.authorization, Accept: 'application/json' } });
        expect(logout.ok(), 'logout on the server').toBe(true);
        await route.continue();
      });

      await page.getByRole('button', { name: `Vouchers ${product.shop.name}` }).click();
      await expect(toast(page, 'Unauthenticated.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    });
  });

  test('in Arabic the panel opens from the left and a line decremented to none is toasted bottom-right', async ({ page, request }) => {
    const shopper = await registerShopper(request, 'Cart Tester');
    const [product] = await twoProductsFromTwoShops(request, shopper);
    await addThroughApi(request, shopper, product);
    const ar = (await (await request.get('/api/lang/ar')).json()) as Record<string, string>;
    await openSignedIn(page, shopper, { locale: 'ar', langDirection: 'rtl' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await cartButton(page, new RegExp(`^${ar['My Cart']}`)).click();
    const panel = cartPanel(page, ar['My Cart']);
    // The line names the product in Arabic.
    const line = panel.getByTestId('cart-line').filter({ hasText: await productNameIn(request, product.id, 'ar') });
    await expect(line).toBeVisible();
    // Slid in: flush with the left edge.
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);

    // Down from one to none: the line goes, with the removed toast.
    await line.getByRole('button', { name: ar['Decrease quantity'] }).click();
    await expect(panel.getByText(ar['Cart is empty']!)).toBeVisible();
    const removed = toast(page, ar['has been remove to cart']!);
    await expect(removed).toBeVisible();
    const box = (await removed.boundingBox())!;
    expect(box.x + box.width, 'the toast sits at the right').toBeGreaterThan(1280 - 100);
  });
});
