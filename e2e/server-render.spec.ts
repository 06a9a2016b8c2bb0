import { createHash } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerShopper, storeUrl } from './shoppers.ts';
import { apiData } from './store-api.ts';

const PRODUCT_ID = 3;
const PRODUCT = `/products/${PRODUCT_ID}/details`;

/** A page whose storefront code never arrives: what shows is the server's HTML alone. */
async function openWithoutStorefrontCode(context: BrowserContext, path: string) {
  await context.route(/\/start-after-paint\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test.describe('server-rendered pages', () => {
  test.use({ allowedBrowserErrors: [/Failed to load resource/] });

  test('a product page shows its name, price and buttons before any script runs', async ({ browser, request }) => {
    const { product } = await apiData(request, 'GET /products/:id', { params: { id: PRODUCT_ID } });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(PRODUCT);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(/^\$\d+\.\d\d$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Store' }).first()).toBeVisible();
    await context.close();
  });

  test('a search sent before the page has come alive still lands on the results', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('iPhone');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/products' && url.searchParams.get('search') === 'iPhone');
    await context.close();
  });

  test("a signed-in shopper's page comes from the server with their name in the header", async ({ context, request }) => {
    const shopper = await registerShopper(request);
    await context.addCookies([{ name: 'session', value: shopper.token, url: storeUrl(), httpOnly: true, sameSite: 'Lax' }]);
    const { product } = await apiData(request, 'GET /products/:id', { params: { id: PRODUCT_ID } });
    const page = await openWithoutStorefrontCode(context, PRODUCT);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(shopper.name).first()).toBeAttached();
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  });

  test('a page comes in the language the shopper chose, without any script', async ({ context }) => {
    await context.addCookies([{ name: 'store_prefs', value: 'ar%7CUSD', url: storeUrl() }]);
    const page = await openWithoutStorefrontCode(context, PRODUCT);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'أضف إلى السلة' })).toBeVisible();
  });

  test('a browser with nothing stored keeps the language its cookie chose once the page comes alive', async ({ context }) => {
    await context.addCookies([{ name: 'store_prefs', value: 'ar%7CUSD', url: storeUrl() }]);
    const page = await context.newPage();
    await page.goto(PRODUCT);
    // The storefront stores its settings as it comes alive.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('settings') !== null)).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'أضف إلى السلة' })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'store_prefs')?.value).toBe('ar%7CUSD');
  });

  test("a page's only inline script is React's own, which the content security policy allows", async ({ request }) => {
    for (const path of [PRODUCT, '/blogs', '/blog/no-such-post']) {
      const response = await request.get(path);
      const inline = [...(await response.text()).matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)];
      for (const [, script] of inline) {
        const hash = createHash('sha256').update(script!).digest('base64');
        expect(response.headers()['content-security-policy'], path).toContain(`'sha256-${hash}'`);
      }
    }
  });

  test('a page and the console come alive without anything the content security policy refuses (no eval)', async ({ page }) => {
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.violatedDirective} ${event.sourceFile}`));
    });
    const refusedSoFar = () => page.evaluate(() => (window as unknown as { refused: string[] }).refused);

    await page.goto(PRODUCT);
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeEnabled();
    expect(await refusedSoFar()).toEqual([]);

    await page.goto('/console');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await refusedSoFar()).toEqual([]);
  });
});

test.describe('a shopper whose clock reads UTC, like the server', () => {
  test.use({ timezoneId: 'UTC' });

  test("gets a page alive without the browser building a date or number formatter (a phone's first costs 100 ms and more)", async ({ page, request }) => {
    const product = ((await (await request.get('/api/products/3')).json()) as { data: { product: { reviews: { created_at: string }[] } } }).data.product;
    await page.addInitScript(() => {
      const built: string[] = [];
      Object.assign(window, { formattersBuilt: built });
      for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
        const Original = Intl[name] as new (...args: unknown[]) => object;
        const counted = function (...args: unknown[]) {
          built.push(name);
          return new Original(...args);
        };
        Object.assign(counted, { prototype: Original.prototype, supportedLocalesOf: Intl[name].supportedLocalesOf });
        Object.assign(Intl, { [name]: counted });
      }
    });
    await page.goto(PRODUCT);
    await expect(page.locator('html[data-page-ready]')).toBeAttached();
    const written = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(product.reviews[0]!.created_at));
    await expect(page.getByText(written).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { formattersBuilt: string[] }).formattersBuilt)).toEqual([]);
  });
});

test.describe('a shopper in another time zone than the server', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('sees dates hydrate without a mismatch, then in their own time', async ({ page, request }) => {
    const home = await apiData(request, 'GET /home');
    expect(home.incoming_flash_sale, 'the seed announces an upcoming sale').not.toBeNull();
    const startsAt = new Date(home.incoming_flash_sale!.starts_at);
    const inTokyo = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(startsAt);
    await page.goto('/');
    await expect(page.getByText(`Starts ${inTokyo}`)).toBeVisible();
  });
});
