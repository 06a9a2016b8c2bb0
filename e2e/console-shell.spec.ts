import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test } from './fixtures.ts';

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

test('the demo admin signs in through the storefront, sees every console page, jumps with ⌘K and works in Arabic', async ({ page }) => {
  await page.goto('/console/orders');
  await expect(page.getByText('Sign in with your staff or seller account to use the console.')).toBeVisible();
  await signInThroughStorefront(page);

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link')).toHaveText([
    'Dashboard', 'Products', 'Categories', 'Brands', 'Colours', 'Sizes', 'Units', 'Stock', 'Shops approval', 'Product approval', 'Reviews', 'My shop', 'Orders', 'Returns', 'Earnings', 'Withdrawals',
    'Customers', 'Support tickets', 'Vouchers', 'Flash sales', 'Content', 'Blog', 'Settings', 'Theme', 'Store profile', 'Staff', 'Audit log',
  ]);
  await expect(page).toHaveTitle('Dashboard · Console');

  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('audit');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/console\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Filter the audit log' })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();

  // The choice stays for the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
