import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

const picture = async (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 120, g: 60, b: 30 } } }).png().toBuffer(),
});

/** The shop's row in the open tab, going to later pages until it shows (the queue is oldest first). */
async function findShopRow(page: Page, name: string): Promise<Locator> {
  const row = page.getByRole('row').filter({ hasText: name });
  const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
  await expect(page.getByRole('table', { name: 'Shops' }).getByRole('row').nth(1)).toBeVisible();
  for (let pages = 0; pages < 50 && !(await row.isVisible()); pages += 1) {
    if (!(await next.isVisible()) || !(await next.isEnabled())) break;
    const shown = page.url();
    await next.click();
    await expect(page).not.toHaveURL(shown);
    await expect(next.or(row).first()).toBeVisible();
  }
  await expect(row).toBeVisible();
  return row;
}

test('the store owner approves a new shop in the console, sees it in its history and the audit log, and the page reads right to left in Arabic', async ({ page, request }) => {
  const key = randomUUID().slice(0, 8);
  const shopName = `Kiln & Copper ${key}`;
  const registered = await request.post('/api/shop-registrations', {
    headers: { Accept: 'application/json' },
    multipart: {
      name: 'Kit Kiln',
      email: `kiln-${key}@example.test`,
      password: 'seller-password',
      shop_name: shopName,
      shop_email: `kiln-shop-${key}@example.test`,
      shop_phone: '5550191234',
      address: '9 Forge Street',
      description: 'Copper pans and kiln-fired bowls.',
      accept_terms: 'true',
      logo: await picture('logo.png'),
      banner: await picture('banner.png'),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const shopId = ((await registered.json()) as { data: { shop: { id: number } } }).data.shop.id;

  // Signed out, the console sends the owner through the storefront's sign-in and back.
  await page.goto('/console/shops');
  await signInThroughStorefront(page);

  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Shops approval' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shops approval' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  const pending = await findShopRow(page, shopName);
  await expect(pending.getByText('Kit Kiln')).toBeVisible();

  await pending.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${shopName}?` });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${shopName} is approved.`)).toBeVisible();
  await expect(pending).toBeHidden();

  // The approved tab has it, with its history: who applied and who approved.
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page).toHaveURL(/\/console\/shops\?status=approved$/);
  const approved = await findShopRow(page, shopName);
  await approved.getByRole('button', { name: 'History' }).click();
  const history = approved.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'Shop approved' })).toContainText('Store Admin');
  await expect(history.getByRole('row').filter({ hasText: `Shop application sent · ${shopName}` })).toContainText('pending');

  // The audit log lists it, filtered by the address.
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Entity type').selectOption({ label: 'Shop' });
  await page.getByLabel('Action').selectOption({ label: 'Shop approved' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/entity_type=shop&action=shop\.approve/);
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: `Shop #${shopId}` })).toContainText('Shop approved');
  // On a phone the table is wider than its box, which takes focus so the arrow keys scroll it.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const tableBox = page.getByRole('table', { name: 'Audit log' }).locator('xpath=..');
  await expect(tableBox).toHaveAttribute('tabindex', '0');
  await tableBox.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => tableBox.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await page.setViewportSize(viewport);

  // In Arabic the shops page reads right to left: the sidebar at the right, the tabs starting there.
  await page.goto('/console/shops');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الموافقة على المتاجر' })).toBeVisible();
  const sidebar = (await page.getByRole('navigation', { name: 'صفحات لوحة الإدارة' }).boundingBox())!;
  const main = (await page.locator('main').boundingBox())!;
  expect(sidebar.x).toBeGreaterThan(main.x);
  const first = (await page.getByRole('tab', { name: 'قيد الانتظار' }).boundingBox())!;
  const second = (await page.getByRole('tab', { name: 'موافق عليه' }).boundingBox())!;
  expect(first.x).toBeGreaterThan(second.x);
});
