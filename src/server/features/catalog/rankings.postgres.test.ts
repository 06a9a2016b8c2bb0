import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../../test/order-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { moveOrderedStock } from '../order-release/order-release.ts';
import { refreshRankings } from './rankings.ts';
import { ViewCounter } from './view-counter.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The first product of a listing; each call of a test asks for another page size, so that no answer comes from the listings' cache. */
const firstListed = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` })).json().data.products[0];

it('moves a product up the popular order at the next refresh, not at every flush of its views', async () => {
  const { db } = ctx.database;
  const [watched] = await addProducts(db, [{ name: 'Most Watched Kettle' }]);
  const counter = new ViewCounter(db, 60_000);
  counter.record(watched!, 1_000_000);
  await counter.close();
  expect((await firstListed('sort_type=popular_product&per_page=1')).id).not.toBe(watched);
  await refreshRankings(db);
  expect((await firstListed('sort_type=popular_product&per_page=2')).id).toBe(watched);
});

it('moves a product in the popular order once its views have grown by a twentieth, not for fewer', async () => {
  const { db } = ctx.database;
  const [product] = await addProducts(db, [{ name: 'Steadily Watched Kettle', viewCount: 1_000, popularViews: 1_000 }]);
  const counter = new ViewCounter(db, 60_000);
  const popularViews = async () => (await db.select({ views: products.popularViews }).from(products).where(eq(products.id, product!)))[0]!.views;
  counter.record(product!, 49);
  await counter.flush();
  await refreshRankings(db);
  expect(await popularViews()).toBe(1_000);
  counter.record(product!, 1);
  await counter.close();
  await refreshRankings(db);
  expect(await popularViews()).toBe(1_050);
});

it('moves a product up the best-selling order at the next refresh after its orders; its card counts each sale at once', async () => {
  const { db } = ctx.database;
  const shop = await addShop(db, { name: 'Ranked Sales Shop' });
  const [steady, newlySold] = await addProducts(db, [
    { name: 'Steady Seller Teapot', shopId: shop.id, totalSold: 2 },
    { name: 'Newly Sold Teapot', shopId: shop.id },
  ]);
  const [shopper] = await addShoppers(db, 1);
  await fillCarts(db, [shopper!], [{ productId: newlySold!, quantity: 3 }]);
  const placed = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'cash' });
  expect(placed.statusCode, placed.body).toBe(200);

  const bestSeller = (perPage: number) => firstListed(`shop_id=${shop.id}&sort_type=top_selling&per_page=${perPage}`);
  expect(await bestSeller(1)).toMatchObject({ id: steady, total_sold: 2 });
  expect(await firstListed(`shop_id=${shop.id}&sort_type=newest&per_page=1`)).toMatchObject({ id: newlySold, total_sold: 3 });
  await refreshRankings(db);
  expect(await bestSeller(2)).toMatchObject({ id: newlySold, total_sold: 3 });
});

it('keeps the counts a view or an order changes out of every index, so that either rewrites the product in place', async () => {
  const { db } = ctx.database;
  const counts = await queryRows<{ indexname: string }>(
    db,
    sql`select indexname from pg_indexes where tablename = 'products' and indexdef ~ '\\m(view_count|total_sold|stock|updated_at)\\M'`,
  );
  expect(counts).toEqual([]);

  // An order's stock move, as placing one makes it: the product's row is rewritten twice (its stock, its sales), both in place.
  const [product] = await addProducts(db, [{ name: 'In Place Teapot' }]);
  const [variant] = await variantsOf(db, product!);
  // The transaction's own counts: what the connection did since its last report to the statistics, this transaction's last.
  const updateCounts = sql`select pg_stat_get_xact_tuples_updated('products'::regclass)::int as updated, pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as hot`;
  const updates = await db.transaction(async (tx) => {
    const [before] = await queryRows<{ updated: number; hot: number }>(tx, updateCounts);
    await moveOrderedStock(tx, [{ orderId: 0, productId: product!, variantId: variant!.id, quantity: 1 }], -1, { reason: 'order', now: new Date() });
    const [after] = await queryRows<{ updated: number; hot: number }>(tx, updateCounts);
    return { updated: after!.updated - before!.updated, hot: after!.hot - before!.hot };
  });
  expect(updates).toEqual({ updated: 2, hot: 2 });
});
