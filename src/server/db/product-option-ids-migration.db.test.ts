import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// Two products as the store had them before their colours and sizes were copied onto them:
// product 1 in colours 2 and 1 and size 1, product 2 in none.
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'First', 'first', '/l.svg', '/b.svg');
    insert into categories (id, name, slug, thumbnail) values (1, 'Lamps', 'lamps', '/c.svg');
    insert into colors (id, name, code) values (1, 'Red', '#ff0000'), (2, 'Blue', '#0000ff'), (3, 'Green', '#00ff00');
    insert into sizes (id, name) values (1, 'S'), (2, 'M');
    insert into products (id, shop_id, category_id, name, slug, sku, thumbnail, price) values
      (1, 1, 1, 'Desk lamp', 'desk-lamp', 'LAMP-1', '/p.svg', 1000), (2, 1, 1, 'Floor lamp', 'floor-lamp', 'LAMP-2', '/p.svg', 2000);
    insert into product_colors (product_id, color_id) values (1, 2), (1, 1);
    insert into product_sizes (product_id, size_id) values (1, 1)`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0032_product_option_ids', rows);
}, 180_000);
afterAll(() => database?.close());

const optionIds = () =>
  queryRows<{ id: number; color_ids: number[]; size_ids: number[] }>(database.db, sql`select id, color_ids, size_ids from products order by id`).then((products) =>
    products.map((product) => [product.id, product.color_ids, product.size_ids]),
  );

it("copies each product's colours and sizes onto it, in order", async () => {
  expect(await optionIds()).toEqual([
    [1, [1, 2], [1]],
    [2, [], []],
  ]);
});

it('keeps the copies in step with every write to the colours and sizes', async () => {
  const { db } = database;
  await db.execute(sql`insert into product_colors (product_id, color_id) values (2, 3), (1, 3)`);
  await db.execute(sql`insert into product_sizes (product_id, size_id) values (2, 2)`);
  await db.execute(sql`delete from product_colors where product_id = 1 and color_id = 1`);
  await db.execute(sql`update product_sizes set product_id = 2 where product_id = 1`);
  expect(await optionIds()).toEqual([
    [1, [2, 3], []],
    [2, [3], [1, 2]],
  ]);
});

it('leaves a product alone when its colours and sizes come out as they were', async () => {
  const { db } = database;
  const version = async () => (await queryRows<{ version: string }>(db, sql`select xmin::text as version from products where id = 2`))[0]!.version;
  const before = await version();
  // Re-saving the same colour (an edit that writes the join rows again) copies nothing new.
  await db.execute(sql`update product_colors set color_id = color_id where product_id = 2`);
  expect(await version()).toBe(before);
  await db.execute(sql`insert into product_colors (product_id, color_id) values (2, 1)`);
  expect(await version()).not.toBe(before);
  expect((await optionIds())[1]).toEqual([2, [1, 3], [1, 2]]);
});
