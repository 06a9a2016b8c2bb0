import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addProducts, searchPostingsOffBy } from '../../test/catalog-fixtures.ts';
import { quickJobTiming } from '../../test/job-timing.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The words a store's new products make frequent become posting words by a job (decision 046):
// without it, only the words the last bulk load or migration counted would be.
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ jobs: quickJobTiming({ searchPostingsSeconds: 1 }) });
  // A catalogue in which the new words below are a small part: their products are read through the search index.
  await addProducts(context.database.db, Array.from({ length: 2_500 }, (_, at) => ({ name: `N${at}` })));
}, 120_000);

afterAll(async () => {
  await context?.close();
});

async function postingWords(words: string[]) {
  return queryRows<{ word: string; share: number; postings: number }>(
    context.database.db,
    sql`select b.word, b.share, (select count(*)::int from search_postings where word = b.word) as postings
        from search_posting_words as b where b.word in ${words} order by b.word`,
  );
}

describe('the search postings job', () => {
  it('makes a word of 500 products or more a posting word, with a posting for each of its products, and leaves rarer ones', async () => {
    const { db } = context.database;
    await addProducts(db, Array.from({ length: 500 }, (_, at) => ({ name: `Plover ${at}`, description: at % 2 === 0 ? 'Flies high.' : 'A plover on it.' })));
    await addProducts(db, [...Array.from({ length: 499 }, (_, at) => ({ name: `Wren ${at}` })), { name: 'Plover' }]);
    await vi.waitFor(async () => expect(await postingWords(['plover', 'wren'])).toEqual([{ word: 'plover', share: 1, postings: 501 }]), { timeout: 30_000, interval: 200 });
    // Each ranked as a search of the word ranks it, the product named the word marked so.
    expect(await searchPostingsOffBy(db, 'plover')).toEqual({ missing: 0, extra: 0, kept: 501 });
    // Once a posting word, the products' own writes keep its postings.
    await addProducts(db, [{ name: 'Plover Kite', description: 'The last one.' }]);
    expect(await searchPostingsOffBy(db, 'plover')).toEqual({ missing: 0, extra: 0, kept: 502 });
  }, 60_000);

  it('posts words of a good part of the catalogue, as after a bulk load, in one pass over the products', async () => {
    const { db } = context.database;
    await addProducts(db, Array.from({ length: 3_000 }, (_, at) => ({ name: `Heron ${at % 2 === 0 ? 'Egret' : ''} ${at}` })));
    const posted = [
      { word: 'egret', share: 1, postings: 1_500 },
      { word: 'heron', share: 1, postings: 3_000 },
    ];
    await vi.waitFor(async () => expect(await postingWords(['egret', 'heron'])).toEqual(posted), { timeout: 30_000, interval: 200 });
    expect(await searchPostingsOffBy(db, 'heron')).toEqual({ missing: 0, extra: 0, kept: 3_000 });
  }, 60_000);
});
