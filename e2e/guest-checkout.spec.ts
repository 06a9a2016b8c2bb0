import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { z } from 'zod';
import type { storeSettingsChangeSchema } from '../src/shared/admin.contract.ts';
import type { ProductCard } from '../src/shared/catalog.contract.ts';
import { GUEST_ORDER_LINK_EXPIRED_MESSAGE, GUEST_ORDER_LINK_SENT_MESSAGE } from '../src/shared/orders.contract.ts';
import { expect, test, toast } from './fixtures.ts';
import { waitForMailTo } from './outbox.ts';
import { adminAuthorization, startWithStored } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** An in-stock product with no colour or size to choose, once the fresh store has seeded its catalogue. */
async function simpleProduct(request: APIRequestContext, skip = 0): Promise<ProductCard> {
  let simple: ProductCard[] = [];
  await expect
    .poll(
      async () => {
        const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest' } });
        simple = products.filter((card) => card.colors.length === 0 && card.sizes.length === 0 && card.quantity >= 10);
        return simple.length;
      },
      { message: 'the seeded catalogue', timeout: 60_000 },
    )
    .toBeGreaterThan(skip);
  return simple[skip]!;
}

/** The admin switches guest checkout through the operations API, as a store owner would. */
async function setGuestCheckout(request: APIRequestContext, on: boolean) {
  const response = await request.patch('/api/admin/settings', {
    headers: { Authorization: await adminAuthorization(request) },
    data: { guest_checkout: on } satisfies z.input<typeof storeSettingsChangeSchema>,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function addFromProductPage(page: Page, product: ProductCard) {
  await page.goto(`/products/${product.id}/details`);
  const summary = page.getByTestId('product-summary');
  await expect(summary.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await summary.getByRole('button', { name: 'Add to Cart' }).click();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('guest checkout', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1280, height: 800 } });

  test('while the store has it off, a visitor adding to the cart is asked to log in', async ({ page, request }) => {
    await addFromProductPage(page, await simpleProduct(request));
    await expect(toast(page, 'Please login first!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test('with it on, a visitor orders as a guest and opens the order from the mail link', async ({ page, request }) => {
    await setGuestCheckout(request, true);
    try {
      const product = await simpleProduct(request, 1);
      await addFromProductPage(page, product);
      await expect(toast(page, 'has been added to cart').filter({ hasText: product.name })).toBeVisible();

      await page.getByRole('banner').getByRole('button', { name: /My Cart/ }).click();
      const panel = page.getByRole('dialog', { name: 'My Cart' });
      await panel.getByRole('checkbox', { name: new RegExp(escape(product.shop.name)) }).check();
      await panel.getByRole('button', { name: 'Checkout' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

      const email = `guest-${randomUUID().slice(0, 8)}@example.test`;
      const contact = page.getByTestId('guest-contact');
      await contact.getByLabel('Email').fill(email);
      await contact.getByLabel('Phone').fill('3035550142');
      await contact.getByLabel('Name').fill('Grace Guest');
      await contact.getByLabel('Street address').fill('12 Elm Street');
      await contact.getByLabel('City').fill('Springfield');
      await contact.getByLabel('State / Region').fill('Illinois');
      await contact.getByLabel('Postal code').fill('12345');
      // The country from the store's list, as on an account's address.
      await contact.getByRole('combobox', { name: 'Country' }).fill('United Sta');
      await contact.getByRole('option', { name: 'United States', exact: true }).click();
      await expect(contact.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
      const since = new Date();
      await page.getByRole('button', { name: 'Place Order' }).click();
      const confirm = page.getByRole('dialog', { name: 'Order placed' });
      await expect(confirm.getByRole('link', { name: /^Order #/ })).toHaveCount(1);
      // A guest has no order history: the way on is their order's own page.
      await expect(confirm.getByRole('link', { name: 'Order History' })).toHaveCount(0);
      await expect(confirm.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', /^\/orders\/guest\/[\w-]+$/);

      const mail = await waitForMailTo(email, since);
      const link = /View your order: (\S+)/.exec(mail.text)?.[1];
      expect(link, mail.text).toMatch(/\/orders\/guest\/[\w-]+$/);
      await page.goto(new URL(link!).pathname);
      const heading = page.getByRole('heading', { level: 1, name: /^Order #OS\d+/ });
      await expect(heading).toBeVisible();
      await expect(page.getByText(product.name)).toBeVisible();
      await expect(page.getByText('12 Elm Street')).toBeVisible();
      await expect(page.getByText('Springfield, Illinois 12345')).toBeVisible();
      // The phone with the calling code of the country chosen.
      await expect(page.getByText('+1 3035550142')).toBeVisible();
      // The link that opens the order gives its invoice too.
      const orderNumber = /OS\d+/.exec((await heading.textContent()) ?? '')![0];
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download invoice' }).click();
      expect((await download).suggestedFilename()).toBe(`invoice-${orderNumber}.pdf`);
      // A PDF the built server drew with the libraries it loads only for invoices.
      const file = await readFile((await (await download).path())!);
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await setGuestCheckout(request, false);
    }
  });

  test.describe('an expired link', () => {
    // The page asks for the order and is refused: 410 while the link has run out, 404 once a fresh one replaced it.
    test.use({ allowedBrowserErrors: [/status of (410|404)/] });

    test('a guest whose link has run out asks for a fresh one, opens it from the mail, and the old link stops working', async ({ page, request }) => {
      await setGuestCheckout(request, true);
      try {
        // A guest's order placed through the API, as the checkout places it (the request keeps the guest cart's cookie).
        const product = await simpleProduct(request, 2);
        const email = `late-guest-${randomUUID().slice(0, 8)}@example.test`;
        const { countries } = await apiData(request, 'GET /countries');
        await apiData(request, 'POST /cart/store', { body: { product_id: product.id, quantity: 1 } });
        const guest = { email, phone: '3035550143', name: 'Lena Late', address_line: '7 Oak Lane', city: 'Springfield', state: 'Illinois', post_code: '12345' };
        const placed = await apiData(request, 'POST /place-order', {
          body: { shop_ids: [product.shop.id], payment_method: 'cash', ...guest, country_id: countries.find((country) => country.code === 'US')!.id },
          headers: { 'Idempotency-Key': randomUUID() },
        });
        const [order] = placed.orders;
        const oldLink = order!.guest_order_url!;

        // The server refuses a link older than the store's lifetime with 410 and this message (the API
        // tests age the link in the database); this browser journey cannot wait 90 days, so the old
        // link's answer stands in for that one until the guest has asked for a fresh link.
        const oldOrderCall = new RegExp(`/api${oldLink.replace('/orders/guest/', '/guest-orders/')}$`);
        await page.route(oldOrderCall, (route) => route.fulfill({ status: 410, json: { message: GUEST_ORDER_LINK_EXPIRED_MESSAGE } }));
        await page.goto(oldLink);
        await expect(page.getByRole('heading', { level: 1, name: GUEST_ORDER_LINK_EXPIRED_MESSAGE })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Find it by its order number instead' })).toHaveAttribute('href', '/orders/guest');

        const since = new Date();
        const ask = page.getByRole('form', { name: 'Send me a new link' });
        await ask.getByLabel('Email').fill(email);
        await ask.getByRole('button', { name: 'Send me a new link' }).click();
        await expect(ask.getByRole('status')).toHaveText(GUEST_ORDER_LINK_SENT_MESSAGE);
        await page.unroute(oldOrderCall);

        const mail = await waitForMailTo(email, since);
        expect(mail.subject).toBe(`A new link to your order #${order!.order_number} at Open Store`);
        const freshLink = /\/orders\/guest\/[\w-]+/.exec(mail.text)?.[0];
        expect(freshLink, mail.text).toBeDefined();
        expect(freshLink).not.toBe(oldLink);
        await page.goto(freshLink!);
        await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Order #${order!.order_number}`) })).toBeVisible();
        await expect(page.getByText(product.name)).toBeVisible();
        await expect(page.getByText('7 Oak Lane')).toBeVisible();

        // The link asked for replaced the old one.
        await page.goto(oldLink);
        await expect(page.getByRole('paragraph').filter({ hasText: /^Order not found$/ })).toBeVisible();
      } finally {
        await setGuestCheckout(request, false);
      }
    });
  });

  test('a guest finds their order by e-mail and order number, right to left in Arabic', async ({ page }) => {
    await startWithStored(page, { settings: { state: { locale: 'ar', langDirection: 'rtl' }, version: 1 } });
    await page.goto('/orders/guest');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'ابحث عن طلبي' })).toBeVisible();
    const form = page.getByRole('form', { name: 'ابحث عن طلبي' });
    await form.getByRole('button', { name: 'أرسل لي رابطًا' }).click();
    await expect(form.getByText('حقل رقم الطلب مطلوب.')).toBeVisible();
    await form.getByLabel('البريد الإلكتروني').fill(`nobody-${randomUUID().slice(0, 8)}@example.test`);
    await form.getByLabel('رقم الطلب').fill('OS100001');
    await form.getByRole('button', { name: 'أرسل لي رابطًا' }).click();
    // The same answer as for an e-mail that ordered: nothing tells who did.
    await expect(form.getByRole('status')).toHaveText('إذا تطابق طلب، فقد أرسلنا رابطًا إلى ذلك البريد الإلكتروني.');
  });
});
