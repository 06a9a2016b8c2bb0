import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerShopper, startSignedIn } from './shoppers.ts';
import { cityAndCountry } from './addresses.ts';

/** The seeded operations account (src/server/db/seed/accounts.seed.ts). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-password' };

interface Card {
  id: number;
  quantity: number;
  unit: string;
  colors: unknown[];
  sizes: unknown[];
  shop: { id: number };
}

async function post<T>(request: APIRequestContext, path: string, authorization: string, data: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await request.post(path, { headers: { Authorization: authorization, ...headers }, data });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A fresh shopper with an address and one cash-on-delivery order, all made through the API. */
async function shopperWithOrder(request: APIRequestContext) {
  const shopper = await registerShopper(request, 'Live Tester');
  const { authorization } = shopper;
  const { address } = await post<{ address: { id: number } }>(request, '/api/addresses', authorization, {
    name: 'Live Tester',
    phone: '2025550142',
    area: 'Downtown',
    address_line: '5 Signal Street',
    ...(await cityAndCountry(request)),
    is_default: true,
  });
  const listing = await request.get('/api/products?per_page=100&sort_type=newest');
  const { products } = ((await listing.json()) as { data: { products: Card[] } }).data;
  // From the far end of the list: other journeys buy (and count the stock of) the newest products.
  const card = products.findLast((product) => product.colors.length === 0 && product.sizes.length === 0 && product.quantity >= 5)!;
  await post(request, '/api/cart/store', authorization, { product_id: card.id, quantity: 1, unit: card.unit });
  const placed = await post<{ orders: Array<{ id: number; order_number: string }> }>(
    request,
    '/api/place-order',
    authorization,
    { shop_ids: [card.shop.id], address_id: address.id, payment_method: 'cash' },
    { 'Idempotency-Key': randomUUID() },
  );
  return { shopper, order: placed.orders[0]! };
}

async function adminAuthorization(request: APIRequestContext) {
  const data = await post<{ access: { token: string } }>(request, '/api/login', '', { phone: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  return `Bearer ${data.access.token}`;
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
    for (const step of ['confirm', 'processing', 'pickup', 'on_the_way']) {
      await post(request, `/api/admin/orders/${order.id}/status`, admin, { status: step });
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
    const closed = page.waitForEvent('requestfailed', (failed) => failed === stream);

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /My Account/ }).click();
    await header.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Log Out!' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await closed;
  });
});
