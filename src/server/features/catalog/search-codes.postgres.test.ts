import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { catalogSeeds } from '../../seed/data/catalog-items.ts';
import { addProducts, listingReader, searchPostingsOffBy } from '../../test/catalog-fixtures.ts';
import { storeOnBothListingPaths } from '../../test/both-listing-paths.ts';
import { updateSearchWords } from './search-terms.ts';

// Model codes (issue 47, migration 0049): a code is found however a shopper types it (joined,
// hyphenated or spaced) and a number alone finds the names that carry it, with the demo's names.

const demoNames = catalogSeeds.flatMap((seed) => seed.items.map((item) => item.name));
/** As the bulk catalogue names its products (bulk-products.ts): a coined model name and a code. */
const bulkStyle = ['Foperus SV-912', 'Foperus SV-913', 'Tribasen KS-912', 'Dobalis SV-129'];
const demo = ['Galaxy A55 5G', 'Galaxy S24 Ultra', 'ZV-E10 Vlog Camera Kit', 'Cyber-shot RX100 VII', 'Pixel 8a', 'Xperia 10 VI'];

const store = storeOnBothListingPaths(async (db) => {
  const ids = await addProducts(db, [
    // The demo catalogue is the test database's; the bulk one's names are added.
    ...bulkStyle.map((name) => ({ name })),
    { name: 'Round Table 55 cm', description: 'A galaxy of colour.' },
    { name: 'Glazed Heavy-Duty Mug', description: 'Holds 912 ml.' },
  ]);
  await updateSearchWords(db, ids);
});

const listed = listingReader('10.79');
const found = async (search: string) => {
  const query = `search=${encodeURIComponent(search)}&per_page=50`;
  const [indexed, fromRows] = await Promise.all([listed(store.context.app, query), listed(store.withoutIndex, query)]);
  expect(indexed, search).toEqual(fromRows);
  return indexed.products.map((product) => product.name);
};

it('uses the demo catalogue’s own model names', () => {
  expect(demoNames).toEqual(expect.arrayContaining(demo));
});

describe('a model code', () => {
  it('is found joined, hyphenated or spaced, in any case', async () => {
    for (const search of ['SV-912', 'sv 912', 'sv912', 'SV912', 'sv-912', 'Foperus SV-912', 'foperus sv912']) {
      expect(await found(search), search).toEqual(['Foperus SV-912']);
    }
    for (const search of ['A55', 'a55', 'A-55', 'a 55', 'galaxy a55', 'galaxy a 55']) {
      expect(await found(search), search).toEqual(['Galaxy A55 5G']);
    }
    for (const search of ['zv-e10', 'zve10', 'ZV E10']) {
      expect(await found(search), search).toEqual(['ZV-E10 Vlog Camera Kit']);
    }
    for (const search of ['rx100', 'RX-100', 'rx 100']) {
      expect(await found(search), search).toEqual(['Cyber-shot RX100 VII']);
    }
  });

  it('is found by its number alone, with every name that carries the number, a name first', async () => {
    expect((await found('912')).sort()).toEqual(['Foperus SV-912', 'Glazed Heavy-Duty Mug', 'Tribasen KS-912']);
    expect((await found('912')).at(-1)).toBe('Glazed Heavy-Duty Mug');
    expect((await found('55')).sort()).toEqual(['Galaxy A55 5G', 'Round Table 55 cm']);
    expect(await found('e10')).toEqual(['ZV-E10 Vlog Camera Kit']);
    expect(await found('s24')).toEqual(['Galaxy S24 Ultra']);
  });

  it('typed in part finds the codes it starts', async () => {
    expect((await found('sv91')).sort()).toEqual(['Foperus SV-912', 'Foperus SV-913']);
    expect((await found('foperus sv 9')).sort()).toEqual(['Foperus SV-912', 'Foperus SV-913']);
  });

  it('finds a name written apart typed joined ("pixel8"), and a number beside its word ("xperia 10")', async () => {
    expect(await found('pixel8')).toEqual(['Pixel 8', 'Pixel 8a']);
    expect(await found('xperia 10')).toEqual(['Xperia 10 VI']);
  });
});

describe('letters-only searches', () => {
  it('find what they found before', async () => {
    expect((await found('foperus')).sort()).toEqual(['Foperus SV-912', 'Foperus SV-913']);
    expect((await found('galaxy')).sort()).toEqual(['Galaxy A55 5G', 'Galaxy Book4 Pro 16"', 'Galaxy Buds2 Pro', 'Galaxy S24 Ultra', 'Galaxy Watch6 Classic', 'Round Table 55 cm']);
    // The letters of a code written hyphenated were a word of their own before, and of one written joined were not.
    expect((await found('sv')).sort()).toEqual(['Dobalis SV-129', 'Foperus SV-912', 'Foperus SV-913']);
    expect(await found('heavy duty')).toEqual(['Glazed Heavy-Duty Mug']);
  });

  it('keep every word and place of the search vector as it was: the new forms are words with digits, after the others', async () => {
    // Of the products without names in other languages, whose words those follow (search-languages.postgres.test.ts).
    const changed = await queryRows<{ name: string }>(
      store.context.database.db,
      sql`select name from products
          where translations = '{}'::jsonb and ts_delete(search_vector, array(select lexeme from unnest(search_vector) where lexeme ~ '[0-9]'))
            is distinct from ts_delete(
              setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', keywords), 'B') || setweight(to_tsvector('simple', description), 'C'),
              array(select lexeme from unnest(search_vector) where lexeme ~ '[0-9]'))`,
    );
    expect(changed).toEqual([]);
  });
});

describe('the typo dictionary and the search postings', () => {
  it('hold a code’s joined form and its number, and correct a typo of a code to it', async () => {
    const words = await queryRows<{ word: string }>(store.context.database.db, sql`select word from search_words where word in ('sv912', '912', 'a55', '55', 'zve10', '-912') order by word`);
    expect(words.map((row) => row.word)).toEqual(['55', '912', 'a55', 'sv912', 'zve10']);
    expect(await found('foperrus')).toHaveLength(2);
  });

  it('post a number as any word, and a search of it alone reads them as it reads the rows', async () => {
    const { db } = store.context.database;
    await db.execute(sql`select refresh_search_postings(2, 5000)`);
    store.context.app.caches.clear();
    expect(await searchPostingsOffBy(db, '912')).toEqual({ missing: 0, extra: 0, kept: 3 });
    expect((await found('912')).sort()).toEqual(['Foperus SV-912', 'Glazed Heavy-Duty Mug', 'Tribasen KS-912']);
    expect((await found('55')).sort()).toEqual(['Galaxy A55 5G', 'Round Table 55 cm']);
  });
});
