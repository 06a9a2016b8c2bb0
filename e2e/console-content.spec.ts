import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

async function inArabic(page: Page) {
  await page.getByRole('button', { name: /Language/ }).click();
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('button', { name: 'العربية' }).click();
  await reloaded;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('the owner retitles the about page in English and Arabic, and /about-us shows each at once', async ({ page }) => {
  const key = randomUUID().slice(0, 6);
  await page.goto('/console');
  await signInThroughStorefront(page);
  const row = (await apiData(page.request, 'GET /console/content-pages', { query: { search: 'about-us' } })).pages.find((listed) => listed.slug === 'about-us')!;
  const { page: about } = await apiData(page.request, 'GET /console/content-pages/:id', { params: { id: String(row.id) } });
  try {
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Content' }).click();
    await page.getByRole('link', { name: /^Pages/ }).click();
    await page.getByRole('table', { name: 'Pages' }).getByRole('link', { name: about.title }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`About the corner ${key}`);
    await page.getByRole('textbox', { name: 'Title in العربية' }).fill(`عن الركن ${key}`);
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(toast(page, 'Page updated')).toBeVisible();

    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: `About the corner ${key}` })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: `About the corner ${key}` })).toHaveAttribute('href', '/about-us');
    await inArabic(page);
    await expect(page.getByRole('heading', { level: 1, name: `عن الركن ${key}` })).toBeVisible();
  } finally {
    // A locale sent replaces all its texts: the Arabic body goes back with its title.
    const restored = await page.request.patch(`/api/console/content-pages/${about.id}`, { data: { title: about.title, translations: about.translations } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('the owner adds a page of their own to the footer’s Help column', async ({ page }) => {
  const slug = `gift-wrapping-${randomUUID().slice(0, 6)}`;
  await page.goto('/console');
  await signInThroughStorefront(page);
  await page.goto('/console/content/pages');
  await page.getByRole('link', { name: 'New page' }).click();
  await page.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Gift wrapping');
  await page.getByLabel('Footer column').selectOption('help');
  await page.getByRole('switch', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(toast(page, 'Page created')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/content\/pages\/\d+$/);
  const id = page.url().split('/').at(-1);
  try {
    await page.goto('/');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Gift wrapping' });
    await expect(link).toHaveAttribute('href', `/page/${slug}`);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gift wrapping' })).toBeVisible();
  } finally {
    const unpublished = await page.request.patch(`/api/console/content-pages/${id}`, { data: { is_published: false } });
    expect(unpublished.status(), await unpublished.text()).toBe(200);
  }
});
