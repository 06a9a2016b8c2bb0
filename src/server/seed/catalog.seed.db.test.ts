import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { seedBulkProducts } from './bulk-products.ts';
import { buildDemoCatalog, seedCatalog } from './catalog.seed.ts';
import { seedDatabase } from './seed.ts';

// The test database template is seeded by `seedDatabase`, so the demo catalogue is already in it.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const [row] = await queryRows<Row>(database.db, query);
  return row!;
}

async function counts() {
  return one<Record<string, number>>(sql`select
    (select count(*)::int from shops) as shops,
    (select count(*)::int from brands) as brands,
    (select count(*)::int from colors) as colors,
    (select count(*)::int from sizes) as sizes,
    (select count(*)::int from products) as products,
    (select count(*)::int from product_images) as images,
    (select count(*)::int from product_colors) as product_colors,
    (select count(*)::int from product_sizes) as product_sizes,
    (select count(*)::int from reviews) as reviews,
    (select count(*)::int from flash_sales) as flash_sales,
    (select count(*)::int from flash_sale_enrolments) as flash_sale_enrolments,
    (select count(*)::int from banners) as banners`);
}

it('builds the same catalogue on every run', async () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const first = buildDemoCatalog(now);
  expect(buildDemoCatalog(now)).toEqual(first);
  expect(new Set(first.products.map((product) => product.name)).size).toBe(first.products.length);

  const rows = await queryRows<{ name: string }>(database.db, sql`select name from products`);
  expect(rows.map((row) => row.name).sort()).toEqual(first.products.map((product) => product.name).sort());
});

it('has shops, and active products in every category and sub-category', async () => {
  const shops = await queryRows<{ logo: string; banner: string; delivery_charge: number }>(database.db, sql`select * from shops`);
  expect(shops.length).toBeGreaterThanOrEqual(8);
  expect(shops.every((shop) => shop.logo.startsWith('/media/placeholder/shop/'))).toBe(true);
  expect(shops.every((shop) => shop.banner.startsWith('/media/placeholder/shop-banner/'))).toBe(true);
  expect(shops.some((shop) => shop.delivery_charge === 0)).toBe(true);

  const products = await one<{ active: number; drafts: number; skus: number; slugs: number }>(sql`select
    count(*) filter (where status = 'active')::int as active,
    count(*) filter (where status = 'draft')::int as drafts,
    count(distinct sku)::int as skus,
    count(distinct slug)::int as slugs
    from products`);
  expect(products.active).toBeGreaterThanOrEqual(200);
  expect(products.drafts).toBeGreaterThanOrEqual(2);

  const emptyCategories = await queryRows(database.db, sql`
    select c.slug from categories c
    where not exists (select 1 from products p where p.category_id = c.id and p.status = 'active')`);
  expect(emptyCategories).toEqual([]);
  const emptySubCategories = await queryRows(database.db, sql`
    select s.slug from sub_categories s
    where not exists (select 1 from products p where p.sub_category_id = s.id and p.status = 'active')`);
  expect(emptySubCategories).toEqual([]);

  const incomplete = await queryRows(database.db, sql`
    select p.slug from products p
    where p.keywords = '' or p.description = '' or p.brand_id is null
       or not exists (select 1 from product_images i where i.product_id = p.id and i.sort_order = 0 and i.url = p.thumbnail)
       or (select count(*) from product_images i where i.product_id = p.id) not between 3 and 4`);
  expect(incomplete).toEqual([]);
});

it("sells every product by a unit of the console's list of units", async () => {
  const unlisted = await queryRows(database.db, sql`select distinct unit from products where unit not in (select name from units where is_active)`);
  expect(unlisted).toEqual([]);
});

it("keeps every product's rating and review count equal to the reviews shoppers see, one being hidden", async () => {
  const hidden = await queryRows(database.db, sql`select reviewer_name, hidden_reason from reviews where hidden_at is not null`);
  expect(hidden).toEqual([{ reviewer_name: 'Deal Hunter', hidden_reason: 'Advertises another shop.' }]);
  const mismatched = await queryRows(database.db, sql`
    select p.slug, p.rating, p.review_count, r.rating as expected_rating, r.review_count as expected_count
    from products p
    left join (
      select product_id, round(avg(rating), 2) as rating, count(*)::int as review_count from reviews where hidden_at is null group by product_id
    ) r on r.product_id = p.id
    where p.review_count <> coalesce(r.review_count, 0) or p.rating <> coalesce(r.rating, 0)`);
  expect(mismatched).toEqual([]);

  const reviews = await one<{ total: number; early: number; positive: number }>(sql`select
    count(*)::int as total,
    count(*) filter (where r.created_at <= p.created_at)::int as early,
    count(*) filter (where r.rating >= 4)::int as positive
    from reviews r join products p on p.id = r.product_id`);
  expect(reviews.total).toBeGreaterThan(500);
  expect(reviews.early).toBe(0);
  expect(reviews.positive / reviews.total).toBeGreaterThan(0.6);
});

it('has products out of stock and products discounted below their price', async () => {
  const stock = await one<{ out: number; low: number; discounted: number; bad_discounts: number }>(sql`select
    count(*) filter (where stock = 0 and status = 'active')::int as out,
    count(*) filter (where stock between 1 and 3 and status = 'active')::int as low,
    count(*) filter (where discount_price > 0 and discount_price < price)::int as discounted,
    count(*) filter (where discount_price >= price or discount_price < 0)::int as bad_discounts
    from products`);
  expect(stock.out).toBeGreaterThan(0);
  expect(stock.low).toBeGreaterThan(0);
  expect(stock.discounted).toBeGreaterThan(0);
  expect(stock.bad_discounts).toBe(0);
});

it('has a running and an upcoming flash sale, its shops’ variants enrolled and approved through the console’s service below their prices', async () => {
  const sales = await queryRows<{ id: number; state: string; products: number }>(database.db, sql`
    select f.id, case when f.starts_at <= now() and f.ends_at > now() then 'running'
                      when f.starts_at > now() then 'upcoming' else 'ended' end as state,
           (select count(distinct e.product_id)::int from flash_sale_enrolments e where e.flash_sale_id = f.id and e.status = 'approved') as products
    from flash_sales f where f.is_active order by f.id`);
  const running = sales.filter((sale) => sale.state === 'running');
  const upcoming = sales.filter((sale) => sale.state === 'upcoming');
  expect(running).toHaveLength(1);
  expect(upcoming).toHaveLength(1);
  expect(running[0]!.products).toBeGreaterThanOrEqual(8);
  expect(upcoming[0]!.products).toBeGreaterThanOrEqual(4);

  const badPrices = await queryRows(database.db, sql`
    select p.slug, p.price, p.discount_price, e.sale_price
    from flash_sale_enrolments e join products p on p.id = e.product_id
    where e.sale_price <= 0 or e.sale_price >= p.price or (p.discount_price > 0 and e.sale_price >= p.discount_price)
       or p.status <> 'active' or p.stock = 0 or e.shop_id <> p.shop_id or e.status <> 'approved'`);
  expect(badPrices).toEqual([]);

  const links = await queryRows<{ link: string }>(database.db, sql`select link from banners order by sort_order`);
  expect(links.map((row) => row.link)).toContain(`/flash-sale/${running[0]!.id}`);
});

it('adds nothing when seeded again', async () => {
  const before = await counts();
  await seedDatabase(database.db);
  await seedCatalog(database.db);
  expect(await counts()).toEqual(before);
});

it('adds searchable bulk products, more on every run', async () => {
  const { db } = database;
  const before = await one<{ active: number }>(sql`select count(*)::int as active from products where status = 'active'`);

  expect(await seedBulkProducts(db, 500)).toEqual({ added: 500 });

  const bulk = await queryRows<{ id: number; name: string; status: string; images: number; searchable: boolean; arabicName: string; searchableInPersian: boolean }>(
    db,
    sql`select p.id, p.name, p.status,
          (select count(*)::int from product_images i where i.product_id = p.id) as images,
          p.search_vector @@ to_tsquery('simple', lower(split_part(p.name, ' ', array_length(string_to_array(p.name, ' '), 1) - 1))) as searchable,
          p.translations -> 'ar' ->> 'name' as "arabicName",
          p.search_vector @@ to_tsquery('simple', search_normalize(split_part(p.translations -> 'ir' ->> 'name', ' ', 1))) as "searchableInPersian"
        from products p where p.sku like 'BULK-%'`,
  );
  expect(bulk).toHaveLength(500);
  expect(bulk.every((product) => product.status === 'active' && product.images === 1 && product.searchable)).toBe(true);
  // Named in Arabic and Persian too, with the same code, and found by the Persian model name.
  expect(bulk.every((product) => /^\p{Script=Arabic}+ /u.test(product.arabicName) && product.arabicName.endsWith(product.name.split(' ').at(-1)!))).toBe(true);
  expect(bulk.every((product) => product.searchableInPersian)).toBe(true);
  const after = await one<{ active: number }>(sql`select count(*)::int as active from products where status = 'active'`);
  expect(after.active).toBe(before.active + 500);
  // The load went through long pending lists; the store's own writes go through short ones again.
  const longPendingLists = await queryRows<{ relname: string }>(
    db,
    sql`select relname from pg_class where relname like 'products%' and relam = (select oid from pg_am where amname = 'gin')
          and not coalesce('gin_pending_list_limit=64' = any(reloptions), false) order by relname`,
  );
  expect(longPendingLists).toEqual([]);

  // Words are shared by some products and not others, as in a real catalogue.
  const [word] = bulk[0]!.name.split(' ');
  const matching = await one<{ count: number }>(
    sql`select count(*)::int as count from products where search_vector @@ to_tsquery('simple', lower(${word}))`,
  );
  expect(matching.count).toBeGreaterThan(1);
  expect(matching.count).toBeLessThan(200);

  await seedBulkProducts(db, 20, { concurrency: 2 });
  const total = await one<{ bulk: number; slugs: number }>(
    sql`select count(*)::int as bulk, count(distinct slug)::int as slugs from products where sku like 'BULK-%'`,
  );
  expect(total).toEqual({ bulk: 520, slugs: 520 });
});
