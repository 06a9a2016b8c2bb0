import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// People as the operations API knew them before the console: an admin, two sellers of one shop, one of another, a shopper.
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'First', 'first', '/l.svg', '/b.svg'), (2, 'Second', 'second', '/l.svg', '/b.svg');
    insert into users (id, name, email, role, shop_id) values
      (1, 'Ada Admin', 'ada@example.test', 'admin', null),
      (2, 'Sam Seller', 'sam@example.test', 'seller', 1),
      (3, 'Sid Second Seller', 'sid@example.test', 'seller', 1),
      (4, 'Tess Other Shop', 'tess@example.test', 'seller', 2),
      (5, 'Cora Customer', 'cora@example.test', 'customer', null)`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0013_console_roles_audit', rows);
}, 180_000);
afterAll(() => database?.close());

it("makes admins the store's owners, each shop's first seller its owner and any further seller its staff with every seller permission", async () => {
  const members = await queryRows<{ user_id: number; shop_id: number | null; role: string; permissions: string[] }>(
    database.db,
    sql`select user_id, shop_id, role, permissions from console_members order by user_id`,
  );
  expect(members).toEqual([
    { user_id: 1, shop_id: null, role: 'owner', permissions: [] },
    { user_id: 2, shop_id: 1, role: 'shop_owner', permissions: [] },
    {
      user_id: 3,
      shop_id: 1,
      role: 'shop_staff',
      permissions: ['catalogue.read', 'catalogue.write', 'orders.read', 'orders.write', 'vouchers.write', 'support.read', 'support.write'],
    },
    { user_id: 4, shop_id: 2, role: 'shop_owner', permissions: [] },
  ]);
});

it("keeps the spec's user roles for owners and shoppers, and turns a shop's staff into customers of the storefront", async () => {
  const people = await queryRows<{ id: number; role: string; shop_id: number | null }>(database.db, sql`select id, role, shop_id from users order by id`);
  expect(people).toEqual([
    { id: 1, role: 'admin', shop_id: null },
    { id: 2, role: 'seller', shop_id: 1 },
    { id: 3, role: 'customer', shop_id: null },
    { id: 4, role: 'seller', shop_id: 2 },
    { id: 5, role: 'customer', shop_id: null },
  ]);
});

it('keeps the shops that were selling approved', async () => {
  expect(await queryRows<{ id: number; status: string }>(database.db, sql`select id, status from shops order by id`)).toEqual([
    { id: 1, status: 'approved' },
    { id: 2, status: 'approved' },
  ]);
});
