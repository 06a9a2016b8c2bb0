import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ProductList } from '../../shared/catalog.contract.ts';
import { queryRows, type Db } from '../db/client.ts';
import type { TaxonomyKind } from '../../shared/taxonomy-console.contract.ts';
import { brands, categories, colors, flashSaleEnrolments, flashSales, products, productVariants, reviews, sizes, subCategories, units } from '../db/schema.ts';
import { updateSearchWords } from '../features/catalog/search-terms.ts';
import { addVariants, moveStock } from '../features/inventory/inventory.service.ts';

type NewProduct = typeof products.$inferInsert;

/** Ids of the seeded catalogue's first shop and category, for products a test adds itself. */
export async function catalogAnchors(db: Db) {
  const [row] = await queryRows<{ shop_id: number; category_id: number; sub_category_id: number; brand_id: number }>(
    db,
    sql`select (select min(id) from shops) as shop_id,
               (select min(id) from categories) as category_id,
               (select min(id) from sub_categories where category_id = (select min(id) from categories)) as sub_category_id,
               (select min(id) from brands) as brand_id`,
  );
  return row!;
}

/**
 * Adds products with the test's own names and numbers (stock 10 unless given), each with its
 * default variant holding that stock, and their words to the search dictionary. Their sales are
 * ranked as given (as after a refresh of the rankings) unless the test gives their ranked sales.
 */
export async function addProducts(db: Db, entries: Array<Partial<NewProduct> & { name: string }>) {
  const anchors = await catalogAnchors(db);
  const rows = await db
    .insert(products)
    .values(
      entries.map((entry) => {
        const key = randomUUID().slice(0, 8);
        return {
          shopId: anchors.shop_id,
          categoryId: anchors.category_id,
          thumbnail: '/media/placeholder/product/test.svg',
          price: 10_00,
          stock: 10,
          rankedSold: entry.totalSold,
          ...entry,
          slug: `test-${key}`,
          sku: `TEST-${key}`,
        };
      }),
    )
    .returning({ id: products.id, sku: products.sku, stock: products.stock });
  await addVariants(db, rows.map((row) => ({ productId: row.id, sku: row.sku, stock: row.stock })), { now: new Date() });
  const ids = rows.map((row) => row.id);
  await updateSearchWords(db, ids);
  return ids;
}

/**
 * The search postings every posting word should have, given the products as they are now (all of
 * its products, or those of its sample), against those kept: how many are missing, how many should
 * not be there, and how many `word` has.
 */
export async function searchPostingsOffBy(db: Db, word: string) {
  const [row] = await queryRows<{ missing: number; extra: number; kept: number }>(
    db,
    sql`with expected as (
          select w.lexeme as word, p.id as product_id, ts_rank(p.search_vector, to_tsquery('simple', w.lexeme)) as relevance, lower(p.name) = w.lexeme as whole_name
          from products p cross join lateral unnest(p.search_vector) as w join search_posting_words as b on b.word = w.lexeme
          where b.share >= 1 or search_sample_point(p.id) < b.share),
        kept as (select word, product_id, relevance, whole_name from search_postings)
        select (select count(*)::int from (select * from expected except select * from kept) as a) as missing,
               (select count(*)::int from (select * from kept except select * from expected) as b) as extra,
               (select count(*)::int from kept where word = ${word}) as kept`,
  );
  return row!;
}

/** A flash sale straight in the database, each product's every variant enrolled and approved at `price` (minor units), capped at `stockCap` if given. */
export async function addFlashSale(db: Db, window: { startsAt: Date; endsAt: Date }, items: Array<{ productId: number; price: number; stockCap?: number }>) {
  const [sale] = await db
    .insert(flashSales)
    .values({ name: 'Test Sale', thumbnail: '/media/placeholder/banner/test.svg', enrolmentStartsAt: new Date(window.startsAt.getTime() - 3_600_000), enrolmentEndsAt: window.startsAt, ...window })
    .returning({ id: flashSales.id });
  for (const item of items) {
    const [product] = await db.select({ shopId: products.shopId }).from(products).where(eq(products.id, item.productId));
    const variants = await variantsOf(db, item.productId);
    await db.insert(flashSaleEnrolments).values(
      variants.map((variant) => ({
        flashSaleId: sale!.id,
        shopId: product!.shopId,
        productId: item.productId,
        variantId: variant.id,
        salePrice: item.price,
        stockCap: item.stockCap ?? null,
        status: 'approved' as const,
        decidedAt: window.startsAt,
      })),
    );
  }
  return sale!.id;
}

/** A product's variants, oldest first. */
export function variantsOf(db: Db, productId: number) {
  return db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.id));
}

/** Sets a variant's stock the way staff would: a manual adjustment in the ledger. */
export async function setVariantStock(db: Db, variantId: number, stock: number) {
  await db.transaction(async (tx) => {
    const [variant] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
    await moveStock(tx, [{ variantId, change: stock - variant!.stock }], { reason: 'adjustment', now: new Date() });
  });
}

/** A category, sub-category (of the first category), brand, colour, size or unit of the test's own, archived if asked; its id. */
export async function addTaxonomyRecord(db: Db, kind: TaxonomyKind, { archived = false } = {}): Promise<number> {
  const key = randomUUID().slice(0, 8);
  const name = `Fixture ${kind} ${key}`;
  const slug = `fixture-${kind}-${key}`;
  const isActive = !archived;
  const image = `/media/placeholder/logo/${slug}.svg`;
  const [row] = await (() => {
    switch (kind) {
      case 'categories':
        return db.insert(categories).values({ name, slug, thumbnail: image, isActive }).returning({ id: categories.id });
      case 'sub-categories':
        return catalogAnchors(db).then(({ category_id: categoryId }) =>
          db.insert(subCategories).values({ categoryId, name, slug, thumbnail: image, isActive }).returning({ id: subCategories.id }),
        );
      case 'brands':
        return db.insert(brands).values({ name, slug, logo: image, isActive }).returning({ id: brands.id });
      case 'colors':
        return db.insert(colors).values({ name, code: '#123456', isActive }).returning({ id: colors.id });
      case 'sizes':
        return db.insert(sizes).values({ name, isActive }).returning({ id: sizes.id });
      case 'units':
        return db.insert(units).values({ name, isActive }).returning({ id: units.id });
    }
  })();
  return row!.id;
}

/** A shopper's review of a product, visible unless `hiddenReason` is given (then hidden for it). */
export async function addReview(db: Db, productId: number, { rating = 4, userId = null, hiddenReason }: { rating?: number; userId?: number | null; hiddenReason?: string } = {}): Promise<number> {
  const [row] = await db
    .insert(reviews)
    .values({ productId, userId, reviewerName: 'Review Writer', rating, comment: 'Arrived quickly and works well.', ...(hiddenReason && { hiddenAt: new Date(), hiddenReason }) })
    .returning({ id: reviews.id });
  return row!.id;
}

/**
 * `GET /api/products?{query}` on `app`, each request from an address of its own in `network` (two
 * octets): comparisons of listings ask more than a shopper's per-minute share of new listings.
 */
export function listingReader(network: string) {
  let requests = 0;
  return async (app: FastifyInstance, query: string): Promise<ProductList> => {
    const remoteAddress = `${network}.${(requests >> 8) & 255}.${requests++ & 255}`;
    const response = await app.inject({ method: 'GET', url: `/api/products?${query}`, remoteAddress });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
}
