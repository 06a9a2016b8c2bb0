import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { z } from 'zod';
import type { orderStatusChangeSchema } from '../src/shared/admin.contract.ts';
import { expect, test } from './fixtures.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { cityAndCountry } from './addresses.ts';
import { apiData } from './store-api.ts';

/** A fresh shopper with an address and one cash-on-delivery order, all made through the API. */
async function shopperWithOrder(request: APIRequestContext) {
  const shopper = await registerShopper(request, 'Live Tester');
  const { authorization } = shopper;
  const { address } = await apiData(request, 'POST /addresses', {
    body: { name: 'Live Tester', phone: '2025550142', area: 'Downtown', address_line: '5 Signal Street', ...(await cityAndCountry(request)), is_default: true },
    authorization,
  });
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest' } });
  // From the far end of the list: other journeys buy (and count the stock of) the newest products.
  const card = products.findLast((product) => product.colors.length === 0 && product.sizes.length === 0 && product.quantity >= 5)!;
  await apiData(request, 'POST /cart/store', { body: { product_id: card.id, quantity: 1, unit: card.unit }, authorization });
  const placed = await apiData(request, 'POST /place-order', {
    body: { shop_ids: [card.shop.id], address_id: address.id, payment_method: 'cash' },
    authorization,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  return { shopper, order: placed.orders[0]! };
}

const liveConnection = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);

test.describe('live order updates', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an order the store sends on its way changes in Order Details without a reload', async ({ page, request }) => {
    const { shopper, order } = await shopperWithOrder(request);
    await startSignedIn(page, shopper);
    const connected = liveConnection(page);
    await page.goto(`/order-history/${order.id}`);
    const status = page.getByRole('heading', { level: 1 }).getByTestId('order-status');
    await expect(status).toHaveText('Pending');
    await connected;

    const admin = await adminAuthorization(request);
    for (const status of ['confirm', 'processing', 'pickup', 'on_the_way'] as const) {
      const moved = await request.post(`/api/admin/orders/${order.id}/status`, { headers: { Authorization: admin }, data: { status } satisfies z.input<typeof orderStatusChangeSchema> });
      expect(moved.ok(), await moved.text()).toBe(true);
    }

    await expect(status).toHaveText('On The Way');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Order #${order.order_number} is now On The Way` })).toBeVisible();
    // The cancel button belongs to pending orders only; it went with the change.
    await expect(page.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Picked Up');
  });

  test('logging out closes the live connection', async ({ page, request }) => {
    const { shopper, order } = await shopperWithOrder(request);
    await startSignedIn(page, shopper);
    const connected = liveConnection(page);
    await page.goto(`/order-history/${order.id}`);
    const stream = (await connected).request();
    // The stream ends whichever side closes it first: the page on logout (the request fails), or the
    // server once the session ended (the request finishes).
    const closed = new Promise<void>((resolve) => {
      const ended = (request: Request) => request === stream && resolve();
      page.on('requestfailed', ended);
      page.on('requestfinished', ended);
    });

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /My Account/ }).click();
    await header.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Log Out!' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await closed;
  });
});
