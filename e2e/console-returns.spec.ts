import type { APIRequestContext } from '@playwright/test';
import { DEMO_SELLER, signInThroughStorefront } from './console-sign-in.ts';
import { aliveAfterLoads, expect, test, toast } from './fixtures.ts';
import { addDefaultAddress, deliverThroughApi, placeCashOrder } from './own-shop.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** The seeded seller (src/server/db/seed/accounts.seed.ts), owner of the first shop. */

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

/** A fresh shopper's cash order of two units of one of the seller's products, placed in `locale`, shipped with tracking and delivered by the seller through the API. */
async function deliveredSellerOrder(request: APIRequestContext, locale: string) {
  const seller = await adminAuthorization(request, DEMO_SELLER);
  const me = await apiData(request, 'GET /console/me', { authorization: seller });
  const shopper = await registerShopper(request, 'Return Tester');
  const address = await addDefaultAddress(request, shopper);
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest', shop_id: me.shop!.id } });
  // From the far end of the list: other journeys buy (and count the stock of) the newest products.
  const inStock = products.filter((product) => product.quantity >= 5);
  const card = inStock.findLast((product) => product.colors.length === 0 && product.sizes.length === 0) ?? inStock.at(-1)!;
  const order = await placeCashOrder(request, shopper, card, { quantity: 2, addressId: address.id, locale, color: card.colors[0]?.id, size: card.sizes[0]?.id });
  const confirmed = await deliverThroughApi(request, order.id, seller);
  return { shopper, order, productName: confirmed.lines[0]!.name, paid: confirmed.payable_amount };
}

test('a shopper (in Arabic) downloads the invoice and returns one of two units; the seller approves, receives and refunds it; the shopper sees the refund', async ({ page, browser, request }) => {
  const { shopper, order, productName, paid } = await deliveredSellerOrder(request, 'ar');
  const messages = (await (await request.get('/api/lang/ar')).json()) as Record<string, string>;
  const t = (text: string) => messages[text] ?? text;

  const shopperContext = await browser.newContext();
  const shopperPage = aliveAfterLoads(await shopperContext.newPage());
  await startSignedIn(shopperPage, shopper, { settings: { state: { locale: 'ar', langDirection: 'rtl' }, version: 1 } });
  await shopperPage.goto(`/order-history/${order.id}`);
  await expect(shopperPage.locator('html')).toHaveAttribute('dir', 'rtl');

  const download = shopperPage.waitForEvent('download');
  await shopperPage.getByRole('link', { name: t('Download invoice') }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${order.order_number}.pdf`);

  const returns = shopperPage.locator('section').filter({ has: shopperPage.getByRole('heading', { name: t('Returns and refunds') }) });
  await returns.getByRole('button', { name: t('Request a return') }).click();
  const asking = shopperPage.getByRole('dialog', { name: t('Request a return') });
  await asking.getByLabel(productName).selectOption('1');
  await asking.getByLabel(t('Reason for the return')).fill('المقاس غير مناسب');
  await asking.getByRole('button', { name: t('Request return') }).click();
  await expect(asking).toBeHidden();
  await expect(returns).toContainText(`1 × ${productName}`);

  const { returns: asked } = await apiData(request, 'GET /orders/:id/returns', { params: { id: String(order.id) }, authorization: shopper.authorization });
  const returnId = asked[0]!.id;

  await page.goto(`/console/returns/${returnId}`);
  await signInThroughStorefront(page, DEMO_SELLER);
  await page.goto(`/console/returns/${returnId}`);
  await expect(page.getByRole('heading', { name: `Return #${returnId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  const approving = page.getByRole('dialog', { name: 'Approve the return' });
  await approving.getByLabel('Return instructions').fill('Send it to 1 Warehouse Road with the order number inside.');
  await approving.getByRole('button', { name: 'Approve' }).click();
  await expect(approving).toBeHidden();

  await page.getByRole('button', { name: 'Mark received' }).click();
  const receiving = page.getByRole('dialog', { name: 'Mark the return received' });
  await receiving.getByRole('button', { name: 'Mark received' }).click();
  await expect(receiving).toBeHidden();

  await page.getByRole('button', { name: 'Refund the return' }).click();
  const refunding = page.getByRole('dialog', { name: 'Refund the return' });
  await refunding.getByLabel('Reason').fill('Returned: wrong size');
  await refunding.getByRole('button', { name: 'Refund' }).click();
  await expect(refunding).toBeHidden();
  await expect(page.getByText(/^Refunded /)).toBeVisible();

  // No reload: each step reached the shopper's open page live.
  await expect(toast(shopperPage, t('Return refunded'))).toBeVisible();
  await expect(returns.getByTestId('refund')).toContainText(t('Refunded'));
  await expect(returns.getByTestId('refund')).toContainText('Returned: wrong size');
  const after = await apiData(request, 'GET /orders/:id/returns', { params: { id: String(order.id) }, authorization: shopper.authorization });
  // One of two units: part of what was paid.
  expect(after.refunded_amount).toBeGreaterThan(0);
  expect(after.refunded_amount).toBeLessThan(paid);
  await shopperContext.close();
});
