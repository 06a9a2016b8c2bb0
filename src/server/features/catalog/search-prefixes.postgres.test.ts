import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// A prefix that starts more words than are looked for one by one ("quoll": seventeen), beside a word
// the planner's statistics know to be rare ("zibeline"): the search index looks up the rare word
// alone, and each of its products is tested for the whole search (lookedUpTerms).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const quolls = 'abcdefghijklmnopq'.split('').flatMap((letter) => Array.from({ length: 4 }, (_, index) => ({ name: `Quoll${letter} Lamp ${index + 1}` })));
  await addProducts(ctx.database.db, [
    ...quolls,
    { name: 'Zibeline Quollc Scarf', totalSold: 5 },
    { name: 'Zibeline Quollk Hat', totalSold: 9 },
    { name: 'Zibeline Wool Mitten', totalSold: 50 },
  ]);
  await ctx.database.db.execute(sql`analyze products`);
});
afterAll(() => ctx.close());

async function search(text: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(text)}` });
  expect(response.statusCode).toBe(200);
  const { total, products } = response.json().data as { total: number; products: Array<{ name: string }> };
  return { total, names: products.map((product) => product.name) };
}

it('finds only the products holding both a rare word and a word a common prefix starts', async () => {
  expect(await search('zibeline quoll')).toEqual({ total: 2, names: ['Zibeline Quollk Hat', 'Zibeline Quollc Scarf'] });
  expect(await search('quoll zibeline hat')).toEqual({ total: 1, names: ['Zibeline Quollk Hat'] });
  expect(await search('zibeline quollz')).toEqual({ total: 0, names: [] });
});
