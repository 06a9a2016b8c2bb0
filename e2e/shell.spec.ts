import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** The store settings the shell renders, read from the running API so the tests follow the seed. */
const masterData = (request: APIRequestContext) => apiData(request, 'GET /master');

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 740 };

test.describe('desktop shell', () => {
  test.use({ viewport: desktop });

  test('home renders the header and the footer from /api/master', async ({ page, request }) => {
    const master = await masterData(request);
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: master.app_name }).getByRole('img', { name: master.app_name })).toBeVisible();
    await expect(header.getByRole('link', { name: master.mobile })).toHaveAttribute('href', /^tel:/);
    await expect(header.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: master.mobile })).toBeVisible();
    await expect(footer.getByRole('link', { name: master.email })).toHaveAttribute('href', `mailto:${master.email}`);
    const social = master.social_links[0];
    expect(social, 'the seed has social links').toBeDefined();
    const socialLink = footer.getByRole('link', { name: social!.name, exact: true });
    await expect(socialLink).toBeVisible();
    await expect(socialLink).toHaveAttribute('href', social!.link);
    await expect(socialLink).toHaveAttribute('target', '_blank');
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  });

  test('choosing Arabic reloads the page right-to-left with Arabic text', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Language/ }).click();
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'العربية' }).click();
    await reloaded;

    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();

    // The choice is kept: a fresh load stays Arabic.
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(header.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
  });

  test('choosing Arabic before the footer has hydrated leaves it as the server sent it until the reload', async ({ page }) => {
    // The footer's code comes after the page's (deferred-footer.tsx); here it comes after the choice.
    let releaseFooter = () => {};
    const footerHeld = new Promise<void>((resolve) => (releaseFooter = resolve));
    let footerAsked = () => {};
    const footerRequested = new Promise<void>((resolve) => (footerAsked = resolve));
    await page.route(/\/assets\/footer-[\w-]+\.js$/, async (route) => {
      footerAsked();
      await footerHeld;
      await route.continue();
    });
    // The reloaded page waits until the footer has hydrated on the page the choice was made on.
    let pagesAsked = 0;
    let releaseReload = () => {};
    const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve));
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        pagesAsked += 1;
        if (pagesAsked > 1) await reloadHeld;
        await route.continue();
      },
    );
    // React marks the elements it has hydrated: the page says when the footer is one (a page that is
    // leaving answers no evaluate, but still logs).
    await page.addInitScript(() => {
      const watch = setInterval(() => {
        const footer = document.querySelector('footer');
        if (footer && Object.keys(footer).some((key) => key.startsWith('__react'))) {
          console.log(`footer hydrated: ${footer.textContent}`);
          clearInterval(watch);
        }
      }, 20);
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // The choice is made once the footer's code has been asked for (and held): it then comes when
    // released. Waiting for its hydration timed out once on a busy machine with the choice made earlier.
    await footerRequested;
    await page.getByRole('button', { name: /Language/ }).click();
    // A click waits for the navigation it starts to commit, and this one is held until the footer has
    // hydrated: it must not wait (it did when the messages came back within the click).
    await page.getByRole('button', { name: 'العربية' }).click({ noWaitAfter: true });
    await expect.poll(() => pagesAsked).toBe(2);

    const footerHydrated = page.waitForEvent('console', (message) => message.text().startsWith('footer hydrated'));
    releaseFooter();
    // In the server's English, without a mismatch (React's error 418 would fail the test).
    expect((await footerHydrated).text()).toContain('Have a shop with us?');
    releaseReload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('banner').getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  });

  test('choosing another currency changes the cart tab price', async ({ page }) => {
    await page.goto('/');
    const tabTotal = page.getByTestId('cart-tab-total');
    await expect(tabTotal).toHaveText('$0.00');

    await page.getByRole('button', { name: /Currency/ }).click();
    await page.getByRole('button', { name: /EUR/ }).click();
    await expect(tabTotal).toHaveText('€0.00');

    await page.getByRole('button', { name: /Currency/ }).click();
    await page.getByRole('button', { name: /BDT/ }).click();
    await expect(tabTotal).toHaveText('0.00৳');
  });

  test('the cart tab opens the cart panel, which says when the cart is empty', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Items/ }).click();
    const panel = page.getByRole('dialog', { name: 'My Cart' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Cart is empty')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('the cart tab is not shown on checkout and the blog', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByTestId('cart-tab-total')).toHaveCount(0);
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
    await expect(page.getByTestId('cart-tab-total')).toHaveCount(0);
  });

  for (const [language, settings] of [
    ['English', { locale: 'en', langDirection: 'ltr' }],
    ['Arabic', { locale: 'ar', langDirection: 'rtl' }],
  ] as const) {
    test(`in ${language} the cart tab covers no link, button or countdown anywhere on the home page`, async ({ page }) => {
      await page.addInitScript((state) => localStorage.setItem('settings', JSON.stringify({ state, version: 1 })), settings);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('dir', settings.langDirection);
      await expect(page.getByRole('timer').first()).toBeVisible();
      await expect(page.getByTestId('cart-tab-total')).toBeVisible();

      // Scrolls through the page and, at every stop, lists what is visible under the tab: anything
      // a shopper can click or tab to (WCAG 2.4.11: focus never hidden under it) and the countdowns.
      const covered = await page.evaluate(async () => {
        const tab = document.querySelector('[data-testid="cart-tab-total"]')!.closest('button')!;
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const shownPart = (element: Element): DOMRect | null => {
          let box = element.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === 'hidden') return null;
          // Clipped by a scrolling or overflow-hidden ancestor (a carousel): only the part inside it shows.
          for (let parent = element.parentElement; parent; parent = parent.parentElement) {
            const style = getComputedStyle(parent);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const clip = parent.getBoundingClientRect();
            const left = Math.max(box.left, clip.left);
            const top = Math.max(box.top, clip.top);
            box = new DOMRect(left, top, Math.min(box.right, clip.right) - left, Math.min(box.bottom, clip.bottom) - top);
            if (box.width <= 0 || box.height <= 0) return null;
          }
          return box;
        };
        const found = new Set<string>();
        for (let y = 0; ; y += 200) {
          window.scrollTo(0, y);
          await frame();
          const under = tab.getBoundingClientRect();
          const targets = document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="timer"]');
          for (const target of targets) {
            if (target === tab || tab.contains(target)) continue;
            const box = shownPart(target);
            if (box && box.left < under.right && box.right > under.left && box.top < under.bottom && box.bottom > under.top) {
              found.add(`${target.tagName.toLowerCase()} "${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40)}"`);
            }
          }
          if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) break;
        }
        return [...found];
      });
      expect(covered).toEqual([]);
    });
  }

  test('the page title is "{page} - {app name}", or the app name alone', async ({ page, request }) => {
    const master = await masterData(request);
    await page.goto('/');
    await expect(page).toHaveTitle(master.app_name);
    await page.goto('/products');
    await expect(page).toHaveTitle(`Products - ${master.app_name}`);
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveTitle(master.app_name);
  });

  test('the search box stores the text, lands on /products and is empty on other pages', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await box.fill('headphones');
    await box.press('Enter');
    // The products page takes the stored text into its URL, so the results can be shared and reloaded.
    await expect(page).toHaveURL(/\/products\?search=headphones$/);
    await expect(box).toHaveValue('headphones');

    await page.getByRole('banner').getByRole('link', { name: 'Best Deal' }).click();
    await expect(page).toHaveURL(/\/best-deal$/);
    await expect(box).toHaveValue('');

    // The stored text comes back on /products; the search button submits like Enter.
    await page.getByRole('banner').getByRole('link', { name: 'Products', exact: true }).click();
    await expect(box).toHaveValue('headphones');
    await box.fill('lamp');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await page.reload();
    await expect(box).toHaveValue('lamp');
  });

  test('account pages send a shopper with no user home', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('unknown path', () => {
  // The server answers a path that is no page with status 404, which the browser logs.
  test.use({ viewport: desktop, allowedBrowserErrors: [/status of 404/] });

  test('an unknown path shows Page Not Found', async ({ page, request }) => {
    const master = await masterData(request);
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(`Page Not Found - ${master.app_name}`);
  });
});

test.describe('signed-in shell', () => {
  test.use({ viewport: desktop });

  test('Log Out asks for confirmation, then ends the session', async ({ page, request }) => {
    // A real account: the dashboard's own calls would end a made-up session before the test could.
    await startSignedIn(page, await registerShopper(request, 'Test Shopper'));
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: /My Account/ }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log Out!' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('Logout Confirmation')).toBeVisible();

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: /My Account/ }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Logout successfully')).toBeVisible();
    // The account area lets go of a signed-out shopper.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('phone shell', () => {
  test.use({ viewport: phone, hasTouch: true });

  test('footer sections fold below 640 px and open on tap', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const toggle = footer.getByRole('button', { name: 'Quick Links' });
    const link = footer.getByRole('link', { name: 'Most Popular' });

    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    // The footer's code comes after the page's (deferred-footer.tsx): a tap before it has hydrated does nothing yet.
    await expect(async () => {
      await toggle.tap();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass();
    await expect(link).toBeVisible();
    await toggle.tap();
    await expect(link).toBeHidden();
  });

  test('the header fits and the side menu holds the links', async ({ page }) => {
    await page.goto('/');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(phone.width);
    await expect(page.getByTestId('cart-tab-total')).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Login' })).toBeVisible();
    await menu.getByRole('link', { name: 'Most Popular' }).tap();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/most-popular$/);
  });
});

test.describe('wide footer', () => {
  test.use({ viewport: desktop });

  test('footer sections are always open from 640 px', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Quick Links' })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Quick Links' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Most Popular' })).toBeVisible();
  });
});
