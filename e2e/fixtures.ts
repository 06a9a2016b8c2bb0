import { test as base, expect, type Page } from '@playwright/test';

export interface BrowserErrorOptions {
  /**
   * Browser errors a test provokes on purpose (a 404 it asks for, say), matched against the message:
   * `test.use({ allowedBrowserErrors: [/status of 404/] })`.
   */
  allowedBrowserErrors: (string | RegExp)[];
}

/**
 * Playwright's `test`, failing any test whose pages log a `console.error` or throw an uncaught
 * error (Epic Stack habit), so React warnings and swallowed errors surface.
 */
export const test = base.extend<BrowserErrorOptions>({
  allowedBrowserErrors: [[], { option: true }],

  context: async ({ context, allowedBrowserErrors }, use) => {
    const isAllowed = (message: string) =>
      allowedBrowserErrors.some((allowed) =>
        typeof allowed === 'string' ? message.includes(allowed) : allowed.test(message),
      );
    const errors: string[] = [];
    context.on('console', (message) => {
      if (message.type() !== 'error' || isAllowed(message.text())) return;
      const { url, lineNumber } = message.location();
      errors.push(`console.error: ${message.text()}${url ? `\n    at ${url}:${lineNumber + 1}` : ''}`);
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      if (isAllowed(error.message)) return;
      errors.push(`uncaught ${error.stack ?? error.message}`);
    });

    await use(context);

    expect(errors, 'the page logged errors (allow expected ones with allowedBrowserErrors)').toEqual([]);
  },

  page: async ({ page }, use) => {
    await use(aliveAfterLoads(page));
  },
});

/**
 * A server-rendered page shows before its code runs; a test acts once it has come alive, as a
 * shopper who waits for the page would (the storefront marks <html data-page-ready>): the page's
 * `goto` and `reload` wait for that. The `page` fixture is such a page; one a test opens itself
 * (another shopper's, staff's) is made one with this.
 */
export function aliveAfterLoads(page: Page): Page {
  const whenReady = async <T>(navigation: Promise<T>) => {
    const response = await navigation;
    await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (...args: Parameters<Page['goto']>) => whenReady(goto(...args));
  page.reload = (...args: Parameters<Page['reload']>) => whenReady(reload(...args));
  return page;
}

export { expect };

/** A toast (the storefront's or the console's) that says `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A figure of a description list (checkout's Delivery Charge, a console balance): the value beside its label, the whole label. */
export const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
    .getByRole('definition');
