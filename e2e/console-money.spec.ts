import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readPdf } from '../src/server/test/pdf-fixtures.ts';
import { expectNoViolations } from './axe.ts';
import { signInThroughStorefront } from './console-sign-in.ts';
import { aliveAfterLoads, expect, figure, test, toast } from './fixtures.ts';
import { addDefaultAddress, approvedOwnShop, ownShopProduct } from './own-shop.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 900 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

const DAY_MS = 24 * 60 * 60 * 1000;

test("the owner sets a new shop's delivery charge and its product's tax rate; a shopper sees them, the tax on the amount after the voucher, in checkout and on the invoice", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  // Decision 054 offers both per shop and per product: the shop's own delivery charge (shops set
  // their own while `shops_set_delivery` is on, the seeded store's default) and a product's own tax
  // rate over the store's. The store-wide charge and rate would change the totals the other
  // journeys, running beside this one on the same server, read.
  const shop = await approvedOwnShop(request, 'Tax Corner');
  const product = await ownShopProduct(request, shop, { name: `Taxed Kettle ${shop.id}`, price: 40 });
  const code = `TAX${randomUUID().slice(0, 6).toUpperCase()}`;
  await apiData(request, 'POST /console/vouchers', {
    authorization: await adminAuthorization(request),
    body: { code, discount_type: 'percentage', discount: 10, starts_at: new Date(Date.now() - DAY_MS).toISOString(), expires_at: new Date(Date.now() + 30 * DAY_MS).toISOString(), shop_id: shop.id },
  });

  // The owner finds, under Settings, that shops set their own delivery charge, and sets this shop's and its product's tax rate.
  await page.goto('/console');
  await signInThroughStorefront(page);
  await page.goto('/console/settings/delivery-tax');
  await expect(page.getByRole('switch', { name: 'Shops set their own delivery charge' })).toBeChecked();
  await page.goto(`/console/shop?shop_id=${shop.id}`);
  await page.getByLabel('Delivery Charge').fill('7.50');
  await expectNoViolations(page, { impacts: ['serious', 'critical'] });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The shop profile is saved.')).toBeVisible();
  await page.goto(`/console/products/${product.id}`);
  await page.getByLabel('Tax rate (%)').fill('15');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Product updated')).toBeVisible();

  // Two kettles (80.00) less the shop's 10% voucher (8.00): taxed on 72.00 at 15% (10.80), delivered for 7.50.
  const shopper = await registerShopper(request, 'Tax Shopper');
  await addDefaultAddress(request, shopper);
  await apiData(request, 'POST /cart/store', { body: { product_id: product.id, quantity: 2 }, authorization: shopper.authorization });
  const shopperContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const shopperPage = aliveAfterLoads(await shopperContext.newPage());
    await startSignedIn(shopperPage, shopper);
    await shopperPage.goto('/');
    await shopperPage.getByRole('banner').getByRole('button', { name: /My Cart/ }).click();
    const panel = shopperPage.getByRole('dialog', { name: 'My Cart' });
    await panel.getByRole('checkbox', { name: new RegExp(shop.name) }).check();
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(shopperPage).toHaveURL(/\/checkout$/);
    const shopOrder = shopperPage.getByRole('article', { name: shop.name });
    await shopOrder.getByRole('textbox', { name: /Voucher code/ }).fill(code);
    await shopOrder.getByRole('button', { name: 'Apply' }).click();
    await expect(shopOrder.getByTestId('shop-voucher-discount')).toHaveText('You save $8.00');
    await expect(figure(shopperPage, 'Sub Total')).toHaveText('$80.00');
    await expect(figure(shopperPage, 'Delivery Charge')).toHaveText('$7.50');
    await expect(figure(shopperPage, 'Coupon Discount')).toHaveText('−$8.00');
    await expect(figure(shopperPage, 'Tax (15% of $72.00)')).toHaveText('$10.80');
    await expect(shopperPage.getByTestId('payable-amount')).toHaveText('$90.30');

    await shopperPage.getByRole('button', { name: 'Place Order' }).click();
    await shopperPage.getByRole('dialog', { name: 'Order placed' }).getByRole('link', { name: /^Order #/ }).click();
    await expect(shopperPage).toHaveURL(/\/order-history\/\d+$/);
    await expect(figure(shopperPage, 'Delivery Charge')).toHaveText('$7.50');
    await expect(figure(shopperPage, 'Tax (15% of $72.00)')).toHaveText('$10.80');
    await expect(shopperPage.getByTestId('payable-amount')).toHaveText('$90.30');

    const download = shopperPage.waitForEvent('download');
    await shopperPage.getByRole('link', { name: 'Download invoice' }).click();
    const invoice = await readPdf(await readFile(await (await download).path()));
    // The totals as the invoice reads, each label then its value (the voucher's code wraps under its label).
    const totals = ['Sub Total', '$80.00', 'Delivery Charge', '$7.50', 'Tax (15% of $72.00)', '$10.80', 'Coupon Discount', `(${code})`, '−$8.00', 'Payable Amount', '$90.30'];
    expect(invoice.text).toContain(totals.join('\n'));
  } finally {
    await shopperContext.close();
  }
});
