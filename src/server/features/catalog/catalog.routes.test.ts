import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productDetailsSchema, productListSchema, type ProductCard } from '../../../shared/catalog.contract.ts';
import { queryRows } from '../../db/client.ts';
import { flashSales, productColors, products, productSizes } from '../../db/schema.ts';
import { addFlashSale, addProducts, catalogAnchors, setVariantStock, variantsOf } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { catalogReads } from './catalog-caches.ts';
import { ViewCounter } from './view-counter.ts';
import { readProductDetails } from './product-details.ts';
import { changeVariantStock } from './catalog-writes.ts';
import { updateSearchWords } from './search-terms.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
// Tests change the catalogue in the database, under the answer caches; each read must see the change.
beforeEach(() => {
  ctx.app.caches.clear();
});

async function list(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return productListSchema.parse(response.json().data);
}

const names = (cards: ProductCard[]) => cards.map((card) => card.name);
const ids = (cards: ProductCard[]) => cards.map((card) => card.id);
/** What the shopper pays, as the card shows it: a running flash sale's price is its discount price. */
const unit = (card: ProductCard) => (card.discount_price > 0 ? card.discount_price : card.price);
const hour = 3_600_000;

describe('search', () => {
  it('ranks an exact name first, then name over brand/category over description', async () => {
    const anchors = await catalogAnchors(ctx.database.db);
    await addProducts(ctx.database.db, [
      { name: 'Quokka Travel Mug Deluxe', totalSold: 5 },
      { name: 'Insulated Bottle', keywords: 'quokka', totalSold: 900 },
      { name: 'Ceramic Cup', description: 'Loved by every quokka keeper.', totalSold: 1000 },
      { name: 'Quokka Travel Mug', totalSold: 1, brandId: anchors.brand_id },
    ]);
    const exact = await list('search=quokka%20travel%20mug');
    expect(names(exact.products).slice(0, 2)).toEqual(['Quokka Travel Mug', 'Quokka Travel Mug Deluxe']);

    const weighted = await list('search=quokka');
    const order = names(weighted.products);
    expect(order.indexOf('Quokka Travel Mug Deluxe')).toBeLessThan(order.indexOf('Insulated Bottle'));
    expect(order.indexOf('Insulated Bottle')).toBeLessThan(order.indexOf('Ceramic Cup'));
    expect(weighted.total).toBe(4);
  });

  it('matches a prefix and tolerates a typo', async () => {
    await addProducts(ctx.database.db, [{ name: 'Xylophonic Speaker 2000' }]);
    expect(names((await list('search=xyloph')).products)).toContain('Xylophonic Speaker 2000');
    expect(names((await list('search=xylohponic')).products)).toContain('Xylophonic Speaker 2000');
    expect((await list('search=qwrtzzzkk')).total).toBe(0);
  });

  it('looks for a corrected typo and a word of two letters as whole words, not as the start of longer ones', async () => {
    await addProducts(ctx.database.db, [{ name: 'Marzipol Tray' }, { name: 'Marzipolka Dress' }, { name: 'Qz Lamp' }, { name: 'Qzarro Vase' }]);
    expect(names((await list('search=marzipol')).products).sort()).toEqual(['Marzipol Tray', 'Marzipolka Dress']);
    expect(names((await list('search=marzipl')).products)).toEqual(['Marzipol Tray']);
    expect(names((await list('search=qz')).products)).toEqual(['Qz Lamp']);
    expect(names((await list('search=qza')).products)).toEqual(['Qzarro Vase']);
  });

  it('finds a product added or renamed by a misspelt name, the renamed one no longer by its old name', async () => {
    const { db } = ctx.database;
    const [id] = await addProducts(db, [{ name: 'Brisolette Lantern' }]);
    expect(names((await list('search=brisolete')).products)).toEqual(['Brisolette Lantern']);

    // As a product editor does: the write, then the dictionary with the words it replaced.
    const [before] = await db.select({ name: products.name, keywords: products.keywords }).from(products).where(eq(products.id, id!));
    await db.update(products).set({ name: 'Brisolettina Lantern' }).where(eq(products.id, id!));
    await updateSearchWords(db, [id!], [before!.name, before!.keywords]);
    ctx.app.caches.invalidate([cacheTags.listings]);
    // The same typo was closest to the old name, which nothing matches any more; now it is the new one.
    expect(names((await list('search=brisolete')).products)).toEqual(['Brisolettina Lantern']);
    expect(names((await list('search=brisoletina%20lanter')).products)).toEqual(['Brisolettina Lantern']);
  });

  it('never shows draft products', async () => {
    const [draftId] = await addProducts(ctx.database.db, [{ name: 'Unreleased Gizmo Zeta', status: 'draft' }]);
    expect((await list('search=unreleased%20gizmo%20zeta')).total).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${draftId}` })).statusCode).toBe(404);
  });
});

describe('filters', () => {
  it('narrow by category, sub-category, shop, brand, colour, size, rating and price', async () => {
    const { db } = ctx.database;
    const [sample] = await queryRows<{ id: number; category_id: number; sub_category_id: number; shop_id: number; brand_id: number }>(
      db,
      sql`select p.id, p.category_id, p.sub_category_id, p.shop_id, p.brand_id from products p
          where p.status = 'active' and exists (select 1 from product_colors c where c.product_id = p.id)
          and exists (select 1 from product_sizes s where s.product_id = p.id) order by p.id limit 1`,
    );
    const [color] = await db.select().from(productColors).where(eq(productColors.productId, sample!.id)).limit(1);
    const [size] = await db.select().from(productSizes).where(eq(productSizes.productId, sample!.id)).limit(1);

    const all = await list('per_page=100');
    for (const [param, value] of Object.entries({
      category_id: sample!.category_id,
      sub_category_id: sample!.sub_category_id,
      shop_id: sample!.shop_id,
      brand_id: sample!.brand_id,
      color_id: color!.colorId,
      size_id: size!.sizeId,
    })) {
      const narrowed = await list(`${param}=${value}&per_page=100`);
      expect(narrowed.total, param).toBeGreaterThan(0);
      expect(narrowed.total, param).toBeLessThan(all.total);
      const ids = narrowed.products.map((card) => card.id);
      const column = { category_id: 'category_id', sub_category_id: 'sub_category_id', shop_id: 'shop_id', brand_id: 'brand_id' }[param];
      if (column) {
        const rows = await queryRows<{ value: number }>(db, sql`select ${sql.raw(column)} as value from products where id in ${ids}`);
        expect(new Set(rows.map((row) => row.value)), param).toEqual(new Set([value]));
      }
      if (param === 'color_id') for (const card of narrowed.products) expect(card.colors.map((c) => c.id)).toContain(value);
      if (param === 'size_id') for (const card of narrowed.products) expect(card.sizes.map((s) => s.id)).toContain(value);
    }

    const rated = await list('rating=4&per_page=100');
    expect(rated.total).toBeGreaterThan(0);
    for (const card of rated.products) expect(card.rating).toBeGreaterThanOrEqual(4);

    const priced = await list('min_price=20&max_price=60&per_page=100');
    expect(priced.total).toBeGreaterThan(0);
    for (const card of priced.products) {
      expect(unit(card)).toBeGreaterThanOrEqual(20);
      expect(unit(card)).toBeLessThanOrEqual(60);
    }
  });

  it('describe the scope: brands, colours, sizes and the price range', async () => {
    const result = await list('');
    expect(result.filters.brands.length).toBeGreaterThan(3);
    expect(result.filters.colors.length).toBeGreaterThan(3);
    expect(result.filters.sizes.length).toBeGreaterThan(3);
    expect(result.filters.min_price).toBeGreaterThan(0);
    expect(result.filters.max_price).toBeGreaterThan(result.filters.min_price);
  });

  it("give a search's price range from exactly the products it finds, and none when it finds nothing", async () => {
    const phones = await list('search=phone&per_page=100');
    const prices = phones.products.map(unit);
    expect(phones.total).toBeGreaterThan(1);
    expect(phones.products).toHaveLength(phones.total);
    expect([phones.filters.min_price, phones.filters.max_price]).toEqual([Math.min(...prices), Math.max(...prices)]);

    const nothing = await list('search=phone%20novel');
    expect(nothing.total).toBe(0);
    expect([nothing.filters.min_price, nothing.filters.max_price]).toEqual([0, 0]);
    expect(nothing.filters.brands).toEqual([]);
  });
});

describe('sorting and pages', () => {
  it('sorts by price both ways, newest, top selling and popularity', async () => {
    const up = (await list('sort_type=low_to_high&per_page=100')).products.map(unit);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await list('sort_type=high_to_low&per_page=100')).products.map(unit);
    expect(down).toEqual([...down].sort((a, b) => b - a));

    const sold = (await list('sort_type=top_selling&per_page=30')).products.map((card) => card.total_sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));

    const popular = (await list('sort_type=popular_product&per_page=30')).products.map((card) => card.id);
    const byViews = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from products where status = 'active' order by popular_views desc, id desc limit 30`,
    );
    expect(popular).toEqual(byViews.map((row) => row.id));

    const newest = (await list('sort_type=newest&per_page=30')).products.map((card) => card.id);
    const created = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from products where status = 'active' order by created_at desc, id desc limit 30`,
    );
    expect(newest).toEqual(created.map((row) => row.id));
  });

  it('recommends (the default order, and Just For You) the best rated first, the best selling among equally rated, unlike Newest', async () => {
    const recommended = await list('per_page=100');
    expect((await list('sort_type=just_for_you&per_page=100')).products).toEqual(recommended.products);
    const cards = recommended.products;
    const pairs = cards.slice(1).map((card, index) => [cards[index]!, card] as const);
    for (const [before, after] of pairs) {
      expect(before.rating > after.rating || (before.rating === after.rating && before.total_sold >= after.total_sold), `${before.id} before ${after.id}`).toBe(true);
    }
    // The demo catalogue has equally rated products that sold differently: sales do decide.
    expect(pairs.some(([before, after]) => before.rating === after.rating && before.total_sold > after.total_sold)).toBe(true);

    const newest = await list('sort_type=newest&per_page=100');
    expect(ids(newest.products)).not.toEqual(ids(cards));
    expect(ids(newest.products).slice(0, 10)).not.toEqual(ids(cards).slice(0, 10));
  });

  it('sorts and filters a product in a running flash sale by its sale price, and by its own once the sale ends', async () => {
    const { db } = ctx.database;
    const [onSale, plain] = await addProducts(db, [
      { name: 'Zanzibar Grand Piano', price: 99_999_00 },
      { name: 'Zanzibar Tuning Fork', price: 5_00 },
    ]);
    const saleId = await addFlashSale(db, { startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) }, [
      { productId: onSale!, price: 1 },
    ]);

    const cheapest = await list('sort_type=low_to_high&per_page=2');
    expect(cheapest.products[0]).toMatchObject({ id: onSale, discount_price: 0.01, flash_sale: { id: saleId } });
    expect(ids((await list('sort_type=low_to_high&per_page=1&page=2')).products)).toEqual([cheapest.products[1]!.id]);
    expect(ids((await list('sort_type=high_to_low&per_page=50')).products)).not.toContain(onSale);
    expect(ids((await list('max_price=0.01')).products)).toEqual([onSale]);
    expect((await list('min_price=99999')).total).toBe(0);
    expect(ids((await list('search=zanzibar&sort_type=low_to_high')).products)).toEqual([onSale, plain]);
    expect(ids((await list('search=zanzibar&max_price=1')).products)).toEqual([onSale]);
    const everything = await list('');
    expect(everything.filters.min_price).toBe(0.01);
    expect(everything.filters.max_price).toBeLessThan(99_999);
    expect((await list('search=zanzibar')).filters).toMatchObject({ min_price: 0.01, max_price: 5 });

    await db.update(flashSales).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(flashSales.id, saleId));
    ctx.app.caches.invalidate([cacheTags.flashSales, cacheTags.listings]);
    expect((await list('sort_type=high_to_low&per_page=1')).products[0]).toMatchObject({ id: onSale, price: 99_999, flash_sale: null });
    expect(ids((await list('sort_type=low_to_high&per_page=50')).products)).not.toContain(onSale);
    expect((await list('max_price=0.01')).total).toBe(0);
    expect(ids((await list('min_price=99999')).products)).toEqual([onSale]);
    expect(ids((await list('search=zanzibar&sort_type=low_to_high')).products)).toEqual([plain, onSale]);
    expect((await list('search=zanzibar&max_price=1')).total).toBe(0);
    expect((await list('')).filters.max_price).toBe(99_999);
    expect((await list('search=zanzibar')).filters).toMatchObject({ min_price: 5, max_price: 99_999 });
  });

  it('pages through the whole result with a true total', async () => {
    const [count] = await queryRows<{ total: number }>(ctx.database.db, sql`select count(*)::int as total from products where status = 'active'`);
    const first = await list('page=1&per_page=10&sort_type=newest');
    const second = await list('page=2&per_page=10&sort_type=newest');
    expect(first.total).toBe(count!.total);
    expect(first.products).toHaveLength(10);
    expect(second.products).toHaveLength(10);
    expect(new Set([...first.products, ...second.products].map((card) => card.id)).size).toBe(20);
    const beyond = await list(`page=${Math.ceil(count!.total / 10) + 1}&per_page=10`);
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(count!.total);
  });

  it('refuses bad query values with 422 and field errors (documented: no clamping)', async () => {
    for (const [query, field, message] of [
      ['page=-1', 'page', 'The page must be at least 1.'],
      ['page=abc', 'page', 'The page must be a number.'],
      ['per_page=10000', 'per_page', 'The per page must not be greater than 100.'],
      ['sort_type=cheapest', 'sort_type', 'The selected sort type is invalid.'],
      ['category_id=1;drop', 'category_id', 'The category id must be a number.'],
      ['rating=9', 'rating', 'The rating must not be greater than 5.'],
      [`search=${'x'.repeat(500)}`, 'search', 'The search must not be greater than 100 characters.'],
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toEqual({ [field!]: [message] });
    }
  });
});

describe('details, shops, categories, flash sales', () => {
  it('shows a product with its gallery, shop, reviews and related products', async () => {
    const [reviewed] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from products where status = 'active' and review_count > 2 order by id limit 1`,
    );
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${reviewed!.id}` });
    expect(response.statusCode).toBe(200);
    const product = productDetailsSchema.parse(response.json().data.product);
    expect(product.thumbnails.length).toBeGreaterThan(1);
    expect(product.reviews.length).toBeGreaterThan(0);
    const breakdownTotal = Object.values(product.rating_breakdown).reduce((sum, count) => sum + count, 0);
    expect(breakdownTotal).toBe(product.total_reviews);
    expect(product.related_products.every((card) => card.id !== product.id)).toBe(true);
    expect(product.shop.total_products).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown product, shop, category or flash sale, and 422 for a malformed id', async () => {
    for (const url of ['/api/products/99999999', '/api/shops/99999999', '/api/categories/no-such-slug', '/api/flash-sales/99999999']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toMatch(/not found/i);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/abc' })).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/-4' })).statusCode).toBe(422);
  });

  it('finds a category by slug or by id, with its sub-categories', async () => {
    const bySlug = (await ctx.app.inject({ method: 'GET', url: '/api/categories/electronics' })).json().data.category;
    expect(bySlug.sub_categories.length).toBeGreaterThan(0);
    const byId = (await ctx.app.inject({ method: 'GET', url: `/api/categories/${bySlug.id}` })).json().data.category;
    expect(byId.slug).toBe('electronics');
  });

  it('lists shops with their ratings and product counts', async () => {
    const shops = (await ctx.app.inject({ method: 'GET', url: '/api/shops' })).json().data.shops;
    expect(shops.length).toBeGreaterThanOrEqual(8);
    for (const shop of shops.slice(0, 3)) {
      const listed = await list(`shop_id=${shop.id}`);
      expect(shop.total_products, shop.name).toBe(listed.total);
      expect(shop.total_products, shop.name).toBeGreaterThan(1);
    }
    const one = (await ctx.app.inject({ method: 'GET', url: `/api/shops/${shops[0].id}` })).json().data.shop;
    expect(one.total_products).toBe(shops[0].total_products);
  });

  it('sells at the flash-sale price only while the sale runs', async () => {
    const { db } = ctx.database;
    const [productId] = await addProducts(db, [{ name: 'Flashy Gadget Omega', price: 50_00, discountPrice: 45_00 }]);
    const saleId = await addFlashSale(db, { startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) }, [
      { productId: productId!, price: 30_00 },
    ]);
    const card = async () => {
      ctx.app.caches.clear();
      return (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().data.product;
    };

    expect(await card()).toMatchObject({ price: 50, discount_price: 30, discount_percentage: 40, flash_sale: { id: saleId } });
    const sale = (await ctx.app.inject({ method: 'GET', url: `/api/flash-sales/${saleId}` })).json().data;
    expect(sale.flash_sale.status).toBe('running');
    expect(sale.products[0]).toMatchObject({ id: productId, discount_price: 30 });

    await db.update(flashSales).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(flashSales.id, saleId));
    expect(await card()).toMatchObject({ price: 50, discount_price: 45, discount_percentage: 10, flash_sale: null });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/flash-sales/${saleId}` })).json().data.flash_sale.status).toBe('ended');

    await db.update(flashSales).set({ startsAt: new Date(Date.now() + hour), endsAt: new Date(Date.now() + 2 * hour) }).where(eq(flashSales.id, saleId));
    expect(await card()).toMatchObject({ discount_price: 45, flash_sale: null });
  });

  it('builds the home page from the catalogue', async () => {
    const home = (await ctx.app.inject({ method: 'GET', url: '/api/home' })).json().data;
    expect(home.banners.length).toBeGreaterThan(0);
    expect(home.categories.length).toBeGreaterThan(0);
    expect(home.shops.length).toBeGreaterThan(0);
    expect(home.popular_products).toHaveLength(10);
    expect(home.best_deal_products.every((card: ProductCard) => card.discount_price > 0)).toBe(true);
    expect(home.running_flash_sale?.products.length).toBeGreaterThan(0);
    expect(home.incoming_flash_sale?.status).toBe('upcoming');
  });

  it('keeps price ranges honest: a product without discount has discount_price 0 and no OFF', async () => {
    const [plain] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select p.id from ${products} p where p.status = 'active' and p.discount_price = 0
          and not exists (select 1 from flash_sale_enrolments f where f.product_id = p.id) order by p.id limit 1`,
    );
    const product = (await ctx.app.inject({ method: 'GET', url: `/api/products/${plain!.id}` })).json().data.product;
    expect(product.discount_price).toBe(0);
    expect(product.discount_percentage).toBe(0);
  });

  it('adds up product views and writes them in one go', async () => {
    const { db } = ctx.database;
    const [productId] = await addProducts(db, [{ name: 'Watched Kettle Prime', viewCount: 7 }]);
    const counter = new ViewCounter(db, 60_000);
    counter.record(productId!);
    counter.record(productId!);
    const before = await db.select({ views: products.viewCount }).from(products).where(eq(products.id, productId!));
    expect(before[0]!.views).toBe(7);
    await counter.close();
    const after = await db.select({ views: products.viewCount }).from(products).where(eq(products.id, productId!));
    expect(after[0]!.views).toBe(9);
  });

  it('serves repeated reads from the cache until a write through the catalogue service, and marks the shopper\'s favourites on shared answers', async () => {
    const { db } = ctx.database;
    const [productId] = await addProducts(db, [{ name: 'Cached Teapot Sigma', stock: 4 }]);
    const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().data.product;
    expect((await read()).quantity).toBe(4);
    const [variant] = await variantsOf(db, productId!);
    // A product opened once is not kept (most are); from its second opening it is, and again once a write dropped it.
    await setVariantStock(db, variant!.id, 3);
    expect((await read()).quantity).toBe(3);
    await setVariantStock(db, variant!.id, 2);
    expect((await read()).quantity).toBe(3);
    await changeVariantStock({ db, caches: ctx.app.caches }, variant!.id, 1);
    expect((await read()).quantity).toBe(1);
    await setVariantStock(db, variant!.id, 2);
    expect((await read()).quantity).toBe(1);

    const reads = catalogReads(db, ctx.app.caches);
    const shared = await readProductDetails(reads, productId!, 'en');
    const mine = await readProductDetails(reads, productId!, 'en', { favoriteIds: new Set([productId!]) });
    expect(shared.is_favorite).toBe(false);
    expect(mine.is_favorite).toBe(true);
    expect((await readProductDetails(reads, productId!, 'en')).is_favorite).toBe(false);
    // Hearts elsewhere leave the shared answer as it is: the same object, whose contract check is not repeated.
    const [again, unhearted] = await Promise.all([
      readProductDetails(reads, productId!, 'en'),
      readProductDetails(reads, productId!, 'en', { favoriteIds: new Set([productId! + 1_000_000]) }),
    ]);
    expect(unhearted).toBe(again);
  });
});
