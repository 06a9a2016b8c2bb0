import { randomUUID } from 'node:crypto';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test } from './fixtures.ts';
import { adminAuthorization } from './shoppers.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

const DAY_MS = 86_400_000;

test('a console list keeps its search and page in the address: reload, Back and Forward show the same page', async ({ page, request }) => {
  // 26 vouchers of one prefix: a page of 25 (the newest) and a second page of one.
  const prefix = `PG${randomUUID().slice(0, 6).toUpperCase()}`;
  const authorization = await adminAuthorization(request);
  const [shop] = (await apiData(request, 'GET /shops')).shops;
  for (let index = 1; index <= 26; index += 1) {
    const created = await request.post('/api/console/vouchers', {
      headers: { Authorization: authorization },
      data: { code: `${prefix}-${String(index).padStart(2, '0')}`, discount_type: 'percentage', discount: 5, starts_at: new Date(Date.now() - DAY_MS).toISOString(), expires_at: new Date(Date.now() + 30 * DAY_MS).toISOString(), shop_id: shop!.id },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const newest = page.getByText(`${prefix}-26`, { exact: true });
  const oldest = page.getByText(`${prefix}-01`, { exact: true });
  const pages = page.getByRole('navigation', { name: 'Pages' });

  await page.goto(`/console/vouchers?search=${prefix}`);
  await signInThroughStorefront(page);
  await page.goto(`/console/vouchers?search=${prefix}`);
  await expect(newest).toBeVisible();
  await expect(oldest).toBeHidden();
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(oldest).toBeVisible();
  await expect(newest).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`\\?search=${prefix}&cursor=`));

  await page.reload();
  await expect(oldest).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue(prefix);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.goBack();
  await expect(newest).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?search=${prefix}$`));
  await page.goForward();
  await expect(oldest).toBeVisible();
  // The pages before ride in the history entry: after the reload "Previous" still goes back one page.
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(newest).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?search=${prefix}$`));
});
