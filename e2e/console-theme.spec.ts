import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

test("the store owner makes the storefront blue: the shades come from the primary colour, an unreadable shade is refused, and the storefront's buttons follow on the next page", async ({ page }) => {
  await page.goto('/console');
  await signInThroughStorefront(page);
  const before = await apiData(page.request, 'GET /console/theme');
  try {
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Theme' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Theme' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#1d4ed8');
    await page.getByRole('button', { name: 'Generate the shades from the primary colour' }).click();
    await expect(page.getByRole('textbox', { name: 'Shade 700', exact: true })).toHaveValue('#1d4ed8');
    await expect(page.getByRole('region', { name: 'Preview' }).getByText('Add to Cart')).toHaveCSS('background-color', 'rgb(29, 78, 216)');

    await page.getByRole('textbox', { name: 'Shade 700', exact: true }).fill('#93c5fd');
    await expect(page.getByText('Buttons, badges and links · White on shade 700 · 1.80 to 1 · Too faint: needs 4.50 to 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save theme' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Shade 700', exact: true }).fill('#1d4ed8');
    await page.getByRole('button', { name: 'Save theme' }).click();
    await expect(toast(page, 'Theme saved')).toBeVisible();

    await page.goto('/products/3/details');
    await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    // Add to Cart, the action beside it, is outlined in the same colour.
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCSS('border-top-color', 'rgb(29, 78, 216)');
  } finally {
    const restored = await page.request.put('/api/console/theme', { data: { theme_colors: before.theme_colors } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
