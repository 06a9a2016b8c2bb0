import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailsSchema, type ProductCard, type ProductDetails } from '../../../shared/catalog.contract.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { startAppInstance } from '../../test/test-app.ts';
import { addProducts, addTaxonomyRecord } from '../../test/catalog-fixtures.ts';
import { cacheTags } from '../../platform/cache-tags.ts';

let database: Database;
let app: FastifyInstance;
const queries: string[] = [];
const parameters: unknown[][] = [];

beforeAll(async () => {
  database = await openTestDatabase({
    logger: {
      logQuery: (query, params) => {
        queries.push(query);
        parameters.push(params);
      },
    },
  });
  app = await startAppInstance(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Two reviewed products of one shop and one shelf (sub-category), with pictures and options. */
async function reviewedPair() {
  const [pair] = await queryRows<{ first: number; second: number }>(
    database.db,
    sql`select min(id) as first, max(id) as second from (
          select p.id from products p
          where p.status = 'active' and p.review_count > 2
            and exists (select 1 from product_images i where i.product_id = p.id)
            and (p.shop_id, p.sub_category_id) = (
              select shop_id, sub_category_id from products
              where status = 'active' and review_count > 2 and sub_category_id is not null
              group by shop_id, sub_category_id order by count(*) desc, shop_id, sub_category_id limit 1)
          order by p.id limit 2) chosen`,
  );
  return pair!;
}

async function details(id: number): Promise<ProductDetails> {
  const response = await app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return productDetailsSchema.parse(response.json().data.product);
}

describe('a product page never asked for before', () => {
  it('is read in one statement, the product with its pictures, variants and reviews, when its shelf was shown before', async () => {
    const { first, second } = await reviewedPair();
    expect(second).not.toBe(first);
    // The store's settings, its shops' summaries and the shelf's best sellers are kept for every page: read once here.
    await details(first);
    queries.length = 0;
    await details(second);
    expect(queries, queries.join('\n\n')).toHaveLength(1);
  });

  it('answers what the tables say: newest reviews first, every rating counted, related products of its shelf by sales, pictures in order', async () => {
    const { second: id } = await reviewedPair();
    const product = await details(id);

    const reviews = await queryRows<{ id: number; created_at: Date }>(
      database.db,
      sql`select id, created_at from reviews where product_id = ${id} order by created_at desc, id desc limit 10`,
    );
    expect(product.reviews.map((review) => [review.id, review.created_at])).toEqual(reviews.map((review) => [review.id, new Date(review.created_at).toISOString()]));
    const counts = await queryRows<{ rating: number; count: number }>(database.db, sql`select rating, count(*)::int as count from reviews where product_id = ${id} group by rating`);
    expect(product.rating_breakdown).toEqual({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, ...Object.fromEntries(counts.map((entry) => [String(entry.rating), entry.count])) });

    const related = await queryRows<{ id: number }>(
      database.db,
      sql`select id from products where status = 'active' and id <> ${id}
            and sub_category_id = (select sub_category_id from products where id = ${id})
          order by total_sold desc, id desc limit 8`,
    );
    expect(product.related_products.map((card) => card.id)).toEqual(related.map((row) => row.id));

    const pictures = await queryRows<{ id: number }>(database.db, sql`select id from product_images where product_id = ${id} order by sort_order, id`);
    expect(product.thumbnails.map((picture) => picture.id)).toEqual(pictures.map((picture) => picture.id));
    const variants = await queryRows<{ id: number; sku: string }>(database.db, sql`select id, sku from product_variants where product_id = ${id} and is_active order by id`);
    expect(product.variants.map((variant) => [variant.id, variant.sku])).toEqual(variants.map((variant) => [variant.id, variant.sku]));
  });
});

describe("a listing's cards", () => {
  const cardStatements = () => [...new Set(queries.filter((query) => query.includes('"products"."thumbnail"') && query.includes('= any(')))];

  it('are read by one and the same statement whatever their number, so PostgreSQL plans it once per connection', async () => {
    queries.length = 0;
    const few = await app.inject({ method: 'GET', url: '/api/products?per_page=3&sort_type=newest' });
    const more = await app.inject({ method: 'GET', url: '/api/products?per_page=7&sort_type=low_to_high' });
    expect(few.json().data.products).toHaveLength(3);
    expect(more.json().data.products).toHaveLength(7);
    expect(cardStatements()).toHaveLength(1);
  });

  it("come in the listing's order", async () => {
    const listed = await app.inject({ method: 'GET', url: '/api/products?per_page=12&sort_type=high_to_low' });
    const shown = (listed.json().data.products as ProductCard[]).map((card) => (card.discount_price > 0 ? card.discount_price : card.price));
    expect(shown).toHaveLength(12);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
  });
});

describe('a search not seen before', () => {
  it('is read whole at once, without asking the planner how many products it names first', async () => {
    queries.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/products?search=wireless%20earb' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.total).toBeGreaterThan(0);
    expect(queries.filter((query) => query.startsWith('explain'))).toEqual([]);
  });

  it('is known to be broad from the statistics when most products hold its word: listed best sellers first, its matches not read first', async () => {
    const categoryId = await addTaxonomyRecord(database.db, 'categories');
    await addProducts(database.db, Array.from({ length: 1_800 }, (_, index) => ({ name: `Wombatware Kettle ${index + 1}`, categoryId, totalSold: index })));
    await database.db.execute(sql`analyze products`);
    // As the store's own catalogue writes do: the statistics read before are not kept.
    app.caches.invalidate([cacheTags.listings]);
    queries.length = 0;
    parameters.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/products?search=wombatware&per_page=5' });
    expect(response.statusCode, response.body).toBe(200);
    const listing = response.json().data as { total: number; products: ProductCard[] };
    expect(listing.products.map((card) => card.name)).toEqual([1800, 1799, 1798, 1797, 1796].map((n) => `Wombatware Kettle ${n}`));
    expect(Math.abs(listing.total - 1_800)).toBeLessThan(1_800 * 0.25);
    // No planner's estimate, and no pass reading up to 2,001 matches: only a 500-product sample of them.
    expect(queries.filter((query) => query.startsWith('explain'))).toEqual([]);
    const passes = parameters.filter((_, index) => queries[index]!.includes('with sample as materialized'));
    expect(passes).toHaveLength(1);
    expect(passes[0]).toContain(501);
    expect(passes[0]).not.toContain(2_001);

    // Most of them leave the shelves before PostgreSQL analyses the table again: the statistics still
    // say broad, the sample finds the few left, and they are listed whole, counted exactly.
    await database.db.execute(sql`update products set status = 'draft' where category_id = ${categoryId} and total_sold >= 100`);
    app.caches.invalidate([cacheTags.listings]);
    const few = await app.inject({ method: 'GET', url: '/api/products?search=wombatware&per_page=5' });
    expect(few.statusCode, few.body).toBe(200);
    const fewListed = few.json().data as { total: number; products: ProductCard[] };
    expect(fewListed.total).toBe(100);
    expect(fewListed.products.map((card) => card.name)).toEqual([100, 99, 98, 97, 96].map((n) => `Wombatware Kettle ${n}`));
  });
});
