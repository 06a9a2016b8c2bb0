import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerShopper, startSignedIn, startWithStored } from './shoppers.ts';
import { cityAndCountry } from './addresses.ts';
import { apiData } from './store-api.ts';
import { expectNoViolations } from './axe.ts';

/**
 * Every page type of the storefront, in English and in Arabic (right to left), checked with axe-core
 * against WCAG 2.1 A/AA and axe's best practices (landmark-unique and the like). AxeBuilder injects
 * axe through Playwright's evaluate, which the store's Content-Security-Policy (`script-src 'self'`)
 * does not govern, so the policy stays as strict as it is.
 */

/** The paths of the public pages that need an id or slug from the seed. */
async function seededPaths(request: APIRequestContext) {
  const home = await apiData(request, 'GET /home');
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 1 } });
  const { blogs } = await apiData(request, 'GET /blogs');
  const flashSale = home.running_flash_sale ?? home.incoming_flash_sale;
  expect(flashSale, 'the seed has a flash sale').not.toBeNull();
  const product = products[0]!;
  return {
    category: `/categories/${home.categories[0]!.slug}`,
    shop: `/shops/${home.shops[0]!.id}`,
    flashSale: `/flash-sale/${flashSale!.id}`,
    product: `/products/${product.id}/details`,
    search: `/products?search=${encodeURIComponent(product.name.split(' ')[0]!)}`,
    blogPost: `/blog/${blogs[0]!.slug}`,
  };
}

/** A fresh shopper with an address, a placed order, a product in the cart and in the wishlist, and a support ticket. */
async function shopperWithHistory(request: APIRequestContext) {
  const shopper = await registerShopper(request, 'Axe Tester');
  const { authorization } = shopper;
  const { address } = await apiData(request, 'POST /addresses', {
    body: { name: 'Axe Home', phone: '2025550177', area: 'Downtown', address_line: '7 Audit Lane', ...(await cityAndCountry(request)), is_default: true },
    authorization,
  });
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest' } });
  // From the far end of the list: other journeys buy (and count the stock of) the newest products.
  const card = products.findLast((product) => product.colors.length === 0 && product.sizes.length === 0 && product.quantity >= 5)!;
  const toCart = { body: { product_id: card.id, quantity: 1, unit: card.unit }, authorization };
  await apiData(request, 'POST /cart/store', toCart);
  const { orders } = await apiData(request, 'POST /place-order', {
    body: { shop_ids: [card.shop.id], address_id: address.id, payment_method: 'cash' },
    authorization,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  await apiData(request, 'POST /cart/store', toCart);
  await apiData(request, 'POST /favorite-products', { body: { product_id: card.id }, authorization });
  const { ticket } = await apiData(request, 'POST /support-tickets', {
    body: { subject: 'Where is my parcel?', issue_type: 'other', message: 'It has not arrived yet.' },
    authorization,
  });
  return { shopper, shopId: card.shop.id, orderId: orders[0]!.id, ticketNo: ticket.ticket_no };
}

async function checkEach(page: Page, paths: string[]) {
  for (const path of paths) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      // Axe runs under the store's own policy: no inline or injected script tags are allowed.
      const scriptSources = response!.headers()['content-security-policy']?.split(';').find((directive) => directive.startsWith('script-src '));
      expect(scriptSources).toMatch(/^script-src 'self' [^;]*$/);
      expect(scriptSources).not.toContain('unsafe');
      await expectNoViolations(page);
    });
  }
}

type SeededPaths = Awaited<ReturnType<typeof seededPaths>>;

/** The public page types, one test each: a path, or how to make it from the seed. */
const publicPages: [string, string | ((seeded: SeededPaths) => string)][] = [
  ['home', '/'],
  ['a product search', (seeded) => seeded.search],
  ['categories', '/categories'],
  ['a category', (seeded) => seeded.category],
  ['shops', '/shops'],
  ['a shop', (seeded) => seeded.shop],
  ['best deals', '/best-deal'],
  ['most popular', '/most-popular'],
  ['a flash sale', (seeded) => seeded.flashSale],
  ['a product', (seeded) => seeded.product],
  ['the blog', '/blogs'],
  ['a blog post', (seeded) => seeded.blogPost],
  ['terms and conditions', '/terms-and-conditions'],
  ['privacy policy', '/privacy-policy'],
  ['about us', '/about-us'],
  ['a store page', '/page/shipping-and-returns'],
  ['support', '/support'],
  ['contact us', '/contact-us'],
];

const languages = [
  { locale: 'en', langDirection: 'ltr' },
  { locale: 'ar', langDirection: 'rtl' },
] as const;

for (const { locale, langDirection } of languages) {
  test.describe(`accessibility in ${locale}`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    const settings = { settings: { state: { locale, langDirection }, version: 1 } };

    test.describe('public pages', () => {
      test.beforeEach(async ({ page }) => {
        await startWithStored(page, settings);
      });

      for (const [name, path] of publicPages) {
        test(name, async ({ page, request }) => {
          await checkEach(page, [typeof path === 'string' ? path : path(await seededPaths(request))]);
          await expect(page.locator('html')).toHaveAttribute('dir', langDirection);
        });
      }

      test.describe('an unknown path', () => {
        // The server answers a path that is no page with status 404, which the browser logs.
        test.use({ allowedBrowserErrors: [/status of 404/] });

        test('Page Not Found', async ({ page }) => {
          await checkEach(page, ['/no-such-page']);
          await expect(page.locator('html')).toHaveAttribute('dir', langDirection);
        });
      });
    });

    test('signed-in pages', async ({ page, request }) => {
      // One shopper with a history for all eleven pages: making one per page would cost more than checking them.
      test.setTimeout(240_000);
      const { shopper, shopId, orderId, ticketNo } = await shopperWithHistory(request);
      await startSignedIn(page, shopper, { ...settings, cart: { state: { selectedShopIds: [shopId] }, version: 1 } });
      await checkEach(page, [
        '/dashboard',
        '/profile',
        '/manage-address',
        '/manage-address/new',
        '/change-password',
        '/wishlist',
        '/order-history',
        `/order-history/${orderId}`,
        '/support-tickets',
        `/support-ticket/${ticketNo}`,
        '/checkout',
      ]);
      await expect(page.locator('html')).toHaveAttribute('dir', langDirection);
    });

    test('the cart panel, before a shop is ticked', async ({ page, request }) => {
      const shopper = await registerShopper(request, 'Axe Cart');
      const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest' } });
      const card = products.findLast((product) => product.colors.length === 0 && product.sizes.length === 0 && product.quantity >= 5)!;
      await apiData(request, 'POST /cart/store', { body: { product_id: card.id, quantity: 1, unit: card.unit }, authorization: shopper.authorization });
      await startSignedIn(page, shopper, settings);
      await page.goto('/');
      await page.getByRole('button', { name: locale === 'en' ? 'My Cart' : 'سلتي' }).first().click();
      const panel = page.getByRole('dialog');
      await expect(panel.getByTestId('cart-line')).toHaveCount(1);
      // What to do, not zero figures.
      await expect(panel.getByTestId('cart-select-shops')).toHaveText(locale === 'en' ? 'Select the shops to check out' : 'اختر المتاجر التي تريد إتمام الشراء منها');
      await expect(panel.getByTestId('cart-figures')).toHaveCount(0);
      await expectNoViolations(page);
    });
  });
}
