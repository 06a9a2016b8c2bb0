import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { z } from 'zod';
import type { storeSettingsChangeSchema } from '../src/shared/admin.contract.ts';
import type { ProductCard } from '../src/shared/catalog.contract.ts';
import { expect, test, toast } from './fixtures.ts';
import { waitForMailTo } from './outbox.ts';
import { adminAuthorization } from './shoppers.ts';
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
});
