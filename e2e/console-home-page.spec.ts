import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEFAULT_HOME_LAYOUT } from '../src/shared/home-content.contract.ts';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

const picture = async (name: string, red: number) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: red, g: 90, b: 140 } } }).png().toBuffer(),
});

/** The storefront home's product rows' headings, top to bottom. */
const rowHeadings = async (page: Page) =>
  (await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).filter((text) => ['Popular Products', 'Best Deals', 'Just For You'].includes(text.trim()));

test('the owner adds a banner with English and Arabic pictures, reorders the home page, previews and publishes it, and the storefront shows both', async ({ page }) => {
  test.setTimeout(180_000);
  const key = randomUUID().slice(0, 6);
  let bannerId: string | undefined;
  await page.goto('/console');
  await signInThroughStorefront(page);
  try {
    // A banner, with a picture and its description in English and in Arabic.
    await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Content' }).click();
    await page.getByRole('link', { name: /^Banners/ }).click();
    await page.getByRole('link', { name: 'New banner' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Winter picks ${key}`);
    await page.getByRole('textbox', { name: 'Title in العربية', exact: true }).fill(`مختارات الشتاء ${key}`);
    await page.getByRole('group', { name: 'Picture', exact: true }).getByLabel('Choose a picture').setInputFiles(await picture('winter-en.png', 40));
    await page.getByRole('group', { name: 'Picture in العربية', exact: true }).getByLabel('Choose a picture').setInputFiles(await picture('winter-ar.png', 200));
    await expect(page.getByRole('group', { name: 'Picture in العربية', exact: true }).getByRole('img')).toBeVisible();
    await page.getByRole('textbox', { name: 'Picture description (alt text)', exact: true }).fill(`Snowy boots ${key}`);
    await page.getByRole('textbox', { name: 'Picture description (alt text) in العربية', exact: true }).fill(`أحذية في الثلج ${key}`);
    await page.getByRole('textbox', { name: 'Link', exact: true }).fill('/best-deal');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Banner created')).toBeVisible();
    await expect(page).toHaveURL(/\/console\/content\/banners\/\d+$/);
    bannerId = page.url().split('/').at(-1);

    // The home page's sections: Best Deals above Popular Products, in the draft only.
    await page.goto('/console/content/home');
    await page.getByRole('button', { name: 'Move up Best Deals' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(toast(page, 'Draft saved')).toBeVisible();
    const previewUrl = await page.getByRole('link', { name: 'Open the preview' }).getAttribute('href');
    expect(previewUrl).toMatch(/^\/\?home_preview=/);

    const storefront = await page.context().newPage();
    await storefront.goto(previewUrl!);
    await expect.poll(() => rowHeadings(storefront)).toEqual(['Best Deals', 'Popular Products', 'Just For You']);
    await storefront.goto('/');
    await expect.poll(() => rowHeadings(storefront)).toEqual(['Popular Products', 'Best Deals', 'Just For You']);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'The home page is live')).toBeVisible();
    await expect(page.getByText('The storefront shows this layout.')).toBeVisible();

    // The storefront follows on the next request, in English and in Arabic.
    await storefront.goto('/');
    await expect.poll(() => rowHeadings(storefront)).toEqual(['Best Deals', 'Popular Products', 'Just For You']);
    const featured = storefront.getByRole('region', { name: 'Featured' });
    await expect(featured.getByRole('img', { name: `Snowy boots ${key}` })).toBeVisible();
    await expect(featured.getByText(`Winter picks ${key}`)).toBeVisible();
    const englishSource = await featured.getByRole('img', { name: `Snowy boots ${key}` }).getAttribute('src');
    await storefront.getByRole('button', { name: /Language/ }).click();
    const reloaded = storefront.waitForEvent('framenavigated');
    await storefront.getByRole('button', { name: 'العربية' }).click();
    await reloaded;
    await expect(storefront.locator('html')).toHaveAttribute('dir', 'rtl');
    const arabicPicture = storefront.getByRole('img', { name: `أحذية في الثلج ${key}` });
    await expect(arabicPicture).toBeVisible();
    await expect(arabicPicture).not.toHaveAttribute('src', englishSource!);
    await expect(storefront.getByText(`مختارات الشتاء ${key}`)).toBeVisible();
    await storefront.close();
  } finally {
    // Other journeys share the store: its home goes back to the seeded one.
    for (const [method, url, data] of [
      ['PUT', '/api/console/home-layout', DEFAULT_HOME_LAYOUT],
      ['POST', '/api/console/home-layout/publish', undefined],
      ...(bannerId ? [['PATCH', `/api/console/banners/${bannerId}`, { is_active: false }] as const] : []),
    ] as const) {
      const restored = await page.request.fetch(url, { method, ...(data && { data }) });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  }
});
