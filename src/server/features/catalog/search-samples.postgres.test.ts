import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addProducts, addTaxonomyRecord, listingReader } from '../../test/catalog-fixtures.ts';
import { createTestApp, startAppInstance, type TestContext } from '../../test/test-app.ts';

// A broad word's postings are a sample of its products (decision 046, session 32): a search of it
// alone is counted and described from the sample, and its page is still its best sellers.
let context: TestContext;
/** The same store searching the products' rows (decision 041). */
let withoutIndex: FastifyInstance;
/** More products than a search reads whole (1,500 in a small catalogue), each with the word "zs". */
const WORD_PRODUCTS = 2_400;
/** What the refresh below samples: 600 of 2,400, a quarter. */
const SHARE = 0.25;
const VORP_PRODUCTS = 1_000;
const VORPAL_PRODUCTS = 2_100;
let everyFourthBrand: number;
let otherBrand: number;

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  everyFourthBrand = await addTaxonomyRecord(db, 'brands');
  otherBrand = await addTaxonomyRecord(db, 'brands');
  await addProducts(
    db,
    Array.from({ length: WORD_PRODUCTS }, (_, at) => ({
      name: `Zs Cup ${at}`,
      totalSold: (at * 37) % 1_000,
      price: 10_00 + (at % 50) * 100,
      brandId: at % 4 === 0 ? everyFourthBrand : otherBrand,
    })),
  );
  // "vorp" starts two words: one posted whole, one sampled.
  await addProducts(db, [
    ...Array.from({ length: VORP_PRODUCTS }, (_, at) => ({ name: `Vorp Mug ${at}`, totalSold: (at * 13) % 500 })),
    ...Array.from({ length: VORPAL_PRODUCTS }, (_, at) => ({ name: `Vorpal Mug ${at}`, totalSold: (at * 17) % 700 })),
  ]);
  // Words of 500 to 2,000 products are posted whole, broader ones a sample of about 600.
  await db.execute(sql`select refresh_search_postings(500, 2000, 600)`);
  await db.execute(sql`analyze products`);
  withoutIndex = await startAppInstance(context.database, { listingIndex: false });
}, 120_000);

afterAll(async () => {
  await withoutIndex?.close();
  await context?.close();
});

const listed = listingReader('10.79');

/** How many listed products the sample of "zs" holds: all, or those of one brand. */
async function sampled(brandId?: number) {
  const [row] = await queryRows<{ share: number; posted: number }>(
    context.database.db,
    sql`select (select share from search_posting_words where word = 'zs') as share,
          (select count(*)::int from search_postings join products on products.id = search_postings.product_id
           where word = 'zs' and products.status = 'active' and (${brandId ?? null}::int is null or products.brand_id = ${brandId ?? null}::int)) as posted`,
  );
  return row!;
}

/** The postings a word's share says it should have, given the products as they are now, against those kept. */
async function postingsOffBy() {
  const [row] = await queryRows<{ missing: number; extra: number }>(
    context.database.db,
    sql`with expected as (
          select w.lexeme as word, p.id as product_id from products p cross join lateral unnest(p.search_vector) as w
          join search_posting_words as b on b.word = w.lexeme where b.share >= 1 or search_sample_point(p.id) < b.share),
        kept as (select word, product_id from search_postings)
        select (select count(*)::int from (select * from expected except select * from kept) as a) as missing,
               (select count(*)::int from (select * from kept except select * from expected) as b) as extra`,
  );
  return row!;
}

describe('searches of a sampled word', () => {
  it('are counted and described from the sample, and list the best sellers first as from the rows', async () => {
    const { share, posted } = await sampled();
    expect(share).toBeCloseTo(SHARE, 5);
    // The sample is fair: within a tenth of the quarter it stands for.
    expect(Math.abs(posted - WORD_PRODUCTS * SHARE)).toBeLessThan(WORD_PRODUCTS * SHARE * 0.1);

    const [fromSample, fromRows] = await Promise.all([listed(context.app, 'search=zs'), listed(withoutIndex, 'search=zs')]);
    expect(fromSample.total).toBe(Math.round(posted / share));
    expect(fromSample.products).toEqual(fromRows.products);
    expect(fromSample.products.map((card) => card.name)).toEqual(
      Array.from({ length: WORD_PRODUCTS }, (_, at) => ({ at, sold: (at * 37) % 1_000 }))
        .sort((a, b) => b.sold - a.sold || b.at - a.at)
        .slice(0, 10)
        .map(({ at }) => `Zs Cup ${at}`),
    );
    expect(fromSample.filters.brands.map((brand) => brand.id).sort()).toEqual([everyFourthBrand, otherBrand].sort());
    expect(fromSample.filters.min_price).toBe(10);
    expect(fromSample.filters.max_price).toBe(59);

    const ofBrand = await listed(context.app, `search=zs&brand_id=${everyFourthBrand}`);
    expect(ofBrand.total).toBe(Math.round((await sampled(everyFourthBrand)).posted / share));
    expect(ofBrand.products.every((card) => card.name.startsWith('Zs Cup '))).toBe(true);
  });

  it('of a prefix starting a few words, one of them sampled, are counted from the products under the lowest share', async () => {
    const [row] = await queryRows<{ share: number; posted: number }>(
      context.database.db,
      sql`with lowest as (select min(share) as share from search_posting_words where word in ('vorp', 'vorpal'))
          select lowest.share, (select count(*)::int from products where name like 'Vorp%' and search_sample_point(id) < lowest.share) as posted from lowest`,
    );
    const { share, posted } = row!;
    expect(share).toBeCloseTo(600 / VORPAL_PRODUCTS, 5);
    const [fromSample, fromRows] = await Promise.all([listed(context.app, 'search=vorp'), listed(withoutIndex, 'search=vorp')]);
    expect(fromSample.total).toBe(Math.round(posted / share));
    expect(Math.abs(fromSample.total - (VORP_PRODUCTS + VORPAL_PRODUCTS))).toBeLessThan((VORP_PRODUCTS + VORPAL_PRODUCTS) * 0.1);
    expect(fromSample.products).toEqual(fromRows.products);
  });

  it('follow the products: added ones join the sample by their point, deleted ones leave it', async () => {
    const { db } = context.database;
    const added = await addProducts(db, Array.from({ length: 40 }, (_, at) => ({ name: `Zs Bowl ${at}`, totalSold: 0 })));
    const [row] = await queryRows<{ expected: number; kept: number }>(
      db,
      sql`select (select count(*)::int from unnest(${sql.param(added)}::int[]) as id where search_sample_point(id) < ${SHARE}) as expected,
            (select count(*)::int from search_postings where word = 'zs' and product_id = any(${sql.param(added)}::int[])) as kept`,
    );
    expect(row!.kept).toBe(row!.expected);
    expect(row!.kept).toBeGreaterThan(0);
    expect(row!.kept).toBeLessThan(40);
    await db.execute(sql`update products set name = 'Bowl' where id = any(${sql.param(added)}::int[])`);
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0 });
    await db.execute(sql`delete from products where id = any(${sql.param(added)}::int[])`);
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0 });
  });

  it('of a word that lost most of its products since it was counted are read whole again: the exact count', async () => {
    const { db } = context.database;
    await db.execute(sql`update products set status = 'draft' where name like 'Zs Cup %' and substring(name from 8)::int >= 100`);
    const narrow = await listed(context.app, 'search=zs&per_page=20');
    expect(narrow.total).toBe(100);
    expect(narrow.products.every((card) => Number(card.name.slice(7)) < 100)).toBe(true);
  });
});
