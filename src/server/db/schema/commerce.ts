import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products, shops } from './catalog.ts';
import { productVariants } from './inventory.ts';

export const voucherDiscountTypes = ['percentage', 'amount'] as const;

/**
 * A visitor's cart while the store allows guest checkout: the browser keeps a random id in an
 * httpOnly cookie, the store only its hash. Logging in or registering moves its lines to the account.
 */
export const guestCarts = pgTable(
  'guest_carts',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('guest_carts_created_idx').on(table.createdAt)],
);

/**
 * A shopper's cart lines, owned by an account or by a guest cart. The cart holds one line per
 * variant (a red M and a blue L of one shirt are two lines); the buy-now flow keeps its single line
 * apart (is_buy_now), so buying one thing now never disturbs the cart.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestCartId: integer('guest_cart_id').references(() => guestCarts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    isBuyNow: boolean('is_buy_now').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_items_one_owner', sql`(${table.userId} is null) <> (${table.guestCartId} is null)`),
    uniqueIndex('cart_items_one_line_per_variant').on(table.userId, table.variantId).where(sql`not ${table.isBuyNow}`),
    uniqueIndex('cart_items_one_buy_now_line').on(table.userId).where(sql`${table.isBuyNow}`),
    uniqueIndex('cart_items_guest_one_line_per_variant').on(table.guestCartId, table.variantId).where(sql`not ${table.isBuyNow}`),
    uniqueIndex('cart_items_guest_one_buy_now_line').on(table.guestCartId).where(sql`${table.isBuyNow}`),
    index('cart_items_product_idx').on(table.productId),
    index('cart_items_variant_idx').on(table.variantId),
  ],
);

/** Shop vouchers (coupons). Codes are kept upper-case and matched case-insensitively. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    discountType: text('discount_type', { enum: voucherDiscountTypes }).notNull(),
    /** Whole percent for a percentage voucher, minor units for an amount voucher. */
    discount: integer('discount').notNull(),
    /** Minor units: the shop subtotal the order must reach. */
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    /** Minor units: the most a percentage voucher takes off; null for no cap. */
    maxDiscountAmount: integer('max_discount_amount'),
    /** Redemptions allowed across all shoppers; null for no limit. */
    totalLimit: integer('total_limit'),
    limitForUser: integer('limit_for_user').notNull().default(1),
    /** Redemptions so far, raised under a row lock when an order is placed (see redeemVoucher). */
    usedCount: integer('used_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vouchers_code_upper_case', sql`${table.code} = upper(${table.code}) and length(${table.code}) between 1 and 50`),
    check(
      'vouchers_discount_range',
      sql`${table.discount} > 0 and (${table.discountType} <> 'percentage' or ${table.discount} <= 100)`,
    ),
    check('vouchers_min_order_not_negative', sql`${table.minOrderAmount} >= 0`),
    check('vouchers_max_discount_positive', sql`${table.maxDiscountAmount} is null or ${table.maxDiscountAmount} > 0`),
    check('vouchers_limits_positive', sql`${table.limitForUser} > 0 and (${table.totalLimit} is null or ${table.totalLimit} > 0)`),
    check(
      'vouchers_used_within_limit',
      sql`${table.usedCount} >= 0 and (${table.totalLimit} is null or ${table.usedCount} <= ${table.totalLimit})`,
    ),
    check('vouchers_window_ordered', sql`${table.expiresAt} > ${table.startsAt}`),
    index('vouchers_shop_idx').on(table.shopId, table.expiresAt),
  ],
);

/** Vouchers a shopper saved from a shop's voucher list (docs/product/storefront.md §4: collected once). */
export const voucherCollections = pgTable(
  'voucher_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.voucherId] }), index('voucher_collections_voucher_idx').on(table.voucherId)],
);

/** One row per use of a voucher by a shopper (an account, or a guest by e-mail): the per-shopper limit counts these. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's e-mail, lower-case. */
    guestEmail: text('guest_email'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('voucher_redemptions_one_redeemer', sql`(${table.userId} is null) <> (${table.guestEmail} is null)`),
    index('voucher_redemptions_voucher_user_idx').on(table.voucherId, table.userId),
    index('voucher_redemptions_voucher_guest_idx').on(table.voucherId, table.guestEmail),
  ],
);
