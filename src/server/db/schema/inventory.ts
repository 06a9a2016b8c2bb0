import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stockMovementReasons } from '../../../shared/catalog-console.contract.ts';
import { colors, products, sizes } from './catalog.ts';

/**
 * The thing a shopper buys and a shop stocks (decision 020): one row per option combination of a
 * product, or one default row (no options) for a product without colours and sizes. Each option type
 * is a nullable column; a new type is one more nullable column in the combination's unique index.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id').references(() => colors.id),
    sizeId: integer('size_id').references(() => sizes.id),
    sku: text('sku').notNull().unique(),
    barcode: text('barcode'),
    /** Minor units; null takes the product's price. */
    price: integer('price'),
    /** Minor units; null takes the product's discount price (0: none). */
    discountPrice: integer('discount_price'),
    /** Units on the shelf: the sum of this variant's stock movements, changed only with one (see inventory.service.ts). */
    stock: integer('stock').notNull().default(0),
    /** This variant's own pictures, the first shown for it in lists and the cart; none shows the product's. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * When the editor removed it: off sale and out of the editor, kept for its ledger and order lines
     * (and its combination, which comes back on this row). A retired variant is never active.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('product_variants_stock_not_negative', sql`${table.stock} >= 0`),
    check('product_variants_retired_inactive', sql`${table.retiredAt} is null or not ${table.isActive}`),
    check('product_variants_price_positive', sql`${table.price} is null or ${table.price} > 0`),
    check(
      'product_variants_discount_below_price',
      sql`${table.discountPrice} is null or (${table.discountPrice} >= 0 and (${table.price} is null or ${table.discountPrice} < ${table.price}))`,
    ),
    uniqueIndex('product_variants_one_per_combination').on(table.productId, sql`coalesce(${table.colorId}, 0)`, sql`coalesce(${table.sizeId}, 0)`),
    // Listing filters: products with a colour (or size) in stock.
    index('product_variants_color_in_stock_idx').on(table.colorId, table.productId).where(sql`${table.isActive} and ${table.stock} > 0`),
    index('product_variants_size_in_stock_idx').on(table.sizeId, table.productId).where(sql`${table.isActive} and ${table.stock} > 0`),
    // The console's stock screen: lowest stock first, a keyset page at a time; its low-stock filter is a range of it.
    index('product_variants_stock_idx').on(table.stock, table.id),
    // The stock screen's search by the start of a SKU (`like 'ABC%'`, whatever the database's collation).
    index('product_variants_sku_prefix_idx').on(table.sku.op('text_pattern_ops')),
  ],
);

/** The stock ledger: every change of a variant's stock, signed; a variant's stock is the sum of its rows. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    /** What caused it, e.g. the order's id for an order or a cancellation. */
    reference: text('reference'),
    /** Why, in the words of the person who moved it (the console's stock moves). */
    note: text('note'),
    /** The staff member or shopper who caused it; null for the system (imports, sweeps). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('stock_movements_change_not_zero', sql`${table.change} <> 0`), index('stock_movements_variant_idx').on(table.variantId, table.createdAt)],
);
