import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addProducts, addTaxonomyRecord, listingReader, searchPostingsOffBy } from '../../test/catalog-fixtures.ts';
import { storeOnBothListingPaths } from '../../test/both-listing-paths.ts';

// A broad word's postings are a sample of its products (decision 046, session 32): a search of it
// alone is counted and described from the sample, and its page is still its best sellers.
/** More products than a search reads whole (1,500 in a small catalogue), each with the word "zs". */
const WORD_PRODUCTS = 2_400;
/** What the refresh below samples: 600 of 2,400, a quarter. */
const SHARE = 0.25;
const VORP_PRODUCTS = 1_000;
const VORPAL_PRODUCTS = 2_100;
/** Too few to be a posting word. */
const VORPISH_PRODUCTS = 40;
/** More than a sample reads of the rows for its words that post nothing. */
const SNARKY_PRODUCTS = 2_001;
let everyFourthBrand: number;
let otherBrand: number;

const store = storeOnBothListingPaths(async (db) => {
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
  // "vorp" starts three words: one posted whole, one sampled, one not posted. "snar" starts a sampled one
  // ("snark", the same products as "vorpal"), and one not posted that a refresh would post ("snarky").
  await addProducts(db, [
    ...Array.from({ length: VORP_PRODUCTS }, (_, at) => ({ name: `Vorp Mug ${at}`, totalSold: (at * 13) % 500 })),
    ...Array.from({ length: VORPAL_PRODUCTS }, (_, at) => ({ name: `Vorpal Snark Mug ${at}`, totalSold: (at * 17) % 700 })),
    ...Array.from({ length: VORPISH_PRODUCTS }, (_, at) => ({ name: `Vorpish Mug ${at}`, totalSold: (at * 19) % 900 })),
  ]);
  // Words of 500 to 2,000 products are posted whole, broader ones a sample of about 600.
  await db.execute(sql`select refresh_search_postings(500, 2000, 600)`);
  await addProducts(db, Array.from({ length: SNARKY_PRODUCTS }, (_, at) => ({ name: `Snarky Mug ${at}`, totalSold: (at * 23) % 800 })));
});

const listed = listingReader('10.79');

/** How many listed products the sample of "zs" holds: all, or those of one brand. */
async function sampled(brandId?: number) {
  const [row] = await queryRows<{ share: number; posted: number }>(
    store.context.database.db,
    sql`select (select share from search_posting_words where word = 'zs') as share,
          (select count(*)::int from search_postings join products on products.id = search_postings.product_id
           where word = 'zs' and products.status = 'active' and (${brandId ?? null}::int is null or products.brand_id = ${brandId ?? null}::int)) as posted`,
  );
  return row!;
}

const postingsOffBy = async () => {
  const { missing, extra } = await searchPostingsOffBy(store.context.database.db, 'zs');
  return { missing, extra };
};

describe('searches of a sampled word', () => {
  it('are counted and described from the sample, and list the best sellers first as from the rows', async () => {
    const { share, posted } = await sampled();
    expect(share).toBeCloseTo(SHARE, 5);
    // The sample is fair: within a tenth of the quarter it stands for.
    expect(Math.abs(posted - WORD_PRODUCTS * SHARE)).toBeLessThan(WORD_PRODUCTS * SHARE * 0.1);

    const [fromSample, fromRows] = await Promise.all([listed(store.context.app, 'search=zs'), listed(store.withoutIndex, 'search=zs')]);
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

    const ofBrand = await listed(store.context.app, `search=zs&brand_id=${everyFourthBrand}`);
    expect(ofBrand.total).toBe(Math.round((await sampled(everyFourthBrand)).posted / share));
    expect(ofBrand.products.every((card) => card.name.startsWith('Zs Cup '))).toBe(true);
  });

  it('of a prefix starting a few words, one of them sampled, are counted from their products under the lowest share, posted or found in the rows', async () => {
    const [row] = await queryRows<{ share: number; posted: number }>(
      store.context.database.db,
      sql`with lowest as (select min(share) as share from search_posting_words where word in ('vorp', 'vorpal'))
          select lowest.share, (select count(*)::int from products where name like 'Vorp%' and search_sample_point(id) < lowest.share) as posted from lowest`,
    );
    const { share, posted } = row!;
    expect(share).toBeCloseTo(600 / VORPAL_PRODUCTS, 5);
    // "vorpish" posts nothing: its products under the share are read from the rows.
    expect((await queryRows<{ word: string }>(store.context.database.db, sql`select word from search_posting_words where word = 'vorpish'`)).length).toBe(0);
    const [fromSample, fromRows] = await Promise.all([listed(store.context.app, 'search=vorp'), listed(store.withoutIndex, 'search=vorp')]);
    expect(fromSample.total).toBe(Math.round(posted / share));
    const vorpProducts = VORP_PRODUCTS + VORPAL_PRODUCTS + VORPISH_PRODUCTS;
    expect(Math.abs(fromSample.total - vorpProducts)).toBeLessThan(vorpProducts * 0.1);
    expect(fromSample.products).toEqual(fromRows.products);
  });

  it('of a prefix whose words that post nothing have more products than are read are listed from a sample of the rows', async () => {
    const [fromSample, fromRows] = await Promise.all([listed(store.context.app, 'search=snar'), listed(store.withoutIndex, 'search=snar')]);
    expect(fromSample).toEqual(fromRows);
    const snarProducts = VORPAL_PRODUCTS + SNARKY_PRODUCTS;
    expect(Math.abs(fromSample.total - snarProducts)).toBeLessThan(snarProducts * 0.1);
  });

  it('follow the products: added ones join the sample by their point, deleted ones leave it', async () => {
    const { db } = store.context.database;
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
    const { db } = store.context.database;
    await db.execute(sql`update products set status = 'draft' where name like 'Zs Cup %' and substring(name from 8)::int >= 100`);
    const narrow = await listed(store.context.app, 'search=zs&per_page=20');
    expect(narrow.total).toBe(100);
    expect(narrow.products.every((card) => Number(card.name.slice(7)) < 100)).toBe(true);
  });
});
