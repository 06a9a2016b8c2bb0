import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// A running sale as the seed wrote it: one price per product, before shops enrolled variants.
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'First', 'first', '/l.svg', '/b.svg');
    insert into categories (id, name, slug, thumbnail) values (1, 'Wear', 'wear', '/c.svg');
    insert into sizes (id, name) values (1, 'S'), (2, 'M');
    insert into products (id, shop_id, category_id, name, slug, sku, thumbnail, price) values
      (1, 1, 1, 'Shirt', 'shirt', 'SHIRT', '/p.svg', 2000),
      (2, 1, 1, 'Cap', 'cap', 'CAP', '/p.svg', 1000),
      (3, 1, 1, 'Scarf', 'scarf', 'SCARF', '/p.svg', 1500);
    insert into product_variants (id, product_id, size_id, sku, stock) values
      (1, 1, 1, 'SHIRT-S', 3), (2, 1, 2, 'SHIRT-M', 3), (3, 2, null, 'CAP', 5), (4, 3, null, 'SCARF', 5);
    insert into flash_sales (id, name, thumbnail, starts_at, ends_at) values (1, 'Weekend', '/s.svg', '2026-01-10T00:00:00Z', '2026-01-12T00:00:00Z');
    insert into flash_sale_products (flash_sale_id, product_id, price) values (1, 1, 1500), (1, 2, 700)`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0058_flash_sale_enrolments', rows);
}, 180_000);
afterAll(() => database?.close());

it('makes each product’s sale price an approved enrolment of every one of its variants', async () => {
  const enrolments = await queryRows(
    database.db,
    sql`select flash_sale_id, shop_id, product_id, variant_id, sale_price, status, stock_cap, sold from flash_sale_enrolments order by variant_id`,
  );
  expect(enrolments).toEqual([
    { flash_sale_id: 1, shop_id: 1, product_id: 1, variant_id: 1, sale_price: 1500, status: 'approved', stock_cap: null, sold: 0 },
    { flash_sale_id: 1, shop_id: 1, product_id: 1, variant_id: 2, sale_price: 1500, status: 'approved', stock_cap: null, sold: 0 },
    { flash_sale_id: 1, shop_id: 1, product_id: 2, variant_id: 3, sale_price: 700, status: 'approved', stock_cap: null, sold: 0 },
  ]);
});

it('closes the sale’s enrolment window at its start, and drops the old table', async () => {
  const [sale] = await queryRows<{ enrolment_starts_at: Date; enrolment_ends_at: Date; auto_approve: boolean }>(
    database.db,
    sql`select enrolment_starts_at, enrolment_ends_at, auto_approve from flash_sales where id = 1`,
  );
  expect(new Date(sale!.enrolment_starts_at).toISOString()).toBe('2026-01-03T00:00:00.000Z');
  expect(new Date(sale!.enrolment_ends_at).toISOString()).toBe('2026-01-10T00:00:00.000Z');
  expect(sale!.auto_approve).toBe(false);
  const [old] = await queryRows<{ exists: boolean }>(database.db, sql`select to_regclass('flash_sale_products') is not null as exists`);
  expect(old!.exists).toBe(false);
});
