import { and, asc, count, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { currencies, orderReturns, orders, productRevisions, productVariants, products, shops, supportTickets } from '../../db/schema.ts';
import { daysBetween, type DashboardAnswer, type DashboardQuery } from '../../../shared/dashboard.contract.ts';
import type { OrderStatus } from '../../../shared/order-statuses.ts';
import { toAmount } from '../../../shared/money.ts';
import { instantToZonedLocal } from '../../../shared/store-time.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { validationFailed } from '../../platform/errors.ts';
import { shopBalance } from '../earnings/shop-ledger.ts';
import { readLowStockThreshold, readStoreSetting } from '../settings/settings.service.ts';
import { productDayRows, shopDayRows, storeDayRows } from './dashboard-rollup.ts';
import { lastWithdrawals, withdrawalsWaiting } from './dashboard-withdrawals.ts';

const DAY_MS = 86_400_000;
const TOP = 5;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The days summed and the period of the same length just before, on the store's clock. */
export function dashboardPeriod(query: Pick<DashboardQuery, 'range' | 'from' | 'to'>, today: string) {
  const lengths = { today: 1, '7d': 7, '30d': 30 } as const;
  const [from, to] = query.range === 'custom' ? [query.from!, query.to!] : [addDays(today, 1 - lengths[query.range]), today];
  const length = daysBetween(from, to);
  return { from, to, previousFrom: addDays(from, -length), previousTo: addDays(from, -1) };
}

/** The shop the figures are of: a seller's own; the store's staff may name one; null: the whole store. */
async function dashboardShop(db: Db, identity: ConsoleIdentity, requested: number | undefined): Promise<number | null> {
  const own = shopScope(identity);
  if (own !== null) return own;
  if (requested === undefined) return null;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, requested));
  if (!shop) throw validationFailed({ shop_id: ['The selected shop id is invalid.'] });
  return requested;
}

interface ShopDay {
  day: string;
  shop_id: number;
  orders: number;
  items: number;
  revenue: number;
  commission: number;
  refunds: number;
  statuses: Partial<Record<OrderStatus, number>>;
}
type Rollup = { table: string; columns: string[]; live: (days: string[]) => SQL };
type RollupSpan = { from: string; to: string; today: string; shopId: number | null };

/**
 * A rollup's rows for the days from `from` to `to`, as a subquery: the stored ones before today,
 * today's computed from the orders (decision 055). Null when the span holds no day.
 */
function rollupSource(rollup: Rollup, { from, to, today, shopId }: RollupSpan): SQL | null {
  const lastStored = to < today ? to : addDays(today, -1);
  const columns = sql.raw(rollup.columns.join(', '));
  const ofShop = shopId === null ? sql`` : sql`where shop_id = ${shopId}`;
  const stored = from <= lastStored ? sql`select day::text as day, ${columns} from ${sql.identifier(rollup.table)} where day between ${from}::date and ${lastStored}::date` : null;
  const live = from <= today && today <= to ? sql`select day, ${columns} from (${rollup.live([today])}) live` : null;
  const parts = [stored, live].filter((part) => part !== null);
  return parts.length === 0 ? null : sql`select * from (${sql.join(parts, sql` union all `)}) rows ${ofShop}`;
}

async function rollupRows<Row extends { day: string }>(db: Db, rollup: Rollup, span: RollupSpan): Promise<Row[]> {
  const source = rollupSource(rollup, span);
  if (!source) return [];
  const rows = await queryRows<Record<string, unknown>>(db, source);
  // Sums of bigint columns arrive as text.
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key !== 'day' && typeof value === 'string' ? Number(value) : value])) as Row);
}

const sum = <Row>(rows: readonly Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + Number(pick(row)), 0);

/** `GET /api/console/dashboard`: the period's figures against the period before, its days, and what waits (decision 055). */
export async function readDashboard(db: Db, identity: ConsoleIdentity, query: DashboardQuery, now: Date): Promise<DashboardAnswer> {
  const shopId = await dashboardShop(db, identity, query.shop_id);
  const zone = await readStoreSetting(db, 'time_zone');
  const today = instantToZonedLocal(now.toISOString(), zone).slice(0, 10);
  const period = dashboardPeriod(query, today);
  const span = { from: period.previousFrom, to: period.to, today, shopId };
  const inPeriod = (row: { day: string }) => row.day >= period.from;

  const shopDays = await rollupRows<ShopDay>(db, { table: 'dashboard_shop_days', columns: ['shop_id', 'orders', 'items', 'revenue', 'commission', 'refunds', 'statuses'], live: (days) => shopDayRows(days, zone) }, span);
  const storeDays = await rollupRows<{ day: string; new_customers: number }>(
    db,
    { table: 'dashboard_store_days', columns: ['new_customers'], live: (days) => storeDayRows(days, zone) },
    { ...span, shopId: null },
  );
  const [current, previous] = [shopDays.filter(inPeriod), shopDays.filter((row) => !inPeriod(row))];
  const figure = (pick: (rows: ShopDay[]) => number) => ({ current: pick(current), previous: pick(previous) });
  const money = (pick: (row: ShopDay) => number) => figure((rows) => toAmount(sum(rows, pick)));
  const averageOf = (rows: ShopDay[]) => {
    const placed = sum(rows, (row) => row.orders);
    return placed === 0 ? 0 : toAmount(sum(rows, (row) => row.revenue) / placed);
  };

  const series = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const ofDay = current.filter((row) => row.day === day);
    series.push({ day, revenue: toAmount(sum(ofDay, (row) => row.revenue)), orders: sum(ofDay, (row) => row.orders), refunds: toAmount(sum(ofDay, (row) => row.refunds)) });
  }

  const statusCounts = new Map<OrderStatus, number>();
  for (const row of current) for (const [status, placed] of Object.entries(row.statuses)) statusCounts.set(status as OrderStatus, (statusCounts.get(status as OrderStatus) ?? 0) + Number(placed));

  const can = (permission: ConsoleIdentity['permissions'][number]) => identity.permissions.includes(permission);
  const [currency] = await db.select({ name: currencies.name }).from(currencies).where(eq(currencies.isDefault, true));
  return {
    shop_id: shopId,
    from: period.from,
    to: period.to,
    previous_from: period.previousFrom,
    previous_to: period.previousTo,
    time_zone: zone,
    currency: currency?.name ?? 'USD',
    figures: {
      revenue: money((row) => row.revenue),
      orders: figure((rows) => sum(rows, (row) => row.orders)),
      average_order_value: figure(averageOf),
      new_customers: { current: sum(storeDays.filter(inPeriod), (row) => row.new_customers), previous: sum(storeDays.filter((row) => !inPeriod(row)), (row) => row.new_customers) },
      refunds: money((row) => row.refunds),
      commission: money((row) => row.commission),
    },
    series,
    orders_by_status: [...statusCounts].map(([status, placed]) => ({ status, orders: placed })).sort((a, b) => b.orders - a.orders),
    top_products: await topProducts(db, zone, { ...span, from: period.from }),
    top_shops: shopId === null ? await topShops(db, current) : [],
    low_stock: can('catalogue.read') ? await lowStock(db, shopId) : null,
    work_waiting: await workWaiting(db, shopId, can),
    balance: shopId !== null && can('earnings.read') ? await shopMoney(db, shopId) : null,
    withdrawals: shopId !== null && can('earnings.read') ? await lastWithdrawals(db, shopId) : null,
  };
}

/** The period's best-selling products by revenue, summed in the database (90 days of a store hold tens of thousands of product days). */
async function topProducts(db: Db, zone: string, span: RollupSpan) {
  const source = rollupSource({ table: 'dashboard_product_days', columns: ['shop_id', 'product_id', 'units', 'revenue'], live: (days) => productDayRows(days, zone) }, span);
  if (!source) return [];
  const top = await queryRows<{ id: number; name: string; units: string; revenue: string }>(
    db,
    sql`select t.product_id as id, p.name, t.units, t.revenue
      from (select product_id, sum(units)::bigint as units, sum(revenue)::bigint as revenue from (${source}) days group by product_id order by 3 desc, product_id limit ${TOP}) t
      left join ${products} p on p.id = t.product_id order by t.revenue desc, t.product_id`,
  );
  return top.map((row) => ({ id: row.id, name: row.name ?? '', units: Number(row.units), revenue: toAmount(Number(row.revenue)) }));
}

async function topShops(db: Db, rows: readonly ShopDay[]) {
  const byShop = new Map<number, { orders: number; revenue: number }>();
  for (const row of rows) {
    const total = byShop.get(row.shop_id) ?? { orders: 0, revenue: 0 };
    byShop.set(row.shop_id, { orders: total.orders + row.orders, revenue: total.revenue + row.revenue });
  }
  const top = [...byShop].filter(([, total]) => total.orders > 0).sort(([idA, a], [idB, b]) => b.revenue - a.revenue || idA - idB).slice(0, TOP);
  if (top.length === 0) return [];
  const names = new Map((await db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, top.map(([id]) => id)))).map((row) => [row.id, row.name]));
  return top.map(([id, total]) => ({ id, name: names.get(id) ?? '', orders: total.orders, revenue: toAmount(total.revenue) }));
}

/** Active variants at or under the store's low-stock threshold, lowest first. */
async function lowStock(db: Db, shopId: number | null) {
  const threshold = await readLowStockThreshold(db);
  const rows = await db
    .select({ product_id: products.id, product: products.name, sku: productVariants.sku, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(lte(productVariants.stock, threshold), eq(productVariants.isActive, true), shopId === null ? undefined : eq(products.shopId, shopId)))
    .orderBy(asc(productVariants.stock), asc(productVariants.id))
    .limit(TOP);
  return rows;
}

/** What waits for the member's hand, each only for those who may act on it (null otherwise). */
async function workWaiting(db: Db, shopId: number | null, can: (permission: ConsoleIdentity['permissions'][number]) => boolean): Promise<DashboardAnswer['work_waiting']> {
  const counted = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;
  const ofShop = (column: Parameters<typeof eq>[0]) => (shopId === null ? undefined : eq(column, shopId));
  const store = shopId === null;
  return {
    shop_applications: store && can('shops.review') ? await counted(db.select({ n: count() }).from(shops).where(eq(shops.status, 'pending'))) : null,
    product_approvals: store && can('catalogue.write') ? await counted(db.select({ n: count() }).from(productRevisions).where(eq(productRevisions.status, 'pending'))) : null,
    returns: can('orders.read') ? await counted(db.select({ n: count() }).from(orderReturns).where(and(eq(orderReturns.status, 'requested'), ofShop(orderReturns.shopId)))) : null,
    tickets: can('support.read')
      ? await counted(
          db
            .select({ n: count() })
            .from(supportTickets)
            .leftJoin(orders, eq(orders.id, supportTickets.orderId))
            .where(and(eq(supportTickets.status, 'open'), ofShop(orders.shopId))),
        )
      : null,
    // The store acts on them (payouts.manage); a shop's people watch their own.
    withdrawals: can(store ? 'payouts.manage' : 'earnings.read') ? await withdrawalsWaiting(db, shopId) : null,
  };
}

async function shopMoney(db: Db, shopId: number) {
  const balance = await shopBalance(db, shopId);
  return { available: toAmount(balance.available), pending: toAmount(balance.pending) };
}
