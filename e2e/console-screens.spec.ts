import type { Page } from '@playwright/test';
import { expectNoViolations } from './axe.ts';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test } from './fixtures.ts';
import { apiData } from './store-api.ts';

/**
 * Every screen of the console, as the store's owner sees it, in English and in Arabic (right to
 * left): axe finds nothing serious or critical at a desktop's width, and at a phone's (390 px) no
 * screen scrolls sideways: a wide table scrolls inside its box, the pages wait behind a menu button.
 * One signed-in page visits the screens in turn.
 */

/** The console's screens: its pages, and a record's page of each kind the seed has. */
async function consoleScreens(page: Page) {
  const [{ products }, { orders }, { customers }, { tickets }, { posts }, { flash_sales }] = await Promise.all([
    apiData(page.request, 'GET /console/products'),
    apiData(page.request, 'GET /console/orders'),
    apiData(page.request, 'GET /console/customers'),
    apiData(page.request, 'GET /console/tickets'),
    apiData(page.request, 'GET /console/blog-posts'),
    apiData(page.request, 'GET /console/flash-sales'),
  ]);
  return [
    '/',
    '/products',
    '/products/new',
    `/products/${products[0]!.id}`,
    '/categories',
    '/brands',
    '/colors',
    '/sizes',
    '/units',
    '/stock',
    '/shops',
    '/product-approval',
    '/reviews',
    '/shop',
    '/orders',
    `/orders/${orders[0]!.id}`,
    '/returns',
    '/earnings',
    `/earnings/${orders[0]!.shop.id}`,
    '/customers',
    `/customers/${customers[0]!.id}`,
    '/tickets',
    `/tickets/${tickets[0]!.id}`,
    '/vouchers',
    '/flash-sales',
    '/flash-sales/new',
    `/flash-sales/${flash_sales[0]!.id}`,
    '/withdrawals',
    '/content',
    '/blog',
    '/blog/new',
    `/blog/${posts[0]!.id}`,
    '/content/pages',
    '/content/pages/1',
    '/content/pages/new',
    '/content/faq',
    '/content/banners',
    '/content/banners/new',
    '/content/banners/1',
    '/content/home',
    '/settings/store',
    '/settings/languages',
    '/settings/delivery-tax',
    '/settings/commission-payouts',
    '/settings/currencies',
    '/settings/payments',
    '/theme',
    '/store-profile',
    '/staff',
    '/audit-log',
  ];
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** How far the page reaches past the window's width, in CSS pixels (0: it does not scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.use({
  viewport: DESKTOP,
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

for (const { locale, direction, menu, orders } of [
  { locale: 'en', direction: 'ltr', menu: 'Menu', orders: 'Orders' },
  { locale: 'ar', direction: 'rtl', menu: 'القائمة', orders: 'الطلبات' },
] as const) {
  test(`every console screen in ${locale}: nothing serious for axe, and nothing wider than a phone`, async ({ page }) => {
    // 28 screens, each loaded, checked by axe and measured: on a busy machine that is some ten seconds a screen.
    test.setTimeout(900_000);
    await page.goto('/console');
    await signInThroughStorefront(page);
    await page.addInitScript((chosen) => localStorage.setItem('console-language', JSON.stringify({ state: { locale: chosen }, version: 0 })), locale);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', direction);

    for (const path of await consoleScreens(page)) {
      await test.step(path, async () => {
        await page.setViewportSize(DESKTOP);
        await page.goto(`/console${path === '/' ? '' : path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoViolations(page, { impacts: ['serious', 'critical'] });

        await page.setViewportSize(PHONE);
        await expect(page.getByRole('button', { name: menu })).toBeVisible();
        expect.soft(await sidewaysOverflow(page), `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
      });
    }

    // On the phone the pages open from the menu button as a drawer; Escape closes it, choosing a page too.
    const menuButton = page.getByRole('button', { name: menu });
    await menuButton.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation')).toBeVisible();
    await expectNoViolations(page, { impacts: ['serious', 'critical'] });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await drawer.getByRole('link', { name: orders, exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/console\/orders$/);
  });
}
