import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { seedBulkOrders } from './bulk-orders.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedBulkOrders(database.db, 200);
});
afterAll(() => database.close());

const bulkOrders = sql`select o.* from orders o join users u on u.id = o.user_id where u.email like 'bulk-customer-%'`;

it('adds the orders over 20 new customers and the approved shops, placed over two years', async () => {
  const [summary] = await queryRows<{ orders: number; customers: number; shops: number; unapproved: number; days: number }>(
    database.db,
    sql`select count(*)::int as orders, count(distinct o.user_id)::int as customers, count(distinct o.shop_id)::int as shops,
          count(*) filter (where s.status <> 'approved')::int as unapproved, extract(day from max(o.created_at) - min(o.created_at))::int as days
        from (${bulkOrders}) o join shops s on s.id = o.shop_id`,
  );
  expect(summary).toMatchObject({ orders: 200, customers: 20, unapproved: 0 });
  expect(summary!.shops).toBeGreaterThan(1);
  expect(summary!.days).toBeGreaterThanOrEqual(725);
});

it('makes half of them delivered and paid, a fifth by card, and unpaid cash orders still on their way', async () => {
  const rows = await queryRows<{ status: string; payment_method: string; payment_status: string; count: number }>(
    database.db,
    sql`select status, payment_method, payment_status, count(*)::int as count from (${bulkOrders}) o group by 1, 2, 3`,
  );
  const total = (filter: (row: (typeof rows)[number]) => boolean) => rows.filter(filter).reduce((sum, row) => sum + row.count, 0);
  expect(total((row) => row.status === 'delivered')).toBe(100);
  expect(total((row) => row.status === 'delivered' && row.payment_status !== 'paid')).toBe(0);
  expect(total((row) => row.payment_method === 'stripe')).toBe(40);
  expect(total((row) => row.payment_method === 'cash' && row.status === 'pending' && row.payment_status === 'pending')).toBeGreaterThan(0);
  expect(new Set(rows.map((row) => row.status)).size).toBe(7);
  // Each shop's orders are of more than one status (the shop is not picked by the status).
  const [spread] = await queryRows<{ single_status_shops: number }>(
    database.db,
    sql`select count(*)::int as single_status_shops from (select shop_id from (${bulkOrders}) o group by shop_id having count(distinct status) = 1) as shops`,
  );
  expect(spread!.single_status_shops).toBe(0);
});

it('gives each order a line of its own shop’s product, a payment of its amount, and its timeline', async () => {
  const [mismatches] = await queryRows<{ foreign_lines: number; wrong_amounts: number; wrong_totals: number; short_timelines: number }>(
    database.db,
    sql`select
          count(*) filter (where p.shop_id <> o.shop_id)::int as foreign_lines,
          count(*) filter (where pay.amount <> o.payable_amount)::int as wrong_amounts,
          count(*) filter (where i.line_total <> i.unit_price * i.quantity or o.subtotal <> i.line_total or o.payable_amount <> o.subtotal + o.tax_amount)::int as wrong_totals,
          count(*) filter (where (select array_agg(h.status order by h.created_at) from order_status_history h where h.order_id = o.id)
                                  <> case when o.status = 'pending' then array['pending'] else array['pending', o.status] end)::int as short_timelines
        from (${bulkOrders}) o join order_items i on i.order_id = o.id join products p on p.id = i.product_id join payments pay on pay.id = o.payment_id`,
  );
  expect(mismatches).toEqual({ foreign_lines: 0, wrong_amounts: 0, wrong_totals: 0, short_timelines: 0 });
});

it('refuses to run twice on one database', async () => {
  await expect(seedBulkOrders(database.db, 10)).rejects.toThrow('Bulk customers already exist: seed --orders into a fresh database.');
});
