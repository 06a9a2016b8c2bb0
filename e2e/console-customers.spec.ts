import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { cityAndCountry } from './addresses.ts';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';
import { adminAuthorization, registerShopper, storeUrl } from './shoppers.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose; the blocked shopper's sign-in is refused (403).
  allowedBrowserErrors: [/status of (401|403)/],
});

/** A fresh shopper who bought a product, had it delivered and reviewed it, all through the API. */
async function shopperWithReview(request: APIRequestContext, comment: string) {
  const shopper = await registerShopper(request, 'Reviewer');
  const { authorization } = shopper;
  const { address } = await apiData(request, 'POST /addresses', {
    body: { name: shopper.name, phone: '2025550143', area: 'Downtown', address_line: '7 Review Road', ...(await cityAndCountry(request)), is_default: true },
    authorization,
  });
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest' } });
  // From the far end of the list: other journeys buy (and count the stock of) the newest products.
  const card = products.findLast((product) => product.colors.length === 0 && product.sizes.length === 0 && product.quantity >= 5)!;
  await apiData(request, 'POST /cart/store', { body: { product_id: card.id, quantity: 1, unit: card.unit }, authorization });
  const placed = await apiData(request, 'POST /place-order', { body: { shop_ids: [card.shop.id], address_id: address.id, payment_method: 'cash' }, authorization, headers: { 'Idempotency-Key': randomUUID() } });
  const order = placed.orders[0]!;
  const admin = await adminAuthorization(request);
  for (const status of ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered']) {
    const moved = await request.post(`/api/admin/orders/${order.id}/status`, { headers: { Authorization: admin }, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const reviewed = await request.post(`/api/orders/${order.id}/reviews`, { headers: { Authorization: authorization }, data: { product_id: card.id, rating: 1, comment } });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
  return { shopper, productId: card.id };
}

const texts = {
  en: { block: 'Block', blockTitle: (name: string) => `Block ${name}?`, reason: 'Reason', blocked: (name: string) => `${name} is blocked.`, hideRow: (name: string) => `Hide the review of ${name}`, hide: 'Hide', hidden: 'The review is hidden.' },
  ar: { block: 'حظر', blockTitle: (name: string) => `حظر ${name}؟`, reason: 'السبب', blocked: (name: string) => `تم حظر ${name}.`, hideRow: (name: string) => `إخفاء تقييم ${name}`, hide: 'إخفاء', hidden: 'تم إخفاء التقييم.' },
};

async function chooseArabic(page: Page) {
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

for (const language of ['en', 'ar'] as const) {
  test(`staff block a customer, who then cannot sign in, and hide their review, which leaves the product page (${language})`, async ({ page, request, browser }) => {
    test.slow();
    const say = texts[language];
    const comment = `Call me on 555 ${randomUUID().slice(0, 6)}`;
    const { shopper, productId } = await shopperWithReview(request, comment);
    const productPage = `/products/${productId}/details`;

    await page.goto('/console/customers');
    await signInThroughStorefront(page);
    if (language === 'ar') await chooseArabic(page);

    // Find the customer by the start of their e-mail and block them with a reason.
    await page.goto(`/console/customers?search=${encodeURIComponent(shopper.email)}`);
    await page.getByRole('table').getByRole('link', { name: shopper.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: shopper.name })).toBeVisible();
    await page.getByRole('button', { name: say.block, exact: true }).click();
    const blockDialog = page.getByRole('dialog', { name: say.blockTitle(shopper.name) });
    await blockDialog.getByLabel(say.reason).fill('Repeated chargebacks.');
    await blockDialog.getByRole('button', { name: say.block, exact: true }).click();
    await expect(toast(page, say.blocked(shopper.name))).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Repeated chargebacks.');

    // The review shows on the product page until it is hidden.
    const visitor = await browser.newPage({ baseURL: storeUrl() });
    await visitor.goto(productPage);
    await expect(visitor.getByText(comment)).toBeVisible();

    await page.goto(`/console/reviews?product_id=${productId}`);
    await page.getByRole('table').getByRole('button', { name: say.hideRow(shopper.name) }).first().click();
    const hideDialog = page.getByRole('dialog');
    await hideDialog.getByLabel(say.reason).fill('Contains a phone number.');
    await hideDialog.getByRole('button', { name: say.hide, exact: true }).click();
    await expect(toast(page, say.hidden)).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByText(comment)).toHaveCount(0);

    // The blocked shopper signs in and is told why not.
    await visitor.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const login = visitor.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Phone or Email').fill(shopper.email);
    await login.getByLabel('Password').fill(shopper.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(visitor.getByText('Your account has been blocked. Please contact the store.')).toBeVisible();
    await visitor.close();
  });
}
