import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { waitForMailTo } from './outbox.ts';
import { adminAuthorization, startWithStored } from './shoppers.ts';
import { apiData } from './store-api.ts';

const picture = async (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 40, g: 110, b: 70 } } }).png().toBuffer(),
});

test.describe('Become a Seller', () => {
  test('a visitor applies in English, waits for approval, and the shop opens on /shops once staff approve it', async ({ page, request }) => {
    const key = randomUUID().slice(0, 8);
    const email = `seller-${key}@example.test`;
    const shopName = `Fern & Clay ${key}`;
    const since = new Date();

    await page.goto('/');
    await page.getByRole('link', { name: 'Become a Seller' }).first().click();
    await expect(page).toHaveURL(/\/shop\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Become a Seller' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('The seller terms must be accepted.')).toBeVisible();
    await expect(page.getByText('The shop name field is required.')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Fiona Fern');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password').fill('seller-password');
    await page.getByLabel('Shop Name').fill(shopName);
    await page.getByLabel('Shop Email').fill(`shop-${key}@example.test`);
    await page.getByLabel('Shop Phone').fill('5550198765');
    await page.getByLabel('Address').fill('4 Potter Lane');
    await page.getByLabel('Description').fill('Ferns, pots and everything in between.');
    await page.getByLabel('Logo').setInputFiles(await picture('logo.png'));
    await page.getByLabel('Banner').setInputFiles(await picture('banner.png'));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit application' }).click();

    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('status').getByText('Your shop is waiting for approval')).toBeVisible();
    expect((await waitForMailTo(email, since)).subject).toContain('waiting for approval');

    const { shops: before } = await apiData(request, 'GET /shops');
    expect(before.map((shop) => shop.name)).not.toContain(shopName);

    const authorization = await adminAuthorization(request);
    const queue = await request.get('/api/console/shop-applications?status=pending&limit=100', { headers: { Authorization: authorization } });
    const applied = ((await queue.json()).data.shops as Array<{ id: number; name: string }>).find((shop) => shop.name === shopName)!;
    expect(applied).toBeDefined();
    const approved = await request.post(`/api/console/shops/${applied.id}/approve`, { headers: { Authorization: authorization } });
    expect(approved.ok(), await approved.text()).toBe(true);

    await page.goto('/shops');
    await expect(page.getByText(shopName)).toBeVisible();
  });

  test('the application page reads right to left in Arabic', async ({ page }) => {
    await startWithStored(page, { settings: { state: { locale: 'ar', langDirection: 'rtl' }, version: 1 } });
    await page.goto('/shop/register');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'كن بائعًا' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'إرسال الطلب' });
    await expect(submit).toBeVisible();
    // Right to left: the form's first column (the name) sits to the right of the second (the e-mail).
    const name = (await page.getByLabel('الاسم', { exact: true }).boundingBox())!;
    const email = (await page.getByLabel('البريد الإلكتروني', { exact: true }).boundingBox())!;
    expect(name.x).toBeGreaterThan(email.x);
  });
});
