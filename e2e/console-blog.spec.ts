import { randomUUID } from 'node:crypto';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

const CONTENT_EDITOR = { email: 'content@example.com', password: 'content-password' };

/** A moment as a `datetime-local` input takes it, in the browser's (the machine's) time, to the second. */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

test('a content editor writes a post in English and Arabic, schedules it, and it appears on the blog in both languages at its time', async ({ page, browser }) => {
  const key = randomUUID().slice(0, 8);
  const title = `Autumn layering ${key}`;
  const arabicTitle = `طبقات الخريف ${key}`;

  await page.goto('/console');
  await signInThroughStorefront(page, CONTENT_EDITOR);
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await page.getByRole('link', { name: 'New post' }).click();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Title in العربية' }).fill(arabicTitle);
  await page.getByRole('textbox', { name: 'Meta description', exact: true }).fill('Three layers for cool mornings.');
  await page.getByRole('textbox', { name: 'Body', exact: true }).fill('Start with a thin layer.');
  await page.getByRole('textbox', { name: 'Body in العربية' }).fill('ابدأ بطبقة رقيقة.');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
  await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
  const publishAt = new Date(Date.now() + 20_000);
  await page.getByLabel('Publish at').fill(localInput(publishAt));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Blog post created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The list marks it scheduled, with the Persian translation still to write.
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('Missing: Persian');

  const reader = await browser.newPage();
  await reader.goto('/blogs');
  await expect(reader.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  expect(Date.now()).toBeLessThan(publishAt.getTime());
  await expect(reader.getByText(title)).toHaveCount(0);

  // No job publishes it: the blog shows it once its time has come.
  await expect(async () => {
    await reader.reload();
    await expect(reader.getByText(title)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());

  await reader.getByRole('button', { name: /Language/ }).click();
  const reloaded = reader.waitForEvent('framenavigated');
  await reader.getByRole('button', { name: 'العربية' }).click();
  await reloaded;
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(reader.getByText(arabicTitle)).toBeVisible();
  await reader.getByText(arabicTitle).click();
  await expect(reader.getByText('ابدأ بطبقة رقيقة.')).toBeVisible();
  await reader.close();
});
