import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { categories, countries, currencies, products, settings, subCategories, users } from '../db/schema.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { seedDatabase } from './seed.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function counts() {
  const { db } = database;
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from ${settings}) as settings,
      (select count(*)::int from ${currencies}) as currencies,
      (select count(*)::int from ${countries}) as countries,
      (select count(*)::int from ${categories}) as categories,
      (select count(*)::int from ${subCategories}) as sub_categories`,
  );
  return row;
}

it('can run again without duplicating rows or overwriting what the owner changed', async () => {
  const { db } = database;
  const before = await counts();
  await db.update(settings).set({ value: 'My Shop' }).where(eq(settings.key, 'app_name'));

  await seedDatabase(db);

  expect(await counts()).toEqual(before);
  const [appName] = await db.select().from(settings).where(eq(settings.key, 'app_name'));
  expect(appName?.value).toBe('My Shop');
});

it('starts over from the demo data with reset', async () => {
  const { db } = database;
  await db.delete(currencies).where(eq(currencies.name, 'EUR'));

  await seedDatabase(db, { reset: true });

  const [appName] = await db.select().from(settings).where(eq(settings.key, 'app_name'));
  expect(appName?.value).toBe('Open Store');
  expect((await db.select().from(currencies)).map((currency) => currency.name)).toContain('EUR');
});

it('leaves the demo accounts, whose passwords are public, out of a store that is not local', async () => {
  const { db } = database;
  await seedDatabase(db, { reset: true, demoAccounts: false });
  expect(await db.select({ id: users.id }).from(users)).toEqual([]);
  expect(await db.select({ id: products.id }).from(products).limit(1)).toHaveLength(1);
});
