import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

// Benchmark data: many orders made by the database itself, with set-based SQL (`npm run seed -- --orders N`).

const BATCH = 50_000;
/** Each shop's orders are of its first products. */
const PRODUCTS_PER_SHOP = 40;
const ORDERS_PER_CUSTOMER = 10;
const SPREAD_DAYS = 730;

/**
 * N orders over the approved shops and N/10 new customers, spread over two years, newest last:
 * half delivered and paid, the rest over the other statuses, a fifth paid by card. Each has a
 * payment, one line of one of its shop's products (its price and stock untouched: the catalogue
 * stays as the benchmark found it), and its placing and current status in its timeline.
 */
export async function seedBulkOrders(db: Db, count: number): Promise<void> {
  const customers = Math.max(1, Math.ceil(count / ORDERS_PER_CUSTOMER));
  const [{ first_customer: firstCustomer }] = (await queryRows<{ first_customer: number }>(
    db,
    sql`with added as (
          insert into users (name, email, phone_code, phone, verified_at, created_at)
          select 'Bulk Customer ' || n, 'bulk-customer-' || n || '@example.test', '+1', (7000000000 + n)::text, now(), now() - interval '2 years'
          from generate_series(1, ${customers}) as n
          on conflict do nothing
          returning id)
        select min(id)::int as first_customer from added`,
  )) as [{ first_customer: number | null }];
  if (firstCustomer === null) throw new Error('Bulk customers already exist: seed --orders into a fresh database.');

  await db.execute(sql`drop table if exists bulk_order_lines`);
  await db.execute(sql`
    create unlogged table bulk_order_lines as
    select shop_position, position, shop_id, product_id, variant_id, name, sku, thumbnail, price, unit, tax_rate, (count(*) over (partition by shop_position))::int as lines_of_shop
    from (
      select dense_rank() over (order by p.shop_id)::int - 1 as shop_position, (row_number() over (partition by p.shop_id order by p.id))::int - 1 as position,
        p.id as product_id, v.id as variant_id, p.name, v.sku, p.thumbnail, coalesce(v.price, p.price) as price, p.unit, coalesce(p.tax_rate, 0) as tax_rate, p.shop_id
      from products p
      join shops s on s.id = p.shop_id and s.status = 'approved'
      join lateral (select id, sku, price from product_variants where product_id = p.id and is_active order by id limit 1) v on true
      where p.status = 'active'
    ) as ranked
    where position < ${PRODUCTS_PER_SHOP}`);
  await db.execute(sql`create index on bulk_order_lines (shop_position, position)`);
  const [{ shops }] = (await queryRows<{ shops: number }>(db, sql`select count(distinct shop_position)::int as shops from bulk_order_lines`)) as [{ shops: number }];
  if (shops === 0) throw new Error('No approved shop has an active product to order.');
  const [currency] = await queryRows<{ name: string; symbol: string }>(db, sql`select name, symbol from currencies where is_active order by is_default desc, id limit 1`);

  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await db.execute(sql`
      with planned as materialized (
        select n,
          nextval(pg_get_serial_sequence('payments', 'id'))::int as payment_id,
          nextval(pg_get_serial_sequence('orders', 'id'))::int as order_id,
          ${firstCustomer}::int + ((n::bigint * 7919) % ${customers})::int as user_id,
          now() - make_interval(secs => (${count} - n)::double precision * ${(SPREAD_DAYS * 86_400) / count}) as placed_at,
          case when n % 2 = 0 then 'delivered' else (array['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'cancelled'])[1 + (n / 2) % 6] end as status,
          case when n % 5 = 0 then 'stripe' else 'cash' end as method,
          line.*, 1 + n % 3 as quantity
        from generate_series(${start}::int, ${end}::int) as n
        -- The high bits of a multiplicative hash pick the shop, so a shop's orders are of every status (the status follows n itself).
        join bulk_order_lines line on line.shop_position = ((n::bigint * 2654435761) % 4294967296) / 65536 % ${shops}
          and line.position = (n / ${shops}) % line.lines_of_shop
      ),
      priced as (
        select planned.*,
          case when status = 'delivered' or (method = 'stripe' and status not in ('pending', 'cancelled')) then 'paid' when status = 'cancelled' then 'cancelled' else 'pending' end as payment_status,
          price * quantity as subtotal, ((price::bigint * quantity * tax_rate) / 10000)::int as tax
        from planned
      ),
      paid as (
        insert into payments (id, user_id, method, status, amount, currency, created_at, updated_at)
        select payment_id, user_id, method, payment_status, subtotal + tax, ${currency?.name ?? 'USD'}, placed_at, placed_at from priced
      ),
      placed as (
        insert into orders (id, user_id, shop_id, payment_id, status, payment_method, payment_status, address, subtotal, delivery_charge, tax_amount, payable_amount,
          currency_name, currency_symbol, currency_rate, created_at, updated_at)
        select order_id, user_id, shop_id, payment_id, status, method, payment_status,
          jsonb_build_object('name', 'Home', 'phone', '2025550100', 'area', 'Downtown', 'flat_no', '4B', 'address_type', 'home', 'address_line', n || ' Market Street',
            'address_line2', '', 'post_code', '94105', 'city', 'San Francisco', 'state', 'California', 'country', 'United States', 'country_code', 'US'),
          subtotal, 0, tax, subtotal + tax, ${currency?.name ?? 'USD'}, ${currency?.symbol ?? '$'}, 1, placed_at, placed_at
        from priced
      ),
      lines as (
        insert into order_items (order_id, product_id, variant_id, name, sku, thumbnail, unit_price, quantity, line_total, tax_rate, tax_amount, taxable_amount, unit)
        select order_id, product_id, variant_id, name, sku, thumbnail, price, quantity, subtotal, tax_rate, tax, subtotal, unit from priced
      )
      insert into order_status_history (order_id, status, actor_user_id, created_at)
      select order_id, 'pending', user_id, placed_at from priced
      union all
      select order_id, status, null, placed_at + interval '1 day' from priced where status <> 'pending'`);
  }
  await db.execute(sql`drop table bulk_order_lines`);
  // Vacuumed, not only analysed: the console's capped counts are index-only scans, which need the visibility map.
  await db.execute(sql`vacuum analyze users, payments, orders, order_items, order_status_history`);
}
