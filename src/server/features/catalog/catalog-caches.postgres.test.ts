import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { openTestDatabase, testRedisUrl } from '../../test/test-database.ts';
import { fakeWebRoot, startAppInstance } from '../../test/test-app.ts';
import { changeProductPrice, changeVariantStock } from './catalog-writes.ts';

// The storefront's own server render, straight from the source (the build makes the same module).
const SERVER_RENDER = fileURLToPath(new URL('../../../web/server-render.tsx', import.meta.url));
// Loading the render module compiles every page of the storefront from source.
const RENDER_MODULE_LOAD_MS = 180_000;
/** This run's own channel on the shared Redis. */
const PREFIX = `cache-test-${randomUUID()}`;
/** The one hop through Redis pub/sub a change takes to the other instance: polled, never slept. */
const PUB_SUB_HOP = { timeout: 2_000, interval: 20 };

let database: Database;
/** Two instances of the store, with server-rendered pages, on one database and one Redis, as behind a load balancer. */
let first: FastifyInstance;
let second: FastifyInstance;

// Every request here comes from one address and polls for the change feed; the per-address search limit (shared
// in Redis with other test files) is not what this file tests, so one address stands for many shoppers.
const startInstance = () =>
  startAppInstance(database, { redisUrl: testRedisUrl(), webRoot: fakeWebRoot(), webRenderModule: SERVER_RENDER, ipRateLimitFactor: 1_000 }, { eventsPrefix: PREFIX });

beforeAll(async () => {
  database = await openTestDatabase();
  [first, second] = await Promise.all([startInstance(), startInstance()]);
}, RENDER_MODULE_LOAD_MS);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await database?.close();
});

/** What a shopper sees of one product on an instance: its card in a listing, its details from the API, and its page. */
async function seen(app: FastifyInstance, productId: number, name: string) {
  const [listing, details, page] = await Promise.all([
    app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(name)}` }),
    app.inject({ method: 'GET', url: `/api/products/${productId}` }),
    app.inject({ method: 'GET', url: `/products/${productId}/details` }),
  ]);
  for (const response of [listing, details, page]) expect(response.statusCode, response.body).toBe(200);
  const root = page.body.slice(page.body.indexOf('<div id="root">'), page.body.lastIndexOf('</body>'));
  const card = (listing.json().data.products as Array<{ id: number; price: number; quantity: number }>).find((entry) => entry.id === productId);
  return {
    listingPrice: card?.price,
    listingQuantity: card?.quantity,
    detailsPrice: details.json().data.product.price as number,
    detailsQuantity: details.json().data.product.quantity as number,
    /** The prices the page's HTML shows, as a visitor without JavaScript reads them. */
    pagePrices: [...new Set(root.match(/\$\d+\.\d\d/g) ?? [])],
  };
}

describe('cached answers across instances (Redis)', () => {
  it('shows a price changed on one instance at once there and on the other in the listing, the product API and the page', async () => {
    const name = `Cachewell Kettle ${randomUUID().slice(0, 6)}`;
    const [productId] = await addProducts(database.db, [{ name, price: 40_17 }]);
    const before = { listingPrice: 40.17, listingQuantity: 10, detailsPrice: 40.17, detailsQuantity: 10 };
    // Written straight to the database, the product reaches each instance's listing index through the
    // change feed a moment later (on a busy machine, after the first search): wait for it before warming.
    for (const app of [first, second]) await expect.poll(async () => (await seen(app, productId!, name)).listingPrice, { timeout: 10_000 }).toBe(40.17);
    for (const app of [first, second]) {
      // Seen twice: answers are kept from their second load (most products and searches are asked for once).
      await seen(app, productId!, name);
      const warm = await seen(app, productId!, name);
      expect(warm).toMatchObject(before);
      expect(warm.pagePrices).toContain('$40.17');
    }
    // Both answer from their caches: a write that tells no one is not seen (product details stay fresh for a minute).
    await database.db.update(products).set({ price: 39_99 }).where(eq(products.id, productId!));
    for (const app of [first, second]) expect((await seen(app, productId!, name)).detailsPrice).toBe(40.17);

    await changeProductPrice({ db: database.db, caches: first.caches }, productId!, { price: 25_43, discountPrice: 0 });
    const after = await seen(first, productId!, name);
    expect(after).toMatchObject({ listingPrice: 25.43, detailsPrice: 25.43 });
    expect(after.pagePrices).toContain('$25.43');
    expect(after.pagePrices).not.toContain('$40.17');
    await expect
      .poll(async () => {
        const other = await seen(second, productId!, name);
        return { listingPrice: other.listingPrice, detailsPrice: other.detailsPrice, pageShowsNewPrice: other.pagePrices.includes('$25.43') && !other.pagePrices.includes('$40.17') };
      }, PUB_SUB_HOP)
      .toEqual({ listingPrice: 25.43, detailsPrice: 25.43, pageShowsNewPrice: true });
  });

  it('shows a stock change on the product on both instances, and on cards once the product sells out', async () => {
    const name = `Cachewell Teapot ${randomUUID().slice(0, 6)}`;
    const [productId] = await addProducts(database.db, [{ name, price: 12_34, stock: 8 }]);
    const [variant] = await variantsOf(database.db, productId!);
    for (const app of [first, second]) expect(await seen(app, productId!, name)).toMatchObject({ listingQuantity: 8, detailsQuantity: 8 });

    // A few units sold: the product's own page follows at once (cards may show the old figure for seconds).
    await changeVariantStock({ db: database.db, caches: first.caches }, variant!.id, 5);
    expect((await seen(first, productId!, name)).detailsQuantity).toBe(5);
    await expect.poll(async () => (await seen(second, productId!, name)).detailsQuantity, PUB_SUB_HOP).toBe(5);

    // Sold out: cards follow too.
    await changeVariantStock({ db: database.db, caches: second.caches }, variant!.id, 0);
    expect(await seen(second, productId!, name)).toMatchObject({ listingQuantity: 0, detailsQuantity: 0 });
    await expect.poll(async () => (await seen(first, productId!, name)).listingQuantity, PUB_SUB_HOP).toBe(0);
    expect((await seen(first, productId!, name)).detailsQuantity).toBe(0);
  });

  it('shows a store tax rate changed in the console on one instance on the other’s product API within one hop', async () => {
    const [productId] = await addProducts(database.db, [{ name: `Cachewell Tray ${randomUUID().slice(0, 6)}`, price: 9_99, taxRate: null }]);
    const taxRateOn = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().data.product.tax_rate as number;
    // Seen twice on each: details are kept from their second load.
    for (const app of [first, second]) for (let reads = 0; reads < 2; reads++) expect(await taxRateOn(app)).toBe(0);
    const { authorization } = await signInConsoleMember(first, 'owner');
    const changeRate = (tax_rate: number) => first.inject({ method: 'PATCH', url: '/api/console/settings/delivery-tax', headers: { authorization }, payload: { tax_rate } });
    try {
      expect((await changeRate(8)).statusCode).toBe(200);
      expect(await taxRateOn(first)).toBe(8);
      await expect.poll(() => taxRateOn(second), PUB_SUB_HOP).toBe(8);
    } finally {
      expect((await changeRate(0)).statusCode).toBe(200);
    }
  });
});
