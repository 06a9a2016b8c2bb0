import { expectNoViolations } from './axe.ts';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test } from './fixtures.ts';

test.use({
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

test("the owner reads the last 7 days' dashboard in Arabic: figures against the week before, charts with their tables, nothing serious for axe", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/console');
  await signInThroughStorefront(page);
  await page.addInitScript(() => localStorage.setItem('console-language', JSON.stringify({ state: { locale: 'ar' }, version: 0 })));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await expect(page.getByRole('button', { name: 'آخر 7 أيام' })).toHaveAttribute('aria-pressed', 'true');
  const figures = page.getByRole('region', { name: /^من .* إلى .*/ });
  await expect(figures.getByText('الإيرادات', { exact: true })).toBeVisible();
  await expect(figures.getByText(/الفترة السابقة/).first()).toBeVisible();
  // The chart is drawn for the eye; its table, for a screen reader, has a row per day of the week.
  await expect(page.locator('figure svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'الإيرادات حسب اليوم' }).getByRole('row')).toHaveCount(8);
  await expectNoViolations(page, { impacts: ['serious', 'critical'] });

  await page.getByRole('button', { name: 'اليوم الحالي' }).click();
  await expect(page.getByRole('table', { name: 'الإيرادات حسب اليوم' }).getByRole('row')).toHaveCount(2);
});
