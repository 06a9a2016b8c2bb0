import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expectNoViolations } from './axe.ts';
import { DEMO_SELLER, signInThroughStorefront } from './console-sign-in.ts';
import { aliveAfterLoads, expect, figure, test, toast } from './fixtures.ts';
import { addDefaultAddress, approvedOwnShop, deliverThroughApi, ownShopProduct, placeCashOrder } from './own-shop.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** The seeded seller (src/server/seed/accounts.seed.ts), owner of the first shop. */

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

/** The store's return window in days, set through the console's API; answers what it was. */
async function setReturnWindow(request: APIRequestContext, admin: string, days: number): Promise<number> {
  const { settings } = await apiData(request, 'GET /console/settings', { authorization: admin });
  await apiData(request, 'PATCH /console/settings', { body: { return_window_days: days }, authorization: admin });
  return settings.return_window_days;
}

// In this file, one after the return journey and never beside it (a file's tests run in turn in one
// worker): for one delivery the store's return window is 0 days, which would close the window of the
// return journey's order. No other journey asks for a return. An earning's window is fixed when its
// order is delivered; the housekeeping then makes it available (every 5 s under the tests' server).
test("a new shop's delivered orders earn, pending until the return window closes then available; the seller asks for a withdrawal, the owner approves and pays it, and the balance and statement follow", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const admin = await adminAuthorization(request);
  const shop = await approvedOwnShop(request, 'Ledger Lamps');
  const product = await ownShopProduct(request, shop, { name: `Ledger Lamp ${shop.id}`, price: 40 });
  const shopper = await registerShopper(request, 'Earnings Shopper');
  const address = await addDefaultAddress(request, shopper);
  const card = { id: product.id, shop: { id: shop.id } };
  const earningOf = async (orderId: number) =>
    (await apiData(request, 'GET /console/earnings', { authorization: shop.sellerAuthorization })).entries.find((entry) => entry.order?.id === orderId)!.amount;

  // The first order is delivered under the store's window: its earning waits for it.
  const waiting = await placeCashOrder(request, shopper, card, { addressId: address.id });
  await deliverThroughApi(request, waiting.id, shop.sellerAuthorization);
  const pending = await earningOf(waiting.id);
  await page.goto('/console/earnings');
  await signInThroughStorefront(page, shop.seller);
  await page.goto('/console/earnings');
  await expect(figure(page, 'Pending earnings')).toHaveText(pending.toFixed(2));
  await expect(figure(page, 'Available balance')).toHaveText('0.00');
  await expect(page.getByRole('row').filter({ hasText: waiting.order_number })).toContainText(/Pending until /);
  await expectNoViolations(page, { impacts: ['serious', 'critical'] });

  // The second is delivered while the window is 0 days: its earning becomes available.
  const released = await placeCashOrder(request, shopper, card, { addressId: address.id });
  const window = await setReturnWindow(request, admin, 0);
  try {
    await deliverThroughApi(request, released.id, shop.sellerAuthorization);
  } finally {
    await setReturnWindow(request, admin, window);
  }
  const available = await earningOf(released.id);
  await expect(async () => {
    await page.reload();
    await expect(figure(page, 'Available balance')).toHaveText(available.toFixed(2), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(figure(page, 'Pending earnings')).toHaveText(pending.toFixed(2));
  await expect(page.getByRole('row').filter({ hasText: released.order_number })).toContainText('Available');

  // The seller asks for 20.00 of it.
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Withdrawals' }).click();
  await expect(figure(page, 'Available balance')).toHaveText(available.toFixed(2));
  await page.getByLabel('Amount').fill('20');
  await page.getByLabel('Payout details').fill('DE89 3704 0044 0532 0130 00, Lena Ledger');
  await expectNoViolations(page, { impacts: ['serious', 'critical'] });
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(toast(page, 'Withdrawal requested')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '20.00' })).toContainText('Requested');

  // The owner approves it, then marks it paid with the transfer's reference.
  const reference = `TRF-${shop.id}-0001`;
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const owner = aliveAfterLoads(await ownerContext.newPage());
    await owner.goto('/console/withdrawals');
    await signInThroughStorefront(owner);
    await owner.goto('/console/withdrawals');
    const subject = `the withdrawal of 20.00 by ${shop.name}`;
    await owner.getByRole('button', { name: `Approve ${subject}` }).click();
    await owner.getByRole('dialog', { name: `Approve ${subject}?` }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(owner, 'Withdrawal approved')).toBeVisible();
    await owner.getByRole('button', { name: `Mark paid ${subject}` }).click();
    const paying = owner.getByRole('dialog', { name: `Mark paid ${subject}?` });
    await paying.getByLabel('Payment reference').fill(reference);
    await paying.getByRole('button', { name: 'Mark paid' }).click();
    await expect(paying).toBeHidden();
    await expect(owner.getByRole('row').filter({ hasText: shop.name })).toContainText(reference);
  } finally {
    await ownerContext.close();
  }

  // The seller's request shows paid, the balance 20.00 less, and the statement lists the withdrawal.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Paid');
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(figure(page, 'Available balance')).toHaveText((available - 20).toFixed(2));
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download statement' }).click();
  const statement = await readFile(await (await download).path(), 'utf8');
  expect(statement.split(/\r?\n/).filter((line) => line.includes('Withdrawal'))).toEqual([expect.stringMatching(/,Withdrawal,,-20(\.00)?,Available$/)]);
});
