import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

interface StorefrontCategory {
  name: string;
  thumbnail: string;
  sub_categories: { name: string }[];
}

/** The storefront's categories, in its order (`GET /api/categories`). */
async function storefrontCategories(request: APIRequestContext): Promise<StorefrontCategory[]> {
  const answer = await request.get('/api/categories', { headers: { Accept: 'application/json' } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { categories: StorefrontCategory[] } }).data.categories;
}

test('the store owner creates a category with a sub-category, renames, reorders and archives it, and it leaves the storefront; the page reads right to left in Arabic', async ({ page, request }) => {
  const key = randomUUID().slice(0, 8);
  const first = `Lanterns ${key}`;
  const renamed = `Lights ${key}`;
  const child = `Hanging ${key}`;

  await page.goto('/console');
  await signInThroughStorefront(page);
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  const categories = page.getByRole('list', { name: 'Categories' });

  // A new category, with a picture uploaded to the media library.
  await page.getByRole('button', { name: 'New category' }).click();
  const create = page.getByRole('dialog', { name: 'New category' });
  await create.getByLabel('Name', { exact: true }).fill(first);
  await create.getByLabel('Choose a picture').setInputFiles({
    name: 'lantern.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 150, b: 40 } } }).png().toBuffer(),
  });
  await expect(create.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', /^\/media\/uploads\//);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Category created')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(categories.getByText(first, { exact: true })).toBeVisible();

  // Its sub-category.
  await page.getByRole('button', { name: `Sub-categories of ${first}` }).click();
  await page.getByRole('button', { name: 'New sub-category' }).click();
  const createChild = page.getByRole('dialog', { name: 'New sub-category' });
  await createChild.getByLabel('Name', { exact: true }).fill(child);
  await createChild.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Sub-category created')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sub-categories' }).getByText(child, { exact: true })).toBeVisible();

  // Renamed: the storefront shows the new name with its sub-category and picture at once.
  await page.getByRole('button', { name: `Edit ${first}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${first}` });
  await edit.getByLabel('Name', { exact: true }).fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Category updated')).toBeVisible();
  await expect(categories.getByText(renamed, { exact: true })).toBeVisible();
  const shown = (await storefrontCategories(request)).find((category) => category.name === renamed);
  expect(shown?.sub_categories.map((sub) => sub.name)).toEqual([child]);
  expect(shown?.thumbnail).toMatch(/\/media\/uploads\//);

  // Reordered with the keyboard (dnd-kit's keyboard sensor): one place up, as the storefront then lists it.
  const before = (await storefrontCategories(request)).map((category) => category.name);
  expect(before.at(-1)).toBe(renamed);
  // Each key waits for what dnd-kit's live region says, as a screen reader user would hear it.
  const announced = (text: string) => expect(page.locator('[id^="DndLiveRegion"]', { hasText: text })).toHaveCount(1);
  await page.getByRole('button', { name: `Drag ${renamed} to reorder` }).focus();
  await page.keyboard.press('Space');
  await announced(`${renamed} is at position ${before.length} of ${before.length}.`);
  // dnd-kit's keyboard sensor adds its key listener in a timer after the pick-up; a timer set now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowUp');
  await announced(`${renamed} is at position ${before.length - 1} of ${before.length}.`);
  await page.keyboard.press('Space');
  await announced(`${renamed} dropped at position ${before.length - 1} of ${before.length}.`);
  await expect(toast(page, 'Categories reordered')).toBeVisible();
  const expected = [...before.slice(0, -2), renamed, before.at(-2)];
  await expect.poll(async () => (await storefrontCategories(request)).map((category) => category.name)).toEqual(expected);

  // Archived after asking: gone from the console's list and the storefront's categories.
  await page.getByRole('button', { name: `Archive ${renamed}` }).click();
  await page.getByRole('dialog', { name: `Archive the category ${renamed}?` }).getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Category archived')).toBeVisible();
  await expect(categories.getByText(renamed, { exact: true })).toBeHidden();
  await expect.poll(async () => (await storefrontCategories(request)).map((category) => category.name)).not.toContain(renamed);

  // In Arabic, right to left: the archived category shows among the archived ones, to be restored.
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الفئات' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'إظهار المؤرشف' }).check();
  const row = page.getByRole('listitem').filter({ hasText: renamed }).first();
  await expect(row.getByText('مؤرشف', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `استعادة ${renamed}` })).toBeVisible();
  // Right to left: the drag handle starts the row on its right side.
  const handle = await row.getByRole('button', { name: `اسحب ${renamed} لتغيير الترتيب` }).boundingBox();
  const box = await row.boundingBox();
  expect(handle!.x + handle!.width).toBeGreaterThan(box!.x + box!.width - 60);
});
