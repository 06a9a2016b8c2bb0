import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '../../../shared/order-statuses.ts';
import { products, shops } from './catalog.ts';

/**
 * The dashboards' daily rollups (decision 055): per day on the store's clock and shop, what the
 * orders placed that day came to and the refunds made that day. A job rewrites the days touched
 * since its last run; today is read from the orders themselves. Money in minor units of the base currency.
 */
export const dashboardShopDays = pgTable(
  'dashboard_shop_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Orders placed that day and not cancelled, their units, what was paid for them and the store's commission on their lines. */
    orders: integer('orders').notNull(),
    items: integer('items').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    /** Refunds made that day (pending or succeeded). */
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
    /** The orders placed that day by their status now, cancelled ones too. */
    statuses: jsonb('statuses').$type<Partial<Record<OrderStatus, number>>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.shopId] }), index('dashboard_shop_days_shop_idx').on(table.shopId, table.day)],
);

/** Units sold and their line totals per day and product, for the top products. */
export const dashboardProductDays = pgTable(
  'dashboard_product_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.productId] }), index('dashboard_product_days_shop_idx').on(table.shopId, table.day)],
);

/** Customers who opened an account that day (store-wide). */
export const dashboardStoreDays = pgTable('dashboard_store_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  newCustomers: integer('new_customers').notNull(),
});

/** The rollup job's one row: the time zone its days are in and the moment it read the writes up to. */
export const dashboardRollupState = pgTable('dashboard_rollup_state', {
  id: integer('id').primaryKey().default(1),
  timeZone: text('time_zone').notNull(),
  watermark: timestamp('watermark', { withTimezone: true }).notNull(),
});
