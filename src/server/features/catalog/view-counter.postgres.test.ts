import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { ViewCounter } from './view-counter.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function viewsOf(ids: number[]) {
  const rows = await ctx.database.db.select({ id: products.id, views: products.viewCount }).from(products).where(inArray(products.id, ids));
  return Object.fromEntries(ids.map((id) => [id, rows.find((row) => row.id === id)?.views]));
}

it('writes views without waiting for a product another transaction holds, and writes that product\'s views at the next flush', async () => {
  const { db } = ctx.database;
  const [held, free] = await addProducts(db, [{ name: 'Held Lamp Views' }, { name: 'Free Lamp Views' }]);
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  // A checkout holding the product's row while it moves the stock.
  const holding = db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, held!)).for('update');
    locked();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isLocked;
  const counter = new ViewCounter(db, 60_000);
  counter.record(held!);
  counter.record(held!);
  counter.record(free!);
  await counter.flush();
  expect(await viewsOf([held!, free!])).toEqual({ [held!]: 0, [free!]: 1 });
  release();
  await holding;
  await counter.close();
  expect(await viewsOf([held!, free!])).toEqual({ [held!]: 2, [free!]: 1 });
});

it('writes the views of more products than one statement takes', async () => {
  const { db } = ctx.database;
  const ids = await addProducts(db, Array.from({ length: 450 }, (_, index) => ({ name: `Viewed Mug ${index}` })));
  const counter = new ViewCounter(db, 60_000);
  for (const id of ids) counter.record(id, 3);
  await counter.close();
  const views = await viewsOf(ids);
  expect(ids.filter((id) => views[id] !== 3)).toEqual([]);
});
