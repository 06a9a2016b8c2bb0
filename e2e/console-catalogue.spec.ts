import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { cityAndCountry } from './addresses.ts';
import { signInThroughStorefront } from './console-sign-in.ts';
import { aliveAfterLoads, expect, test, toast } from './fixtures.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** The seeded owner of the first shop (src/server/seed/accounts.seed.ts): the shop's catalogue in the console. */
/** Chooses a variant's colour in its searchable picker: the store's first colours, after "None". */
async function chooseColor(page: Page, variant: number, nth: number) {
  await page.getByRole('button', { name: `Color, variant ${variant}` }).click();
  // By keyboard, as the picker is meant to be used: the list starts on "None".
  const box = page.getByRole('combobox', { name: `Color, variant ${variant}` });
  await expect(box).toBeFocused();
  for (let step = 0; step < nth; step += 1) await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page.getByRole('button', { name: `Color, variant ${variant}` })).not.toHaveText('None');
}

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
  await chooseColor(page, 1, 1);
  await page.getByLabel('Initial stock, variant 1').fill('2');
  await page.getByRole('button', { name: 'Add variant' }).click();
  await page.getByLabel('SKU, variant 2').fill(`${sku}-B`);
  await chooseColor(page, 2, 2);
  await page.getByLabel('Initial stock, variant 2').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(toast(page, 'Product created')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/products\/\d+$/);

  await page.getByRole('link', { name: 'Back to products' }).click();
  const search = page.getByRole('searchbox', { name: 'Search products' });
  // The list is on screen before its shortcut is pressed, as a person would see it first.
  await expect(search).toBeVisible();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(sku);
  await expect(row.getByRole('cell').nth(5)).toHaveText('5');

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

  // An edit of one field keeps every other: the category and the status stay as they were.
  const productId = Number(/\/console\/products\/(\d+)$/.exec(page.url())![1]);
  const saved = async () => ((await (await page.request.get(`/api/console/products/${productId}`)).json()) as { data: { product: { name: string; status: string; category_id: number; images: string[] } } }).data.product;
  const before = await saved();
  await page.getByLabel('Name', { exact: true }).fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `${name} renamed` })).toBeVisible();
  expect(await saved()).toMatchObject({ name: `${name} renamed`, status: before.status, category_id: before.category_id, images: before.images });

  await page.getByRole('link', { name: 'Back to products' }).click();
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(5)).toHaveText('10');

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'المنتجات' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'البحث عن المنتجات' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'ترتيب حسب' })).toBeVisible();
  // Right to left: the table's first column starts at the right.
  const table = await page.getByRole('table').boundingBox();
  const firstHeader = await page.getByRole('columnheader').first().boundingBox();
  expect(firstHeader!.x + firstHeader!.width).toBeGreaterThan(table!.x + table!.width - 5);
  // The Latin name keeps its own direction in the Arabic list (its end punctuation would otherwise lead).
  const nameLink = page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: `${name} renamed` });
  expect(await nameLink.evaluate((link) => getComputedStyle(link).direction)).toBe('ltr');

  // The store's content is named in Arabic too: the variant's colour on the stock screen.
  const [{ product }, { items: colors }] = await Promise.all([apiData(page.request, 'GET /console/products/:id', { params: { id: String(productId) } }), apiData(page.request, 'GET /console/colors')]);
  const colour = colors.find((item) => item.id === product.variants.find((variant) => variant.sku === `${sku}-A`)!.color_id)!;
  expect(colour.translations.ar?.name).toBeTruthy();
  await page.goto(`/console/stock?search=${encodeURIComponent(`${sku}-A`)}`);
  await expect(page.getByRole('heading', { name: 'المخزون' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${sku}-A` })).toContainText(colour.translations.ar!.name!);
});

test.describe('the grid of combinations', () => {
  // Before signing in, GET /api/console/me answers 401 on purpose.
  test.use({ allowedBrowserErrors: [/status of 401/] });

  test('a seller makes a product in two colours and two sizes from the grid of combinations, and the storefront offers the four', async ({ page, request }) => {
    const name = `Trail tee ${Date.now()}`;
    await page.goto('/console');
    await signInThroughStorefront(page, DEMO_SELLER);
    await page.goto('/console/products/new');
    await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('SKU', { exact: true }).fill(`TT-${Date.now()}`);
    const category = page.getByLabel('Category', { exact: true });
    await expect(category.locator('option')).not.toHaveCount(1);
    await category.selectOption({ index: 1 });
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await page.getByLabel('Price', { exact: true }).fill('30');

    // Two colours and two sizes, by keyboard: each time the first one not chosen yet.
    for (const [picker, group] of [['Add a colour', 'Colours'], ['Add a colour', 'Colours'], ['Add a size', 'Sizes'], ['Add a size', 'Sizes']] as const) {
      const chips = page.getByRole('group', { name: group }).getByRole('listitem');
      const before = await chips.count();
      await page.getByRole('button', { name: picker }).click();
      await expect(page.getByRole('combobox', { name: picker })).toBeFocused();
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      await page.getByRole('combobox', { name: picker }).press('Enter');
      await expect(chips).toHaveCount(before + 1);
    }
    await page.getByRole('button', { name: 'Make the combinations' }).click();
    const skus = page.getByRole('textbox', { name: /^SKU, variant \d$/ });
    await expect(skus).toHaveCount(4);
    const stem = name.toUpperCase().replaceAll(' ', '-');
    for (const sku of await skus.all()) await expect(sku).toHaveValue(new RegExp(`^${stem}-[A-Z0-9]+-[A-Z0-9]+$`));

    await page.getByLabel('Price, variant 1', { exact: true }).fill('32.50');
    await page.getByRole('button', { name: "Fill down the first row's price to every row" }).click();
    await expect(page.getByLabel('Price, variant 4', { exact: true })).toHaveValue('32.5');
    await page.getByLabel('Initial stock, variant 1', { exact: true }).fill('5');
    await page.getByRole('button', { name: "Fill down the first new row's initial stock to every new row" }).click();
    await expect(page.getByLabel('Initial stock, variant 4', { exact: true })).toHaveValue('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Product created')).toBeVisible();
    await expect(page).toHaveURL(/\/console\/products\/\d+$/);
    const productId = Number(/\/console\/products\/(\d+)$/.exec(page.url())![1]);

    // The storefront's page offers each of the four combinations, at the price filled down.
    const { product } = await apiData(request, 'GET /products/:id', { params: { id: productId } });
    expect(product.variants).toHaveLength(4);
    await page.goto(`/products/${productId}/details`);
    const summary = page.getByTestId('product-summary');
    await expect(summary.getByRole('group', { name: 'Color' }).getByRole('radio')).toHaveCount(2);
    await expect(summary.getByRole('group', { name: 'Size' }).getByRole('radio')).toHaveCount(2);
    for (const variant of product.variants) {
      const colour = product.colors.find((entry) => entry.id === variant.color_id)!;
      const size = product.sizes.find((entry) => entry.id === variant.size_id)!;
      await summary.getByRole('group', { name: 'Color' }).getByRole('radio', { name: colour.name, exact: true }).check({ force: true });
      await summary.getByRole('group', { name: 'Size' }).getByRole('radio', { name: size.name, exact: true }).check({ force: true });
      await expect(page.getByTestId('product-sku')).toHaveText(variant.sku);
      expect(variant.sku).toBe(`${stem}-${colour.name.toUpperCase().replace(/[^A-Z0-9]/g, '')}-${size.name.toUpperCase().replace(/[^A-Z0-9]/g, '')}`);
      expect(variant.price).toBe(32.5);
    }
  });
});

/** The store's owner switches product approval through the operations API (decision 033). */
async function setProductApproval(request: APIRequestContext, on: boolean) {
  const response = await request.patch('/api/admin/settings', { headers: { Authorization: await adminAuthorization(request) }, data: { product_approval: on } });
  expect(response.ok(), await response.text()).toBe(true);
}

const picture = async (name: string, red: number) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: red, g: 120, b: 90 } } }).png().toBuffer(),
});

test('a new shop is approved, adds a product with two variants and pictures, staff approve it in Arabic, a shopper buys a variant and the seller sees the stock drop in its ledger', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const key = randomUUID().slice(0, 8);
  const shopName = `Loom & Linen ${key}`;
  const productName = `Linen Throw ${key}`;
  const sku = `LT-${key.toUpperCase()}`;
  await setProductApproval(request, true);
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    // A person applies for a shop on the storefront.
    await page.goto('/shop/register');
    await page.getByLabel('Name', { exact: true }).fill('Lena Loom');
    await page.getByLabel('Email', { exact: true }).fill(`loom-${key}@example.test`);
    await page.getByLabel('Password').fill('seller-password');
    await page.getByLabel('Shop Name').fill(shopName);
    await page.getByLabel('Shop Email').fill(`loom-shop-${key}@example.test`);
    await page.getByLabel('Shop Phone').fill('5550193456');
    await page.getByLabel('Address').fill('3 Weaver Row');
    await page.getByLabel('Description').fill('Woven throws and linen.');
    await page.getByLabel('Logo').setInputFiles(await picture('logo.png', 200));
    await page.getByLabel('Banner').setInputFiles(await picture('banner.png', 150));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByRole('status').getByText('Your shop is waiting for approval')).toBeVisible();

    // The store's owner approves the shop in the console.
    const staffPage = aliveAfterLoads(await staff.newPage());
    await staffPage.goto('/console/shops');
    await signInThroughStorefront(staffPage);
    await staffPage.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Shops approval' }).click();
    const application = staffPage.getByRole('row').filter({ hasText: shopName });
    await application.getByRole('button', { name: 'Approve' }).click();
    await staffPage.getByRole('dialog', { name: `Approve ${shopName}?` }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(staffPage, `${shopName} is approved.`)).toBeVisible();

    // The new seller adds a product with two variants and pictures; it waits for the store's approval.
    await page.goto('/console/products/new');
    await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(productName);
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    const category = page.getByLabel('Category', { exact: true });
    await expect(category.locator('option')).not.toHaveCount(1);
    await category.selectOption({ index: 1 });
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await page.getByLabel('Price', { exact: true }).fill('39.00');
    const productPictures = page.getByRole('group', { name: 'Product pictures' });
    await productPictures.getByLabel('Add pictures').setInputFiles([await picture('front.png', 90), await picture('folded.png', 60)]);
    await expect(productPictures.getByRole('img', { name: 'Picture 2' })).toBeVisible();
    await page.getByLabel('SKU, variant 1').fill(`${sku}-A`);
    await chooseColor(page, 1, 1);
    await page.getByLabel('Initial stock, variant 1').fill('3');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('SKU, variant 2').fill(`${sku}-B`);
    await chooseColor(page, 2, 2);
    await page.getByLabel('Initial stock, variant 2').fill('4');
    const variantPictures = page.getByRole('group', { name: 'Pictures, variant 2' });
    await variantPictures.getByLabel('Add pictures').setInputFiles([await picture('variant.png', 30), await picture('variant-back.png', 45)]);
    await expect(variantPictures.getByRole('img', { name: 'Picture 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Product submitted for approval')).toBeVisible();
    await expect(page.getByText("A change to this product awaits the store's approval.")).toBeVisible();
    const productId = Number(/\/console\/products\/(\d+)$/.exec(page.url())![1]);
    expect((await request.get(`/api/products/${productId}`)).status()).toBe(404);

    // Staff, reading the console in Arabic, approve it from the queue.
    await staffPage.getByRole('button', { name: 'Language: English' }).click();
    await staffPage.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(staffPage.locator('html')).toHaveAttribute('dir', 'rtl');
    await staffPage.getByRole('navigation', { name: 'صفحات لوحة الإدارة' }).getByRole('link', { name: 'موافقة المنتجات' }).click();
    await staffPage.getByRole('button', { name: productName }).click();
    const review = staffPage.getByRole('dialog', { name: `مراجعة ${productName}` });
    await review.getByRole('button', { name: 'موافقة' }).click();
    await expect(toast(staffPage, `تمت الموافقة على التغيير في ${productName}.`)).toBeVisible();

    // A shopper finds it and buys the second variant.
    const { product } = await apiData(request, 'GET /products/:id', { params: { id: productId } });
    expect(product.name).toBe(productName);
    const bought = product.variants.find((variant) => variant.sku === `${sku}-B`)!;
    const colour = product.colors.find((entry) => entry.id === bought.color_id)!;
    const buyer = await registerShopper(request, 'Linen Shopper');
    await apiData(request, 'POST /addresses', {
      body: { name: 'Home', phone: '2025550199', area: 'Downtown', flat_no: '4B', address_type: 'home', address_line: '12 Market Street', post_code: '94105', ...(await cityAndCountry(request)), is_default: true },
      authorization: buyer.authorization,
    });
    const shopperPage = aliveAfterLoads(await shopper.newPage());
    await startSignedIn(shopperPage, buyer);
    await shopperPage.goto(`/products?search=${encodeURIComponent(productName)}`);
    await shopperPage.getByRole('link', { name: productName }).first().click();
    const summary = shopperPage.getByTestId('product-summary');
    await summary.getByRole('group', { name: 'Color' }).getByRole('radio', { name: colour.name, exact: true }).check({ force: true });
    await expect(shopperPage.getByTestId('product-sku')).toHaveText(`${sku}-B`);
    // The gallery shows the variant's two pictures first, then the product's two.
    expect(bought.images).toHaveLength(2);
    const gallery = shopperPage.getByTestId('product-gallery');
    await expect(gallery.getByRole('button', { name: /^Show image \d of 4$/ })).toHaveCount(4);
    await expect(gallery.getByRole('img', { name: productName })).toHaveAttribute('src', bought.images[0]!);
    await summary.getByRole('button', { name: 'Buy Now' }).click();
    await shopperPage.getByRole('button', { name: 'Place Order' }).click();
    await expect(shopperPage.getByRole('dialog', { name: 'Order placed' })).toBeVisible();

    // The seller sees the variant's stock drop by one, and the sale in its ledger.
    await page.goto(`/console/stock?search=${encodeURIComponent(`${sku}-B`)}`);
    const row = page.getByRole('row').filter({ hasText: `${sku}-B` });
    await expect(row.getByRole('cell').filter({ hasText: /^3/ })).toBeVisible();
    await row.getByRole('button', { name: `Stock history of ${sku}-B` }).click();
    const ledger = page.getByRole('table', { name: `Stock history of ${sku}-B` });
    await expect(ledger.getByRole('row').filter({ hasText: 'Order' })).toContainText('−1');
    await expect(ledger.getByRole('row').filter({ hasText: 'Import' })).toBeVisible();
  } finally {
    await setProductApproval(request, false);
    await staff.close();
    await shopper.close();
  }
});

test.describe("another shop's product", () => {
  // The console asks for the product and gets 404 (and, signed out, /api/console/me 401): failed resources to the browser.
  test.use({ allowedBrowserErrors: [/status of 40[14]/] });

  test('a seller who opens it by its id is told it is not found and sees nothing of it', async ({ page, request }) => {
    await page.goto('/console');
    await signInThroughStorefront(page, DEMO_SELLER);
    const me = (await (await page.request.get('/api/console/me')).json()) as { data: { shop: { id: number } } };
    const { products } = await apiData(request, 'GET /products', { query: { per_page: 100 } });
    const theirs = products.find((card) => card.shop.id !== me.data.shop.id)!;
    expect(theirs).toBeDefined();

    await page.goto(`/console/products/${theirs.id}`);
    await expect(page.getByText('Product not found')).toBeVisible();
    await expect(page.getByText(theirs.name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    expect((await page.request.get(`/api/console/products/${theirs.id}`)).status()).toBe(404);

    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  });
});
