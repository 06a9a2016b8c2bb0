import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_SELLER, signInThroughStorefront } from './console-sign-in.ts';
import { cityAndCountry } from './addresses.ts';
import { aliveAfterLoads, expect, test, toast } from './fixtures.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** The seeded seller (src/server/seed/accounts.seed.ts), owner of the first shop. */

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

/** A fresh shopper's cash order of one product of the seller's shop, placed in `locale` and confirmed by the seller through the API. */
async function confirmedSellerOrder(request: APIRequestContext, locale: string) {
  const sellerAuthorization = await adminAuthorization(request, DEMO_SELLER);
  const me = await apiData(request, 'GET /console/me', { authorization: sellerAuthorization });
  const shopper = await registerShopper(request, 'Parcel Tester');
  const { authorization } = shopper;
  const { address } = await apiData(request, 'POST /addresses', {
    body: { name: 'Parcel Tester', phone: '2025550177', area: 'Harbour', address_line: '9 Dock Road', ...(await cityAndCountry(request)), is_default: true },
    authorization,
  });
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest', shop_id: me.shop!.id } });
  // From the far end of the list: other journeys buy (and count the stock of) the newest products.
  const inStock = products.filter((product) => product.quantity >= 5);
  const card = inStock.findLast((product) => product.colors.length === 0 && product.sizes.length === 0) ?? inStock.at(-1)!;
  await apiData(request, 'POST /cart/store', { body: { product_id: card.id, quantity: 1, unit: card.unit, color: card.colors[0]?.id, size: card.sizes[0]?.id }, authorization });
  const placed = await apiData(request, 'POST /place-order', {
    body: { shop_ids: [card.shop.id], address_id: address.id, payment_method: 'cash' },
    authorization,
    headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': locale },
  });
  const order = placed.orders[0]!;
  await apiData(request, 'POST /console/orders/:id/status', { params: { id: String(order.id) }, body: { status: 'confirm' }, authorization: sellerAuthorization });
  return { shopper, order };
}

for (const locale of ['en', 'ar'] as const) {
  test(`the seller ships an order with a tracking number and link, and the shopper sees them in Order Details (${locale})`, async ({ page, browser, request }) => {
    const { shopper, order } = await confirmedSellerOrder(request, locale);
    const tracking = `JD${randomUUID().slice(0, 8).toUpperCase()}`;
    const link = `https://track.example.test/parcels/${tracking}`;

    await page.goto(`/console/orders/${order.id}`);
    await signInThroughStorefront(page, DEMO_SELLER);
    await page.goto(`/console/orders/${order.id}`);
    const shipments = page.getByRole('region', { name: 'Shipments' });
    await shipments.getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${order.order_number}` });
    await dialog.getByLabel('Carrier').fill('DHL Express');
    await dialog.getByLabel('Tracking number').fill(tracking);
    await dialog.getByLabel('Tracking link (https)').fill(link);
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect(dialog).toBeHidden();
    await expect(shipments).toContainText(tracking);
    await expect(shipments.getByRole('link', { name: link })).toHaveAttribute('href', link);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('On The Way');

    const messages = (await (await request.get(`/api/lang/${locale}`)).json()) as Record<string, string>;
    const t = (text: string) => messages[text] ?? text;
    const shopperContext = await browser.newContext();
    const shopperPage = aliveAfterLoads(await shopperContext.newPage());
    await startSignedIn(shopperPage, shopper, { settings: { state: { locale, langDirection: locale === 'ar' ? 'rtl' : 'ltr' }, version: 1 } });
    await shopperPage.goto(`/order-history/${order.id}`);
    await expect(shopperPage.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    const parcels = shopperPage.locator('section').filter({ has: shopperPage.getByRole('heading', { name: t('Shipments') }) });
    await expect(parcels).toContainText('DHL Express');
    await expect(parcels).toContainText(tracking);
    await expect(parcels).toContainText(t('Carrier'));
    await expect(parcels.getByRole('link', { name: t('Track the parcel') })).toHaveAttribute('href', link);
    await expect(shopperPage.getByRole('heading', { level: 1 }).getByTestId('order-status')).toHaveText(t('On The Way'));

    // A mistyped number corrected in the console reaches the shopper's open page without a reload.
    const corrected = `${tracking}X`;
    const correctedLink = `https://track.example.test/parcels/${corrected}`;
    await shipments.getByRole('button', { name: 'Correct tracking' }).click();
    const correction = page.getByRole('dialog', { name: `Correct the tracking of parcel ${tracking}` });
    await correction.getByLabel('Tracking number').fill(corrected);
    await correction.getByLabel('Tracking link (https)').fill(correctedLink);
    await correction.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Shipment updated')).toBeVisible();
    await expect(shipments).toContainText(corrected);
    await expect(toast(shopperPage, t('New tracking for your order #{{number}}').replace('{{number}}', order.order_number))).toBeVisible();
    await expect(parcels).toContainText(corrected);
    await expect(parcels.getByRole('link', { name: t('Track the parcel') })).toHaveAttribute('href', correctedLink);
    await shopperContext.close();
  });
}
