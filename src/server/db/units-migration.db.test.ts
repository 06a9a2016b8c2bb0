import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// Products as sellers wrote their units before the list: the demo's, their own, and none.
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'First', 'first', '/l.svg', '/b.svg');
    insert into categories (id, name, slug, thumbnail) values (1, 'Food', 'food', '/c.svg');
    insert into products (shop_id, category_id, name, slug, sku, thumbnail, price, unit) values
      (1, 1, 'Honey', 'honey', 'HONEY', '/p.svg', 100, 'bottle'),
      (1, 1, 'Flour', 'flour', 'FLOUR', '/p.svg', 100, 'sack'),
      (1, 1, 'Rice', 'rice', 'RICE', '/p.svg', 100, 'sack'),
      (1, 1, 'Oil', 'oil', 'OIL', '/p.svg', 100, 'litre'),
      (1, 1, 'Mystery', 'mystery', 'MYSTERY', '/p.svg', 100, ' ')`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0022_units', rows);
}, 180_000);
afterAll(() => database?.close());

it("lists the demo's units first, then every other unit a product names once, alphabetically, each active", async () => {
  const units = await queryRows<{ name: string; sort_order: number; is_active: boolean }>(database.db, sql`select name, sort_order, is_active from units order by sort_order`);
  expect(units.map((unit) => [unit.name, unit.sort_order])).toEqual([
    ['pc', 1],
    ['pack', 2],
    ['pair', 3],
    ['set', 4],
    ['bottle', 5],
    ['kg', 6],
    ['litre', 7],
    ['sack', 8],
  ]);
  expect(units.every((unit) => unit.is_active)).toBe(true);
});

it('leaves the products their units', async () => {
  const products = await queryRows<{ unit: string }>(database.db, sql`select unit from products order by id`);
  expect(products.map((product) => product.unit)).toEqual(['bottle', 'sack', 'sack', 'litre', ' ']);
});
