import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enrolmentStatuses } from '../../../shared/flash-sales-console.contract.ts';
import { flashSales, products, shops } from './catalog.ts';
import { productVariants } from './inventory.ts';

/**
 * A shop's offer of one variant in a flash sale (decision 051): its sale price (minor units, worked
 * out from `percentage` when the shop gave one), an optional cap on units sold at it, and the store's
 * decision. Only approved rows price anything; a capped row sold out (`sold >= stock_cap`) sells at
 * the normal price again.
 */
export const flashSaleEnrolments = pgTable(
  'flash_sale_enrolments',
  {
    id: serial('id').primaryKey(),
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    salePrice: integer('sale_price').notNull(),
    percentage: integer('percentage'),
    stockCap: integer('stock_cap'),
    /** Units sold at the sale price; a cancelled order gives its units back. */
    sold: integer('sold').notNull().default(0),
    status: text('status', { enum: enrolmentStatuses }).notNull().default('pending'),
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('flash_sale_enrolments_one_per_variant').on(table.flashSaleId, table.variantId),
    index('flash_sale_enrolments_shop_idx').on(table.flashSaleId, table.shopId, table.id),
    // Pricing reads a product's (and a variant's) approved enrolments in running sales.
    index('flash_sale_enrolments_product_idx').on(table.productId).where(sql`${table.status} = 'approved'`),
    index('flash_sale_enrolments_variant_idx').on(table.variantId).where(sql`${table.status} = 'approved'`),
    check('flash_sale_enrolments_price_positive', sql`${table.salePrice} > 0`),
    check('flash_sale_enrolments_percentage_range', sql`${table.percentage} is null or ${table.percentage} between 1 and 99`),
    check('flash_sale_enrolments_cap_positive', sql`${table.stockCap} is null or ${table.stockCap} > 0`),
    check('flash_sale_enrolments_sold_within_cap', sql`${table.sold} >= 0 and (${table.stockCap} is null or ${table.sold} <= ${table.stockCap})`),
  ],
);
