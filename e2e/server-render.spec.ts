import { createHash } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PRODUCT = '/products/3/details';

interface Product {
  name: string;
}

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
    const product = ((await (await request.get('/api/products/3')).json()) as { data: Product }).data;
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

  test("the visitor's page shows at once; a signed-in shopper's waits for their own", async ({ context }) => {
    const visitor = await openWithoutStorefrontCode(context, PRODUCT);
    await expect(visitor.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await visitor.close();

    await context.addInitScript(() => {
      // Not on the blank page a new tab starts with, which has no storage.
      if (location.protocol.startsWith('http')) localStorage.setItem('auth', JSON.stringify({ state: { user: { name: 'Someone' } }, version: 1 }));
    });
    const shopper = await openWithoutStorefrontCode(context, PRODUCT);
    await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeHidden();
    await expect(shopper.locator('#root')).toHaveCSS('visibility', 'hidden');
  });

  test('the one inline script is the one the content security policy allows', async ({ request }) => {
    const response = await request.get(PRODUCT);
    const inline = [...(await response.text()).matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]![1]!).digest('base64');
    expect(response.headers()['content-security-policy']).toContain(`'sha256-${hash}'`);
  });
});

test.describe('a shopper in another time zone than the server', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('sees dates hydrate without a mismatch, then in their own time', async ({ page, request }) => {
    const home = ((await (await request.get('/api/home')).json()) as { data: { incoming_flash_sale: { starts_at: string } | null } }).data;
    expect(home.incoming_flash_sale, 'the seed announces an upcoming sale').not.toBeNull();
    const startsAt = new Date(home.incoming_flash_sale!.starts_at);
    const inTokyo = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(startsAt);
    await page.goto('/');
    await expect(page.getByText(`Starts ${inTokyo}`)).toBeVisible();
  });
});
