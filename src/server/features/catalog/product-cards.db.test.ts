import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { planCacheUse } from '../../test/plan-cache.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { cardsOfIds, productCards } from './product-cards.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('gives the cards of the ids asked for, in their order', async () => {
  const [first, second] = await database.db.select({ id: products.id, name: products.name }).from(products).orderBy(products.id).limit(2);
  const cards = await productCards(database.db, [second!.id, 999_999, first!.id], 'en');
  expect(cards.map((card) => [card.id, card.name])).toEqual([
    [second!.id, second!.name],
    [first!.id, first!.name],
  ]);
});

it('plans the cards of a few products once on a connection, not once a page', async () => {
  // A page of one product looked cheaper to plan for its own ids than the plan for any ids, and
  // the search results of a few products were each planned anew (0.35 ms, more than reading them).
  const ids = (await database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(8)).map((row) => row.id);
  const { sql: text } = cardsOfIds(database.db, 'en').toSQL();
  expect(await planCacheUse(database.db, text, ids.map((id) => [[id]]))).toEqual({ custom: 5, generic: 3 });
});
