import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { dashboardProductDays, dashboardRollupState, dashboardShopDays, dashboardStoreDays } from '../../db/schema.ts';
import { readStoreSetting } from '../settings/settings.service.ts';

/** A write that committed late may carry a timestamp this much before the job's last run: those days are read again. */
const LATE_COMMIT_MS = 5 * 60 * 1000;

/** Days as a Postgres array parameter. */
const dayList = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/** Every clock on Earth is within 14 hours of UTC. */
const LARGEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `column` falls on `day` of the store's clock: an index range over the instants between its midnights.
 * The join on each day tells the planner nothing of how many rows match (it guesses thousands, and
 * its plan for that reads every order line of a large store), so the instants around all of `days`
 * are stated as constants too: the planner reads those off the column's statistics and walks the
 * index.
 */
const onDay = (column: SQL, zone: string, days: readonly string[]) => {
  const sorted = [...days].sort();
  const earliest = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - LARGEST_ZONE_OFFSET_MS).toISOString();
  const latest = new Date(Date.parse(`${sorted.at(-1)}T00:00:00Z`) + DAY_MS + LARGEST_ZONE_OFFSET_MS).toISOString();
  return sql`${column} >= (d.day::timestamp at time zone ${zone}) and ${column} < ((d.day + 1)::timestamp at time zone ${zone})
    and ${column} >= ${earliest}::timestamptz and ${column} < ${latest}::timestamptz`;
};

/**
 * The rows of `dashboard_shop_days` for `days` (decision 055), computed from the orders, their lines
 * and the refunds: what the job stores, and what the dashboard reads live for today.
 */
export const shopDayRows = (days: readonly string[], zone: string) => sql`
  with placed as (
    select d.day, o.id, o.shop_id, o.status, o.payable_amount
    from unnest(${dayList(days)}) as d(day) join orders o on ${onDay(sql`o.created_at`, zone, days)}
  ), lines as (
    select l.order_id, sum(l.quantity) as items, sum(l.commission) as commission
    from placed p join order_items l on l.order_id = p.id where p.status <> 'cancelled' group by l.order_id
  ), by_shop as (
    select p.day, p.shop_id,
      count(*) filter (where p.status <> 'cancelled') as orders,
      coalesce(sum(l.items), 0) as items,
      coalesce(sum(p.payable_amount) filter (where p.status <> 'cancelled'), 0) as revenue,
      coalesce(sum(l.commission), 0) as commission
    from placed p left join lines l on l.order_id = p.id group by p.day, p.shop_id
  ), by_status as (
    select day, shop_id, jsonb_object_agg(status, orders) as statuses
    from (select day, shop_id, status, count(*) as orders from placed group by day, shop_id, status) counted group by day, shop_id
  ), refunded as (
    select d.day, o.shop_id, sum(r.amount) as refunds
    from unnest(${dayList(days)}) as d(day) join refunds r on ${onDay(sql`r.created_at`, zone, days)} join orders o on o.id = r.order_id
    where r.status <> 'failed' group by d.day, o.shop_id
  )
  select coalesce(b.day, r.day)::text as day, coalesce(b.shop_id, r.shop_id) as shop_id,
    coalesce(b.orders, 0)::int as orders, coalesce(b.items, 0)::int as items, coalesce(b.revenue, 0)::bigint as revenue,
    coalesce(b.commission, 0)::bigint as commission, coalesce(r.refunds, 0)::bigint as refunds, coalesce(s.statuses, '{}'::jsonb) as statuses
  from by_shop b join by_status s on s.day = b.day and s.shop_id = b.shop_id
  full join refunded r on r.day = b.day and r.shop_id = b.shop_id`;

/** The rows of `dashboard_product_days` for `days`: units and line totals of the orders placed then and not cancelled. */
export const productDayRows = (days: readonly string[], zone: string) => sql`
  select d.day::text as day, o.shop_id, l.product_id, sum(l.quantity)::int as units, sum(l.line_total)::bigint as revenue
  from unnest(${dayList(days)}) as d(day) join orders o on ${onDay(sql`o.created_at`, zone, days)} join order_items l on l.order_id = o.id
  where o.status <> 'cancelled' group by d.day, o.shop_id, l.product_id`;

/** The rows of `dashboard_store_days` for `days`: customers who opened their account then. */
export const storeDayRows = (days: readonly string[], zone: string) => sql`
  select d.day::text as day, count(u.id)::int as new_customers
  from unnest(${dayList(days)}) as d(day) join users u on ${onDay(sql`u.created_at`, zone, days)} and u.role = 'customer' group by d.day`;

/** The calendar days on `zone`'s clock that the writes after `since` touched; every day with a record when `since` is null. */
async function touchedDays(db: Db, zone: string, since: Date | null): Promise<string[]> {
  const after = (column: SQL) => (since ? sql`where ${column} > ${since.toISOString()}` : sql``);
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select distinct ((created_at at time zone ${zone})::date)::text as day from orders ${after(sql`updated_at`)}
      union select distinct ((created_at at time zone ${zone})::date)::text from refunds ${after(sql`updated_at`)}
      union select distinct ((created_at at time zone ${zone})::date)::text from users ${after(sql`created_at`)}`,
  );
  return rows.map((row) => row.day).sort();
}

/**
 * The job's work (decision 055): rewrites the rollups of the days touched since its last run, or
 * of every day when it never ran or the store's time zone changed since. Answers the days rewritten.
 */
export async function rollUpDashboards(db: Db, now: Date): Promise<string[]> {
  const zone = await readStoreSetting(db, 'time_zone');
  return db.transaction(async (tx) => {
    const [state] = await tx.select().from(dashboardRollupState).for('update');
    const full = !state || state.timeZone !== zone;
    const days = await touchedDays(tx, zone, full ? null : new Date(state.watermark.getTime() - LATE_COMMIT_MS));
    const these = full ? sql`` : sql`where day = any(${dayList(days)})`;
    for (const table of [dashboardShopDays, dashboardProductDays, dashboardStoreDays]) await tx.execute(sql`delete from ${table} ${these}`);
    if (days.length > 0) {
      await tx.execute(sql`insert into dashboard_shop_days (day, shop_id, orders, items, revenue, commission, refunds, statuses) select day::date, shop_id, orders, items, revenue, commission, refunds, statuses from (${shopDayRows(days, zone)}) r`);
      await tx.execute(sql`insert into dashboard_product_days (day, shop_id, product_id, units, revenue) select day::date, shop_id, product_id, units, revenue from (${productDayRows(days, zone)}) r`);
      await tx.execute(sql`insert into dashboard_store_days (day, new_customers) select day::date, new_customers from (${storeDayRows(days, zone)}) r`);
    }
    await tx
      .insert(dashboardRollupState)
      .values({ id: 1, timeZone: zone, watermark: now })
      .onConflictDoUpdate({ target: dashboardRollupState.id, set: { timeZone: zone, watermark: now } });
    return days;
  });
}
