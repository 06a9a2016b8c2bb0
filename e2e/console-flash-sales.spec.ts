import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { instantToZonedLocal } from '../src/shared/store-time.ts';
import { DEMO_SELLER, signInThroughStorefront } from './console-sign-in.ts';
import { aliveAfterLoads, expect, test, toast } from './fixtures.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

const price = (amount: number) => `$${amount.toFixed(2)}`;
const NORMAL_PRICE = 80;
const SALE_PRICE = 60;

const bannerPicture = async () => ({
  name: 'flash-banner.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: 200, g: 60, b: 40 } } }).png().toBuffer(),
});

/** The cart panel's subtotal once the shop's line is selected (what the cart charges for it) is `amount`; the panel is closed again. */
async function expectCartSubtotal(page: Page, shopName: string, amount: number) {
  await page.getByRole('banner').getByRole('button', { name: /^My Cart/ }).click();
  const panel = page.getByRole('dialog', { name: 'My Cart' });
  await panel.getByRole('checkbox', { name: shopName }).check();
  await expect(panel.getByTestId('cart-figures').getByRole('definition').first()).toHaveText(price(amount));
  await panel.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(panel).toBeHidden();
}

test('the owner opens a flash sale, a seller enrols a variant at a sale price, the owner approves, the storefront counts down at the sale price, and after the end the cart charges the normal price', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const key = randomUUID().slice(0, 8);
  const saleName = `Lamp hour ${key}`;
  const productName = `Flash lamp ${key}`;

  // A product of the seller's own, which no other journey buys or counts: they pick in-stock products
  // with at least 5 (a guest's order of it during the sale would be sold at its price and keep the sale).
  const admin = await adminAuthorization(request);
  const seller = await adminAuthorization(request, DEMO_SELLER);
  const { shop } = await apiData(request, 'GET /console/me', { authorization: seller });
  const { categories } = await apiData(request, 'GET /categories');
  const { product } = await apiData(request, 'POST /console/products', {
    authorization: admin,
    body: { name: productName, category_id: categories[0]!.id, shop_id: shop!.id, status: 'active', sku: `E2E-FLASH-${key}`, price: NORMAL_PRICE, variants: [{ sku: `E2E-FLASH-${key}-1`, stock: 4 }] },
  });
  const { settings } = await apiData(request, 'GET /console/settings', { authorization: admin });
  const storeClock = (moment: Date) => instantToZonedLocal(moment.toISOString(), settings.time_zone);

  // The owner opens the sale now, its enrolment open until it ends in half an hour.
  await page.goto('/console');
  await signInThroughStorefront(page);
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Flash sales' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flash sales' })).toBeVisible();
  await page.getByRole('link', { name: 'New flash sale' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(saleName);
  await page.getByRole('textbox', { name: 'Name in العربية' }).fill(`ساعة المصابيح ${key}`);
  await page.getByRole('group', { name: 'Banner', exact: true }).getByLabel('Choose a picture').setInputFiles(await bannerPicture());
  await expect(page.getByRole('group', { name: 'Banner', exact: true }).getByRole('img')).toBeVisible();
  await page.getByRole('textbox', { name: 'Banner description', exact: true }).fill('Lamps at an hour’s prices');
  await expect(page.getByText('Times are in the store’s time zone:')).toContainText(settings.time_zone);
  const now = new Date();
  const ends = new Date(now.getTime() + 30 * 60_000);
  await page.getByLabel('Starts at', { exact: true }).fill(storeClock(now));
  await page.getByLabel('Ends at', { exact: true }).fill(storeClock(ends));
  await page.getByLabel('Enrolment starts at').fill(storeClock(now));
  await page.getByLabel('Enrolment ends at').fill(storeClock(ends));
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Flash sale created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: saleName })).toBeVisible();
  const saleId = Number(/\/flash-sales\/(\d+)$/.exec(page.url())![1]);

  // The seller finds it open for enrolment and offers their lamp at a sale price.
  const sellerContext = await browser.newContext();
  const sellerPage = aliveAfterLoads(await sellerContext.newPage());
  await sellerPage.goto('/console');
  await signInThroughStorefront(sellerPage, DEMO_SELLER);
  await sellerPage.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Flash sales' }).click();
  await sellerPage.getByRole('table', { name: 'Flash sales' }).getByRole('link', { name: saleName }).click();
  await sellerPage.getByRole('searchbox', { name: 'Search your products' }).fill(productName);
  await sellerPage.getByRole('searchbox', { name: 'Search your products' }).press('Enter');
  await sellerPage.getByRole('button', { name: `Add ${productName}` }).click();
  const offer = sellerPage.getByRole('group', { name: productName });
  await offer.getByRole('spinbutton', { name: 'Sale price' }).fill(String(SALE_PRICE));
  await offer.getByRole('spinbutton', { name: 'Sale stock cap' }).fill('3');
  await sellerPage.getByRole('button', { name: 'Enrol', exact: true }).click();
  await expect(toast(sellerPage, 'Products enrolled')).toBeVisible();
  const offered = sellerPage.getByRole('table', { name: 'Your enrolments' }).getByRole('row').filter({ hasText: productName });
  await expect(offered).toContainText('Pending');
  await expect(offered).toContainText(`${NORMAL_PRICE.toFixed(2)}`);
  await expect(offered).toContainText(`${SALE_PRICE.toFixed(2)}`);

  // The owner approves it from the sale's enrolments.
  await page.reload();
  const enrolled = page.getByRole('table', { name: 'Enrolments' }).getByRole('row').filter({ hasText: productName });
  await expect(enrolled).toContainText('Pending');
  await enrolled.getByRole('button', { name: `Approve ${productName}` }).click();
  await page.getByRole('dialog', { name: `Approve ${productName} at ${SALE_PRICE.toFixed(2)}?` }).getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Enrolment approved')).toBeVisible();
  await expect(enrolled).toContainText('Approved');
  await sellerPage.reload();
  await expect(offered).toContainText('Approved');
  await sellerContext.close();

  // The storefront counts the sale down with the lamp at its sale price, and the cart charges it.
  const shopper = await registerShopper(request, 'Flash Shopper');
  const shopperContext = await browser.newContext();
  const store = aliveAfterLoads(await shopperContext.newPage());
  await startSignedIn(store, shopper);
  await store.goto(`/flash-sale/${saleId}`);
  await expect(store.getByRole('heading', { level: 1, name: saleName })).toBeVisible();
  await expect(store.getByText('Ends in')).toBeVisible();
  await expect(store.getByRole('timer')).toBeVisible();
  const card = store.getByRole('main').getByRole('listitem').filter({ hasText: productName });
  await expect(card).toContainText(price(SALE_PRICE));
  await apiData(request, 'POST /cart/store', { body: { product_id: product.id, quantity: 1 }, authorization: shopper.authorization });
  await store.reload();
  await expectCartSubtotal(store, shop!.name, SALE_PRICE);

  // The owner ends the sale early: the storefront says so, and the cart is back at the normal price.
  await page.getByRole('button', { name: 'End early' }).click();
  await page.getByRole('dialog', { name: `End the flash sale ${saleName} now?` }).getByRole('button', { name: 'End now' }).click();
  await expect(toast(page, 'Flash sale ended')).toBeVisible();
  await expect(page.getByText('This flash sale has ended: it can no longer be changed.')).toBeVisible();

  await store.goto(`/flash-sale/${saleId}`);
  await expect(store.getByText('This flash sale has ended')).toBeVisible();
  await expectCartSubtotal(store, shop!.name, NORMAL_PRICE);
  await shopperContext.close();

  // Nothing stays for the other journeys: the sale (no orders) and the product go.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete the flash sale ${saleName}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Flash sale deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/flash-sales$/);
  await apiData(request, 'PATCH /console/products/:id', { params: { id: String(product.id) }, body: { status: 'draft' }, authorization: admin });
});
