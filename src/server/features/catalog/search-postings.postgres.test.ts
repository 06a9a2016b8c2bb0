import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, searchPostings } from '../../db/schema.ts';
import { addProducts, listingReader, searchPostingsOffBy } from '../../test/catalog-fixtures.ts';
import { storeOnBothListingPaths } from '../../test/both-listing-paths.ts';

// A search of one posting word alone is answered from its postings (decision 046): it must be the
// search the products' own rows answer, and the postings must follow every write to the products.
let wholeNameId: number;
/** A posting word of more products than a search reads whole from its rows (decision 041), and the product named it. */
const FREQUENT_WORD_PRODUCTS = 1_700;
let frequentWordNameId: number;

const store = storeOnBothListingPaths(async (db) => {
  await addProducts(
    db,
    Array.from({ length: 24 }, (_, at) => ({
      // The word in the name once or twice, in the keywords, or in the description alone: each ranks differently.
      name: at % 4 === 0 ? `Qx Lamp Qx ${at}` : at % 4 === 3 ? `Desk Lamp ${at}` : `Qx Lamp ${at}`,
      keywords: at % 4 === 1 ? 'qx light' : '',
      description: at % 4 === 3 ? 'Made by qx for the desk.' : 'A lamp.',
      totalSold: (at * 7) % 5,
      price: 10_00 + at * 100,
      status: at === 23 ? ('draft' as const) : ('active' as const),
    })),
  );
  wholeNameId = (await addProducts(db, [{ name: 'Qx', totalSold: 0 }]))[0]!;
  // Every tenth has the word in its description alone, and sells best: listed by best sellers, those would lead.
  await addProducts(
    db,
    Array.from({ length: FREQUENT_WORD_PRODUCTS - 1 }, (_, at) =>
      at % 10 === 0 ? { name: `Mug ${at}`, description: 'A zq mug.', totalSold: 1_000 + at } : { name: `Zq Mug ${at}`, totalSold: at % 100 },
    ),
  );
  frequentWordNameId = (await addProducts(db, [{ name: 'Zq', totalSold: 0 }]))[0]!;
  await db.execute(sql`select refresh_search_postings(2, 5000)`);
});

const listed = listingReader('10.78');

const postingsOffBy = () => searchPostingsOffBy(store.context.database.db, 'qx');

describe('searches of a posting word', () => {
  it('are the searches of the products’ rows: the same count, order, page and filters', async () => {
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 25 });
    for (const query of ['search=qx&per_page=50', 'search=Qx&per_page=5&page=2', 'search=qx&sort_type=newest', 'search=qx&min_price=12&max_price=25', 'search=qx&sort_type=low_to_high']) {
      const [posted, fromRows] = await Promise.all([listed(store.context.app, query), listed(store.withoutIndex, query)]);
      expect(posted, query).toEqual(fromRows);
    }
    const all = await listed(store.context.app, 'search=qx&per_page=40');
    // The product named the word first; the draft left out; the words in the name rank above the description's.
    expect(all.total).toBe(24);
    expect(all.products[0]!.id).toBe(wholeNameId);
    expect(all.products.at(-1)!.name).toMatch(/^Desk Lamp/);
  });

  it('rank by the postings: a posting changed by hand changes the order', async () => {
    const { db } = store.context.database;
    const [last] = (await listed(store.context.app, 'search=qx&per_page=30')).products.slice(-1);
    await db.update(searchPostings).set({ relevance: 10 }).where(sql`${searchPostings.word} = 'qx' and ${searchPostings.productId} = ${last!.id}`);
    try {
      expect((await listed(store.context.app, 'search=qx&per_page=31')).products[1]!.id).toBe(last!.id);
    } finally {
      await db.update(searchPostings).set({ relevance: sql`(select ts_rank(search_vector, to_tsquery('simple', 'qx')) from products where id = ${last!.id})` }).where(sql`${searchPostings.word} = 'qx' and ${searchPostings.productId} = ${last!.id}`);
    }
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 25 });
  });

  it('reached by a typo are listed from the postings, with no exact name first, as from the rows', async () => {
    const { db } = store.context.database;
    const query = 'search=lmap&per_page=40';
    const [posted, fromRows] = await Promise.all([listed(store.context.app, query), listed(store.withoutIndex, query)]);
    expect(posted).toEqual(fromRows);
    expect(posted.total).toBe(24);
    expect(posted.products.every((card) => card.name.includes('Lamp'))).toBe(true);
    // The postings rank it: a posting of "lamp" changed by hand leads the typo's search.
    const last = posted.products.at(-1)!;
    await db.update(searchPostings).set({ relevance: 10 }).where(sql`${searchPostings.word} = 'lamp' and ${searchPostings.productId} = ${last.id}`);
    try {
      expect((await listed(store.context.app, 'search=lmap&per_page=41')).products[0]!.id).toBe(last.id);
    } finally {
      await db.update(searchPostings).set({ relevance: sql`(select ts_rank(search_vector, to_tsquery('simple', 'lamp')) from products where id = ${last.id})` }).where(sql`${searchPostings.word} = 'lamp' and ${searchPostings.productId} = ${last.id}`);
    }
  });

  it('of more products than a search reads whole are listed from the postings: every match counted, by relevance', async () => {
    const first = await listed(store.context.app, 'search=zq&per_page=20');
    expect(first.total).toBe(FREQUENT_WORD_PRODUCTS);
    expect(first.products[0]!.id).toBe(frequentWordNameId);
    expect(first.products.every((card) => card.name.startsWith('Zq'))).toBe(true);
    const last = await listed(store.context.app, `search=zq&per_page=20&page=${FREQUENT_WORD_PRODUCTS / 20}`);
    // The words in the description alone rank last, the best sellers among them first.
    expect(last.products.map((card) => card.name)).toEqual(Array.from({ length: 20 }, (_, at) => `Mug ${190 - at * 10}`));
  });

  it('follow the products: added, renamed, described anew and deleted', async () => {
    const { db } = store.context.database;
    const [added] = await addProducts(db, [{ name: 'Qx Torch', totalSold: 40 }]);
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 26 });
    await db.update(products).set({ name: 'Torch' }).where(eq(products.id, added!));
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 25 });
    await db.update(products).set({ description: 'Qx inside.' }).where(eq(products.id, added!));
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 26 });
    await db.update(products).set({ name: 'QX' }).where(eq(products.id, added!));
    const [posting] = await db.select().from(searchPostings).where(sql`${searchPostings.word} = 'qx' and ${searchPostings.productId} = ${added!}`);
    expect(posting!.wholeName).toBe(true);
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 26 });
    // The same search vector, but the name is no longer the word.
    await db.update(products).set({ name: 'QX ' }).where(eq(products.id, added!));
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 26 });
    await db.delete(products).where(eq(products.id, added!));
    expect(await postingsOffBy()).toEqual({ missing: 0, extra: 0, kept: 25 });
    const query = 'search=qx&per_page=45';
    const [posted, fromRows] = await Promise.all([listed(store.context.app, query), listed(store.withoutIndex, query)]);
    expect(posted).toEqual(fromRows);
  });
});
