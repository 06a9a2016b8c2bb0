import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// A guest's order placed in March, with the link its confirmation mail carried, and a customer's order (no link).
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'First', 'first', '/l.svg', '/b.svg');
    insert into users (id, name, email) values (1, 'Ada', 'ada@example.test');
    insert into payments (id, method, status, amount, currency) values (1, 'cash', 'pending', 1000, 'USD');
    insert into orders (id, user_id, shop_id, payment_id, payment_method, guest_email, guest_key_hash, address, subtotal, delivery_charge, tax_amount, payable_amount, currency_name, currency_symbol, currency_rate, created_at) values
      (1, null, 1, 1, 'cash', 'grace@example.test', 'key-1', '{}', 1000, 0, 0, 1000, 'USD', '$', 1, '2026-03-02T10:00:00Z'),
      (2, 1, 1, 1, 'cash', null, null, '{}', 1000, 0, 0, 1000, 'USD', '$', 1, '2026-03-03T10:00:00Z')`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0055_guest_order_link_issued', rows);
}, 180_000);
afterAll(() => database?.close());

it("dates a guest's existing link from its order's placing, so links mailed long ago have already run out", async () => {
  const orders = await queryRows<{ id: number; issued: Date | null }>(database.db, sql`select id, guest_key_issued_at as issued from orders order by id`);
  expect(orders.map((row) => [row.id, row.issued && new Date(row.issued).toISOString()])).toEqual([
    [1, '2026-03-02T10:00:00.000Z'],
    [2, null],
  ]);
});
