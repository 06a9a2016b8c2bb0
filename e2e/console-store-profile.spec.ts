import { randomUUID } from 'node:crypto';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

test('the store owner rewrites the footer in English and Arabic, and the storefront shows it in each language on the next page', async ({ page }) => {
  const key = randomUUID().slice(0, 6);
  await page.goto('/console');
  await signInThroughStorefront(page);
  const before = await apiData(page.request, 'GET /console/store-profile');
  try {
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Store profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Store profile' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Footer text', exact: true }).fill(`Corner Shop ${key}, since 1999.`);
    await page.getByRole('textbox', { name: 'Footer text in العربية' }).fill(`ركن المتجر ${key} منذ 1999.`);
    await page.getByRole('button', { name: 'Save store profile' }).click();
    await expect(toast(page, 'Store profile saved')).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText(`Corner Shop ${key}, since 1999.`);
    await page.getByRole('button', { name: /Language/ }).click();
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'العربية' }).click();
    await reloaded;
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('contentinfo')).toContainText(`ركن المتجر ${key} منذ 1999.`);
  } finally {
    const restored = await page.request.put('/api/console/store-profile', { data: before.profile });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
