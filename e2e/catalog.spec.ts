import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { z } from 'zod';
import type { ProductCard, productListQuerySchema } from '../src/shared/catalog.contract.ts';
import { expect, test } from './fixtures.ts';
import { startWithStored } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** The products of the running API's listing (the tests follow the seed). */
const productList = (request: APIRequestContext, query: z.input<typeof productListQuerySchema>) => apiData(request, 'GET /products', { query });

/** The first product, page by page, that satisfies `test`. */
async function findProduct(request: APIRequestContext, test: (card: ProductCard) => boolean): Promise<ProductCard> {
  for (let page = 1; page <= 10; page += 1) {
    const list = await productList(request, { per_page: 100, page });
    const found = list.products.find(test);
    if (found) return found;
    if (page * 100 >= list.total) break;
  }
  throw new Error('the seed has no such product');
}

/** Searches from the header of the storefront in `locale`: the page's main part once the results are asked for. */
async function searchInLanguage(page: Page, request: APIRequestContext, locale: 'ar' | 'ir', search: string): Promise<Locator> {
  const t = (await (await request.get(`/api/lang/${locale}`)).json()) as Record<string, string>;
  await startWithStored(page, { settings: { state: { locale, langDirection: 'rtl' }, version: 1 } });
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('searchbox', { name: t['Search products'] });
  await box.fill(search);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/products' && url.searchParams.get('search') === search);
  return page.getByRole('main');
}

const resultCount = (page: Page) => page.getByText(/^(\d+ products|1 product) found$/);
const countText = (total: number) => (total === 1 ? '1 product found' : `${total} products found`);

test.describe('catalog', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a search from the header lands on /products with results and keeps the text', async ({ page, request }) => {
    const [product] = (await productList(request, { per_page: 1, sort_type: 'top_selling' })).products;
    expect(product, 'the seed has products').toBeDefined();
    const search = product!.name;

    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await box.fill(search);
    await box.press('Enter');

    await expect(page).toHaveURL((url) => url.pathname === '/products' && url.searchParams.get('search') === search);
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${search}”` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: search }).first()).toBeVisible();
    await expect(box).toHaveValue(search);

    // The URL holds the search: a reload shows the same results and the same text.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${search}”` })).toBeVisible();
    await expect(box).toHaveValue(search);
  });

  test('a brand filter narrows the results and survives a reload', async ({ page, request }) => {
    const all = await productList(request, { per_page: 1 });
    const brand = all.filters.brands[0];
    expect(brand, 'the seed has brands').toBeDefined();
    const narrowed = await productList(request, { per_page: 1, brand_id: brand!.id });
    expect(narrowed.total).toBeLessThan(all.total);

    await page.goto('/products');
    await expect(resultCount(page)).toHaveText(countText(all.total));
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const brandButton = filters.getByRole('button', { name: brand!.name, exact: true });
    await brandButton.click();

    await expect(page).toHaveURL(new RegExp(`[?&]brand_id=${brand!.id}(&|$)`));
    await expect(resultCount(page)).toHaveText(countText(narrowed.total));
    await expect(brandButton).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(resultCount(page)).toHaveText(countText(narrowed.total));
    await expect(brandButton).toHaveAttribute('aria-pressed', 'true');

    // Removing the filter's chip brings every product back.
    await page.getByRole('button', { name: `Remove filter: ${brand!.name}` }).click();
    await expect(resultCount(page)).toHaveText(countText(all.total));
    await expect(page).not.toHaveURL(/brand_id=/);
  });

  test('pagination moves to page 2 and Back returns to page 1', async ({ page, request }) => {
    const [first] = (await productList(request, { per_page: 10, page: 1 })).products;
    const [second] = (await productList(request, { per_page: 10, page: 2 })).products;

    await page.goto('/products');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('Page 1');
    const main = page.getByRole('main');
    await expect(main.getByRole('listitem').getByRole('link', { name: first!.name }).first()).toBeVisible();

    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('Page 2');
    await expect(main.getByRole('listitem').getByRole('link', { name: second!.name }).first()).toBeVisible();

    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('Page 1');
    await expect(main.getByRole('listitem').getByRole('link', { name: first!.name }).first()).toBeVisible();
  });

  test('a page past the end of the products says so and leads back to the first page', async ({ page, request }) => {
    const { total, products } = await productList(request, { per_page: 10 });
    await page.goto('/products?page=999');
    await expect(resultCount(page)).toHaveText(countText(total));
    await expect(page.getByText('No products on this page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/products' && url.search === '');
    await expect(page.getByRole('main').getByRole('listitem').getByRole('link', { name: products[0]!.name }).first()).toBeVisible();
  });

  test('Recommended and Newest list the products in different orders', async ({ page, request }) => {
    const [recommended] = (await productList(request, { per_page: 1 })).products;
    const [newest] = (await productList(request, { per_page: 1, sort_type: 'newest' })).products;
    expect(recommended!.id).not.toBe(newest!.id);

    await page.goto('/products');
    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option:checked')).toHaveText('Recommended');
    await expect(sort.locator('option', { hasText: 'Just For You' })).toHaveCount(0);
    const firstCard = page.getByRole('main').getByRole('article').first();
    await expect(firstCard).toContainText(recommended!.name);
    await sort.selectOption('newest');
    await expect(page).toHaveURL(/[?&]sort_type=newest(&|$)/);
    await expect(firstCard).toContainText(newest!.name);
  });

  test('product details show the price rules', async ({ page, request }) => {
    const discounted = await findProduct(request, (card) => card.discount_price > 0);
    await page.goto(`/products/${discounted.id}/details`);
    await expect(page.getByRole('heading', { level: 1, name: discounted.name })).toBeVisible();
    const price = page.getByTestId('product-price');
    await expect(price).toContainText(`$${discounted.discount_price.toFixed(2)}`);
    await expect(price.locator('del')).toContainText(`$${discounted.price.toFixed(2)}`);
    await expect(price.getByText(/% OFF$/)).toBeVisible();
    const productTitle = new RegExp(`^${discounted.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `);
    await expect(page).toHaveTitle(productTitle);
    // Coming back to the page with its data cached, the product's name still wins over the route's title.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).not.toHaveTitle(productTitle);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: discounted.name })).toBeVisible();
    await expect(page).toHaveTitle(productTitle);

    const regular = await findProduct(request, (card) => card.discount_price === 0);
    await page.goto(`/products/${regular.id}/details`);
    await expect(page.getByRole('heading', { level: 1, name: regular.name })).toBeVisible();
    await expect(page.getByTestId('product-price')).toContainText(`$${regular.price.toFixed(2)}`);
    await expect(page.getByTestId('product-price').locator('del')).toHaveCount(0);
  });

  test('an out-of-stock product cannot be added to the cart', async ({ page, request }) => {
    const soldOut = await findProduct(request, (card) => card.quantity === 0);
    await page.goto(`/products/${soldOut.id}/details`);
    const summary = page.getByTestId('product-summary');
    await expect(summary.getByText('Out of stock')).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await expect(summary.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  test('Add to Cart without a size asks for one', async ({ page, request }) => {
    const sized = await findProduct(request, (card) => card.sizes.length > 0 && card.quantity > 0);
    await page.goto(`/products/${sized.id}/details`);
    const summary = page.getByTestId('product-summary');
    await summary.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(summary.getByText('Please select a size')).toBeVisible();

    // The radio is drawn by its label, which the shopper clicks.
    const sizes = summary.getByRole('group', { name: 'Size' });
    await sizes.getByText(sized.sizes[0]!.name, { exact: true }).click();
    await expect(sizes.getByRole('radio', { name: sized.sizes[0]!.name, exact: true })).toBeChecked();
    await expect(summary.getByText('Please select a size')).toHaveCount(0);
  });

  test('the product page mirrors in Arabic', async ({ page, request }) => {
    const product = await findProduct(request, (card) => card.quantity > 0);
    await page.goto(`/products/${product.id}/details`);
    const gallery = page.getByTestId('product-gallery');
    const summary = page.getByTestId('product-summary');
    await expect(summary).toBeVisible();
    const ltrGallery = (await gallery.boundingBox())!;
    const ltrSummary = (await summary.boundingBox())!;
    expect(ltrGallery.x).toBeLessThan(ltrSummary.x);

    await page.getByRole('button', { name: /Language/ }).click();
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'العربية' }).click();
    await reloaded;

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(summary.getByRole('button', { name: 'أضف إلى السلة' })).toBeVisible();
    const rtlGallery = (await gallery.boundingBox())!;
    const rtlSummary = (await summary.boundingBox())!;
    expect(rtlGallery.x).toBeGreaterThan(rtlSummary.x);
    // The gallery sits at the right edge of the content.
    expect(rtlGallery.x + rtlGallery.width).toBeGreaterThan(ltrSummary.x + ltrSummary.width - 1);
  });

  test('in Arabic a Latin name keeps its own direction: its period and inch mark stay at its end', async ({ page, request }) => {
    // Products named the way their maker writes them: the demo gives them no Arabic name.
    const laptop = await findProduct(request, (card) => card.name === 'Galaxy Book4 Pro 16"');
    const glow = await findProduct(request, (card) => card.shop.name === 'Glow Beauty Co.' && card.name.includes('Cologne'));
    const direction = (element: Locator) => element.evaluate((node) => getComputedStyle(node).direction);
    await startWithStored(page, { settings: { state: { locale: 'ar', langDirection: 'rtl' }, version: 1 } });

    await page.goto(`/products/${laptop.id}/details`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const name = page.getByRole('heading', { level: 1, name: laptop.name });
    await expect(name).toBeVisible();
    expect(await direction(name)).toBe('ltr');

    await page.goto(`/shops/${glow.shop.id}`);
    const shopName = page.getByRole('heading', { level: 1, name: 'Glow Beauty Co.' });
    await expect(shopName).toBeVisible();
    expect(await direction(shopName)).toBe('ltr');
    await page.goto(`/products?search=${encodeURIComponent(glow.name)}`);
    const card = page.getByRole('main').getByText(glow.name, { exact: true }).first();
    await expect(card).toBeVisible();
    expect(await direction(card)).toBe('ltr');

    // A search echoed in the Arabic heading is isolated in its own direction.
    await page.goto(`/products?search=${encodeURIComponent(laptop.name)}`);
    const searched = page.getByRole('heading', { level: 1 }).locator('bdi');
    await expect(searched).toHaveText(laptop.name);
    expect(await direction(searched)).toBe('ltr');
    expect(await direction(page.getByRole('heading', { level: 1 }))).toBe('rtl');
  });

  test('in Arabic a search finds products by their Arabic names, typed without hamza or madda and with Arabic-Indic digits', async ({ page, request }) => {
    // "آيفون 15 برو" as a shopper may type it.
    const results = await searchInLanguage(page, request, 'ar', 'ايفون ١٥ برو');
    await expect(results.getByRole('link', { name: 'آيفون 15 برو 128 جيجابايت' }).first()).toBeVisible();
    await expect(results.getByRole('link', { name: 'آيفون 15 برو ماكس 256 جيجابايت' }).first()).toBeVisible();
  });

  test('in Persian a search finds products by their Persian names, typed with the Arabic kaf and yaa', async ({ page, request }) => {
    // "کتری" (kettle) as an Arabic keyboard writes it.
    const results = await searchInLanguage(page, request, 'ir', 'كتري');
    await expect(results.getByRole('link', { name: 'کتری دریپ V60 بوئونو' }).first()).toBeVisible();
  });

  test('the flash sale page counts down', async ({ page, request }) => {
    const home = await apiData(request, 'GET /home');
    expect(home.running_flash_sale, 'the seed runs a flash sale').not.toBeNull();
    const sale = home.running_flash_sale!;

    await page.goto(`/flash-sale/${sale.id}`);
    await expect(page.getByRole('heading', { level: 1, name: sale.name })).toBeVisible();
    await expect(page.getByText('Ends in')).toBeVisible();
    const timer = page.getByRole('timer');
    const before = await timer.textContent();
    await expect(timer).not.toHaveText(before ?? '', { timeout: 2000 });
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  });
});

test.describe('catalog not found', () => {
  // The API answers 404 for the unknown product, which the browser logs.
  test.use({ viewport: { width: 1280, height: 800 }, allowedBrowserErrors: [/status of 404/] });

  test('an unknown product shows Product not found', async ({ page }) => {
    await page.goto('/products/2147483000/details');
    await expect(page.getByText('Product not found').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  });
});
