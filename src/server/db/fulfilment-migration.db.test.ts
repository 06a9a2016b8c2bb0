import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// Cash orders as the store had them before cash was paid on delivery: payment 1 covers one delivered
// order, payment 2 a delivered order and one still on its way; payment 3 is a card's.
const order = (id: number, paymentId: number, status: string, method: string) =>
  `(${id}, 1, ${paymentId}, '${status}', '${method}', 'pending', 'g${id}@example.test', 'key-${id}', '{}', 1000, 0, 0, 1000, 'USD', '$', 1)`;
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'First', 'first', '/l.svg', '/b.svg');
    insert into payments (id, method, status, amount, currency) values (1, 'cash', 'pending', 1000, 'USD'), (2, 'cash', 'pending', 2000, 'USD'), (3, 'stripe', 'pending', 1000, 'USD');
    insert into orders (id, shop_id, payment_id, status, payment_method, payment_status, guest_email, guest_key_hash, address, subtotal, delivery_charge, tax_amount, payable_amount, currency_name, currency_symbol, currency_rate) values
      ${[order(1, 1, 'delivered', 'cash'), order(2, 2, 'delivered', 'cash'), order(3, 2, 'on_the_way', 'cash'), order(4, 3, 'delivered', 'stripe')].join(', ')}`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0026_order_fulfilment', rows);
}, 180_000);
afterAll(() => database?.close());

it('marks delivered cash orders paid, and a payment once none of its orders is left unpaid', async () => {
  const orders = await queryRows<{ id: number; payment_status: string; locale: string }>(database.db, sql`select id, payment_status, locale from orders order by id`);
  expect(orders.map((row) => [row.id, row.payment_status, row.locale])).toEqual([
    [1, 'paid', 'en'],
    [2, 'paid', 'en'],
    [3, 'pending', 'en'],
    [4, 'pending', 'en'],
  ]);
  const payments = await queryRows<{ id: number; status: string }>(database.db, sql`select id, status from payments order by id`);
  expect(payments.map((row) => [row.id, row.status])).toEqual([
    [1, 'paid'],
    [2, 'pending'],
    [3, 'pending'],
  ]);
});
