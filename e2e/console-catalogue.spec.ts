import { expect, test } from './fixtures.ts';

/** The seeded owner of the first shop (src/server/db/seed/accounts.seed.ts): the shop's catalogue in the console. */
const DEMO_SELLER = { email: 'seller@example.com', password: 'seller-password' };

test.use({ viewport: { width: 1280, height: 900 } });

test('a seller adds a product with two variants, finds it in the list, restocks a variant and reads the list in Arabic', async ({ page }) => {
  const name = `Journey lamp ${Date.now()}`;
  const sku = `JL-${Date.now()}`;

  // Signed in on the storefront, the console opens with the same cookie session.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Phone or Email').fill(DEMO_SELLER.email);
  await login.getByLabel('Password').fill(DEMO_SELLER.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login).toBeHidden();
  await page.goto('/console');

  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).first().click();

  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel('Price', { exact: true }).fill('19.99');
  await page.getByLabel('SKU, variant 1').fill(`${sku}-A`);
  await page.getByLabel('Color, variant 1').fill('1');
  await page.getByLabel('Initial stock, variant 1').fill('2');
  await page.getByRole('button', { name: 'Add variant' }).click();
  await page.getByLabel('SKU, variant 2').fill(`${sku}-B`);
  await page.getByLabel('Color, variant 2').fill('2');
  await page.getByLabel('Initial stock, variant 2').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Product created' })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/products\/\d+$/);

  await page.getByRole('link', { name: 'Back to products' }).click();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(sku);
  await expect(row.getByRole('cell').nth(4)).toHaveText('5');

  await row.getByRole('link', { name }).click();
  const opener = page.getByRole('button', { name: 'Stock: 2' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Stock of ${sku}-A` });
  await dialog.getByLabel('Change').fill('5');
  await dialog.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(dialog.getByText('New stock: 7')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stock: 7' })).toBeFocused();

  await page.getByRole('link', { name: 'Back to products' }).click();
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(4)).toHaveText('10');

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'المنتجات' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'البحث عن المنتجات' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'التالي' })).toBeVisible();
  // Right to left: the table's first column starts at the right.
  const table = await page.getByRole('table').boundingBox();
  const firstHeader = await page.getByRole('columnheader').first().boundingBox();
  expect(firstHeader!.x + firstHeader!.width).toBeGreaterThan(table!.x + table!.width - 5);
});
