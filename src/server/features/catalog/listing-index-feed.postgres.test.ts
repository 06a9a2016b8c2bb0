import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client.ts';
import { productColors, products, productSizes, productVariants, subCategories } from '../../db/schema.ts';
import type { ProductList } from '../../../shared/catalog.contract.ts';
import { addFlashSale, addProducts, addTaxonomyRecord, catalogAnchors, listingReader } from '../../test/catalog-fixtures.ts';
import { genericPlan } from '../../test/plan-cache.ts';
import { storeOnBothListingPaths } from '../../test/both-listing-paths.ts';
import { ListingIndexFeed, pruneListingChanges } from './listing-index-feed.ts';

let categoryId: number;
let subCategoryIds: number[];
let brandIds: number[];
let colorIds: number[];
let sizeIds: number[];
let productIds: number[];
let saleId: number;

/** A catalogue's worth of variety: products 0…179 of one category, every fact varied by its number. */
const PRODUCTS = 180;

const store = storeOnBothListingPaths(async (db) => {
  categoryId = await addTaxonomyRecord(db, 'categories');
  subCategoryIds = [];
  for (const name of ['Lanterns', 'Candles']) {
    const [row] = await db
      .insert(subCategories)
      .values({ categoryId, name: `Feed ${name}`, slug: `feed-${name.toLowerCase()}`, thumbnail: '/media/placeholder/category/x.svg' })
      .returning({ id: subCategories.id });
    subCategoryIds.push(row!.id);
  }
  brandIds = [await addTaxonomyRecord(db, 'brands'), await addTaxonomyRecord(db, 'brands'), await addTaxonomyRecord(db, 'brands', { archived: true })];
  colorIds = [await addTaxonomyRecord(db, 'colors'), await addTaxonomyRecord(db, 'colors'), await addTaxonomyRecord(db, 'colors')];
  sizeIds = [await addTaxonomyRecord(db, 'sizes'), await addTaxonomyRecord(db, 'sizes')];
  productIds = await addProducts(
    db,
    Array.from({ length: PRODUCTS }, (_, at) => {
      const price = 5_00 + ((at * 37) % 40) * 1_00;
      return {
        name: `Feed Lantern ${at}`,
        categoryId,
        subCategoryId: at % 3 === 2 ? null : subCategoryIds[at % 3],
        brandId: at % 4 === 3 ? null : brandIds[at % 4 === 2 ? 2 : at % 2],
        price,
        discountPrice: at % 5 === 0 ? price - (1_00 + (at % 7) * 25) : 0,
        rating: String(((at * 13) % 50) / 10),
        totalSold: (at * 11) % 23,
        popularViews: (at * 17) % 29,
        stock: at % 6 === 0 ? 0 : 4,
      };
    }),
  );
  // Colours and sizes on most products, each with a variant in stock for some of them.
  const options = productIds.flatMap((productId, at) => (at % 7 === 6 ? [] : [{ productId, colorId: colorIds[at % 3]!, sizeId: sizeIds[at % 2]!, stock: at % 4 === 0 ? 0 : 3 }]));
  await db.insert(productColors).values(options.map(({ productId, colorId }) => ({ productId, colorId })));
  await db.insert(productSizes).values(options.map(({ productId, sizeId }) => ({ productId, sizeId })));
  await db.insert(productVariants).values(options.map((option) => ({ ...option, sku: `FEED-${option.productId}-${option.colorId}` })));
  const now = Date.now();
  saleId = await addFlashSale(
    db,
    { startsAt: new Date(now - 60_000), endsAt: new Date(now + 3_600_000) },
    productIds.filter((_, at) => at % 9 === 0).map((productId, at) => ({ productId, price: 2_00 + at * 10 })),
  );
});

const listed = listingReader('10.77');

const idsOf = (list: ProductList) => list.products.map((card) => card.id);

describe('listings from the listing index', () => {
  it('are the database’s listings: the same count, page, order and filters for every filter and sort', async () => {
    const sorts = ['', 'top_selling', 'popular_product', 'newest', 'just_for_you', 'high_to_low', 'low_to_high'];
    const narrowings = [
      '',
      `sub_category_id=${subCategoryIds[0]}`,
      `brand_id=${brandIds[1]}`,
      `color_id=${colorIds[0]}`,
      `size_id=${sizeIds[1]}`,
      `color_id=${colorIds[2]}&in_stock=true`,
      `color_id=${colorIds[1]}&size_id=${sizeIds[1]}&in_stock=true`,
      'in_stock=true',
      'rating=3',
      'min_price=12&max_price=30',
      'max_price=9',
      'discounted=true',
      `shop_id=${(await catalogAnchors(store.context.database.db)).shop_id}`,
    ];
    let compared = 0;
    for (const [at, narrowing] of narrowings.entries()) {
      for (const sort of sorts) {
        const query = [`category_id=${categoryId}`, narrowing, sort && `sort_type=${sort}`, `page=${1 + (compared % 3)}`, 'per_page=7'].filter(Boolean).join('&');
        const [fromIndex, fromDatabase] = [await listed(store.context.app, query), await listed(store.withoutIndex, query)];
        expect(fromIndex, query).toEqual(fromDatabase);
        if (at === 0) expect(fromIndex.products, query).toHaveLength(7);
        compared++;
      }
    }
    const sale = await store.context.app.inject({ method: 'GET', url: `/api/flash-sales/${saleId}?sort_type=low_to_high` });
    const saleWithout = await store.withoutIndex.inject({ method: 'GET', url: `/api/flash-sales/${saleId}?sort_type=low_to_high` });
    expect(sale.json().data.products.length).toBe(Math.ceil(PRODUCTS / 9) > 10 ? 10 : Math.ceil(PRODUCTS / 9));
    expect(sale.json()).toEqual(saleWithout.json());
  });

  it('answer searches as the database does: the same count, page, relevance order and filters', async () => {
    // Every product's name has "lantern"; these two have it where it weighs less, and rank last.
    const [inKeywords, inDescription] = await addProducts(store.context.database.db, [
      { name: 'Wick Holder', keywords: 'lantern', totalSold: 1 },
      { name: 'Glass Chimney', description: 'Fits a lantern.', totalSold: 2 },
    ]);
    const searches = ['lantern', 'feed lantern', 'lantren'];
    const sorts = ['', 'top_selling', 'high_to_low'];
    const narrowings = ['', `brand_id=${brandIds[0]}`, `color_id=${colorIds[1]}&in_stock=true`, 'min_price=12&max_price=30', `category_id=${categoryId}&rating=3`, 'discounted=true'];
    let compared = 0;
    for (const search of searches) {
      for (const narrowing of narrowings) {
        for (const sort of sorts) {
          const query = [`search=${encodeURIComponent(search)}`, narrowing, sort && `sort_type=${sort}`, `page=${1 + (compared % 2)}`, 'per_page=9'].filter(Boolean).join('&');
          const [fromIndex, fromDatabase] = [await listed(store.context.app, query), await listed(store.withoutIndex, query)];
          expect(fromIndex, query).toEqual(fromDatabase);
          if (narrowing === '') expect(fromIndex.total, query).toBeGreaterThanOrEqual(PRODUCTS);
          compared++;
        }
      }
    }
    const lastMatches = await listed(store.context.app, 'search=lantern&page=2&per_page=100');
    expect(lastMatches).toEqual(await listed(store.withoutIndex, 'search=lantern&page=2&per_page=100'));
    expect(idsOf(lastMatches).slice(-2)).toEqual([inKeywords, inDescription]);
    expect((await listed(store.context.app, 'search=feed%20lantern%2017')).products[0]!.name).toBe('Feed Lantern 17');
  });

  it('take in every write, whoever makes it: a price, a status, a variant’s stock, a new product, a deleted one', async () => {
    const { db } = store.context.database;
    // Not in the flash sale (every ninth product is), which would sell them at its price.
    const [, first, second] = productIds;
    const query = (extra: string) => listed(store.context.app, `category_id=${categoryId}&${extra}`);
    // Every question is new, so no remembered answer hides what the index holds.
    await db.update(products).set({ price: 999_00, discountPrice: 0 }).where(eq(products.id, first!));
    expect(idsOf(await query('min_price=900&per_page=11'))).toEqual([first]);
    await db.update(products).set({ price: 998_00 }).where(eq(products.id, first!));
    // A search's own statement tells that the index has a change to read before it filters.
    expect(idsOf(await listed(store.context.app, 'search=lantern&min_price=998&max_price=998'))).toEqual([first]);

    await db.update(products).set({ status: 'archived' }).where(eq(products.id, first!));
    expect((await query('min_price=900&per_page=12')).total).toBe(0);

    const [variant] = await db
      .select({ id: productVariants.id, colorId: productVariants.colorId })
      .from(productVariants)
      .where(sql`${productVariants.productId} = ${second!} and ${productVariants.colorId} is not null`);
    const inStockOfColour = `color_id=${variant!.colorId}&in_stock=true&per_page=100`;
    expect(idsOf(await query(inStockOfColour))).toContain(second);
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant!.id));
    expect(idsOf(await query(`${inStockOfColour}&page=1&sort_type=newest`))).not.toContain(second);

    const [added] = await addProducts(db, [{ name: 'Feed Lantern Late', categoryId, price: 777_00 }]);
    expect(idsOf(await query('min_price=700&per_page=13'))).toEqual([added]);
    await db.delete(productVariants).where(eq(productVariants.productId, added!));
    await db.delete(products).where(eq(products.id, added!));
    expect((await query('min_price=700&per_page=14')).total).toBe(0);
  });

  it('miss no change of a transaction that commits after a later one was already read', async () => {
    const { db } = store.context.database;
    const [, , , early, late] = productIds;
    const pool = store.context.database.driverClient as pg.Pool;
    const slow: pg.PoolClient = await pool.connect();
    try {
      // The slow transaction begins (takes its id) first and commits last.
      await slow.query('begin');
      await slow.query('update products set price = 55500, discount_price = 0 where id = $1', [early]);
      await db.update(products).set({ price: 444_00, discountPrice: 0 }).where(eq(products.id, late!));
      expect(idsOf(await listed(store.context.app, `category_id=${categoryId}&min_price=400&per_page=15`))).toEqual([late]);
      await slow.query('commit');
    } finally {
      await slow.query('rollback');
      slow.release();
    }
    expect(idsOf(await listed(store.context.app, `category_id=${categoryId}&min_price=400&per_page=16&sort_type=high_to_low`))).toEqual([early, late]);
  });

  it('tell a search whether there are changes to read off one end of the notes’ index, whatever plan PostgreSQL keeps', async () => {
    const { db } = store.context.database;
    const feed = new ListingIndexFeed(db, { info: () => undefined, warn: () => undefined });
    await feed.load();
    const plan = await genericPlan(db, sql`select ${feed.unreadChanges()} as unread`);
    expect(plan).toMatch(/Index Only Scan Backward using product_listing_changes_transaction_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
    const unread = async () => (await queryRows<{ unread: boolean }>(db, sql`select ${feed.unreadChanges()} as unread`))[0]!.unread;
    // Nothing to read once caught up (when no transaction older than the catch-up still runs).
    await expect.poll(async () => (await feed.catchUp(), unread())).toBe(false);
    await db.update(products).set({ popularViews: 5 }).where(eq(products.id, productIds[7]!));
    expect(await unread()).toBe(true);
  });

  it('keep the changes a day: older ones are forgotten', async () => {
    const { db } = store.context.database;
    const changes = async () =>
      (
        await queryRows<{ old: number; recent: number }>(
          db,
          sql`select count(*) filter (where changed_at < now() - interval '1 day')::int as old,
                     count(*) filter (where changed_at >= now() - interval '1 day')::int as recent from product_listing_changes`,
        )
      )[0]!;
    await db.execute(sql`update product_listing_changes set changed_at = now() - interval '25 hours' where product_id = any(${sql.param(productIds.slice(0, 90))}::int[])`);
    const before = await changes();
    expect(before.old).toBeGreaterThanOrEqual(90);
    await pruneListingChanges(db);
    expect(await changes()).toEqual({ old: 0, recent: before.recent });
  });

  it('load at a later try when the database was away, and catch up again once it is back', async () => {
    const { db } = store.context.database;
    let away = true;
    const flaky = new Proxy(db, {
      get: (target, key) => (key === 'execute' && away ? () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) : Reflect.get(target, key)),
    }) as Db;
    const warnings: string[] = [];
    const feed = new ListingIndexFeed(flaky, { info: () => undefined, warn: (_facts, message) => warnings.push(message) });
    await feed.tryLoad();
    expect(feed.loaded).toBeUndefined();
    expect(warnings).toEqual(['The listing index could not load; listings read the database until it does.']);

    away = false;
    await feed.tryLoad();
    const [active] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from products where status = 'active'`);
    expect(feed.loaded!.size).toBe(active!.count);

    const [, , , , , moved] = productIds;
    await db.update(products).set({ price: 888_00, discountPrice: 0 }).where(eq(products.id, moved!));
    away = true;
    await expect(feed.catchUp()).rejects.toThrow('ECONNREFUSED');
    away = false;
    await feed.catchUp();
    const page = feed.loaded!.list({ categoryId, minPrice: 800_00, order: 'newest', salePrices: new Map(), offset: 0, limit: 10 });
    expect(page).toEqual({ total: 1, pageIds: [moved] });
  });
});
