import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrderAddress } from '../../../shared/orders.contract.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/constants.ts';
import { orderStatuses, paymentStatuses } from '../../../shared/order-statuses.ts';
import { users } from './accounts.ts';
import { flashSales, products, reviews, shops } from './catalog.ts';
import { guestCarts, voucherRedemptions, vouchers } from './commerce.ts';
import { productVariants } from './inventory.ts';
import { translationsColumn } from '../translations.ts';

/**
 * One payment per placement: it covers every order (one per shop) placed together. Cash on
 * delivery collects nothing now; an online gateway keeps its session here.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** Null for a guest's placement. */
    userId: integer('user_id').references(() => users.id),
    /** The payment gateway's `name` (payment_gateways.name): 'cash' or 'stripe'. */
    method: text('method').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    /** What the gateway is asked to collect, in minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The gateway's id of its checkout (a Stripe Checkout Session id) and where the shopper pays. */
    providerSessionId: text('provider_session_id').unique(),
    providerUrl: text('provider_url'),
    /**
     * Names the current try at making the provider's checkout (its idempotency key). A try the
     * provider answered with an error is spent, since the provider replays that answer to its key.
     */
    checkoutAttempt: integer('checkout_attempt').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payments_amount_not_negative', sql`${table.amount} >= 0`),
    index('payments_user_idx').on(table.userId),
    index('payments_pending_idx').on(table.method, table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

/** One order per shop of a placement. Money in minor units of the store's base currency. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number')
      .notNull()
      .generatedAlwaysAs(sql`'OS' || (100000 + id)::text`),
    /** The customer's account; null for a guest's order, which has guest_email and guest_key_hash instead. */
    userId: integer('user_id').references(() => users.id),
    guestEmail: text('guest_email'),
    /** SHA-256 of the unguessable key in the guest's order link (/orders/guest/{key}). */
    guestKeyHash: text('guest_key_hash').unique(),
    /** When the guest's current link was made: it opens the order for the store's `guest_order_link_days` (decision 050). */
    guestKeyIssuedAt: timestamp('guest_key_issued_at', { withTimezone: true }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('pending'),
    /** The delivery address as it was at placement; later edits of the address book never change it. */
    address: jsonb('address').$type<OrderAddress>().notNull(),
    note: text('note'),
    subtotal: integer('subtotal').notNull(),
    deliveryCharge: integer('delivery_charge').notNull(),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull(),
    payableAmount: integer('payable_amount').notNull(),
    voucherId: integer('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    /** The voucher use this order counts; cleared when the use is given back (cancellation). */
    voucherRedemptionId: integer('voucher_redemption_id').references(() => voucherRedemptions.id, { onDelete: 'set null' }),
    /** The currency the shopper was charged in and its rate to the base currency at that moment. */
    currencyName: text('currency_name').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    currencyRate: numeric('currency_rate', { precision: 18, scale: 6 }).notNull(),
    /** The shopper's language when placing (their language header): the invoice is written in it. */
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_number_unique').on(table.orderNumber),
    check('orders_customer_or_guest', sql`${table.userId} is not null or (${table.guestEmail} is not null and ${table.guestKeyHash} is not null)`),
    check('orders_guest_key_issued', sql`${table.guestKeyHash} is null or ${table.guestKeyIssuedAt} is not null`),
    check(
      'orders_amounts_not_negative',
      sql`${table.subtotal} >= 0 and ${table.deliveryCharge} >= 0 and ${table.couponDiscount} >= 0 and ${table.taxAmount} >= 0 and ${table.payableAmount} >= 0`,
    ),
    index('orders_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('orders_user_status_idx').on(table.userId, table.status),
    index('orders_payment_idx').on(table.paymentId),
    // The dashboards' rollup job finds the days touched since its last run (decision 055).
    index('orders_updated_idx').on(table.updatedAt),
    // The console's order lists, newest first, keyset by (created_at, id): all shops or one, every status or one (decision 035).
    index('orders_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('orders_status_created_idx').on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('orders_shop_idx').on(table.shopId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('orders_shop_status_created_idx').on(table.shopId, table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The status tabs' capped counts under payment and shop filters, read from the index alone (decision 035).
    index('orders_status_payment_idx').on(table.status, table.paymentStatus, table.paymentMethod, table.shopId),
    index('orders_guest_email_prefix_idx').on(table.guestEmail.op('text_pattern_ops')).where(sql`${table.guestEmail} is not null`),
    // A guest's phone (digits, as checkout keeps it) is in the order's address: the console finds it by its start.
    index('orders_guest_phone_prefix_idx').using('btree', sql`(${table.address} ->> 'phone') text_pattern_ops`).where(sql`${table.userId} is null`),
  ],
);

/**
 * An order's lines, one per variant, with the product's name, the variant's SKU, colour and size
 * names, price and tax rate copied when it was placed (docs/design.md §6).
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    thumbnail: text('thumbnail').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** Basis points, as on the product. */
    taxRate: integer('tax_rate').notNull(),
    /** The store's commission on the line, fixed when it was placed (decision 052): its rate in basis points and amount in minor units. */
    commissionRate: integer('commission_rate').notNull().default(0),
    commission: integer('commission').notNull().default(0),
    taxAmount: integer('tax_amount').notNull(),
    /** What the tax was charged on: the line total less its share of the voucher discount (decision 054); orders placed before it, the line total. */
    taxableAmount: integer('taxable_amount').notNull(),
    /** The colour's and size's names at placement, in the store's language; `translations` has them in the others. */
    color: text('color'),
    size: text('size'),
    /** `{ ar: { name, color, size } }` as the product and its options were named at placement (decision 019's shape): each reader gets their language's. */
    translations: translationsColumn(),
    unit: text('unit').notNull(),
    /** The flash sale whose price the line was sold at (decision 051): a sale with such lines is never deleted. */
    flashSaleId: integer('flash_sale_id').references(() => flashSales.id, { onDelete: 'restrict' }),
    /** The shopper's review of this line; a line is reviewed once. */
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    uniqueIndex('order_items_one_line_per_variant').on(table.orderId, table.variantId),
    index('order_items_product_idx').on(table.productId),
    index('order_items_variant_idx').on(table.variantId),
    index('order_items_flash_sale_idx').on(table.flashSaleId).where(sql`${table.flashSaleId} is not null`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    /** Who made the change: the shopper who placed or cancelled, the staff member who moved it; null for the store itself (a sweep, a payment). No foreign key: history outlives accounts. */
    actorUserId: integer('actor_user_id'),
    /** Why the store cancelled it (decision 037); null for every other step. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_history_order_idx').on(table.orderId, table.createdAt)],
);

/** A parcel handed to a carrier: some or all of an order's units (decision 037). */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** Where the shopper follows the parcel; https only. */
    trackingUrl: text('tracking_url'),
    /** Who shipped it; no foreign key, like the status history. */
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_shipments_order_idx').on(table.orderId, table.id)],
);

/** How many units of each order line a shipment holds. */
export const orderShipmentItems = pgTable(
  'order_shipment_items',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.orderItemId] }),
    check('order_shipment_items_quantity_positive', sql`${table.quantity} > 0`),
    index('order_shipment_items_order_item_idx').on(table.orderItemId),
  ],
);

/** Webhook events already handled, by the provider's event id: a redelivered event is handled once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The answer a shopper's placement key got, so a retried request gets the same orders instead of new ones. */
export interface PlacementAnswer {
  paymentId: number;
  paymentMethod: string;
  orders: Array<{ id: number; order_number: string }>;
}

/**
 * Idempotency-Key of POST /place-order: the row is written first in the placement's transaction, so
 * a concurrent duplicate waits on the key and then finds the committed answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestCartId: integer('guest_cart_id').references(() => guestCarts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the parsed request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Set before the placement commits; a committed row always has it. */
    response: jsonb('response').$type<PlacementAnswer>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('idempotency_keys_one_owner', sql`(${table.userId} is null) <> (${table.guestCartId} is null)`),
    uniqueIndex('idempotency_keys_user_key').on(table.userId, table.key).where(sql`${table.userId} is not null`),
    uniqueIndex('idempotency_keys_guest_key').on(table.guestCartId, table.key).where(sql`${table.guestCartId} is not null`),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
