import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { refundStatuses, returnStatuses } from '../../../shared/returns.contract.ts';
import { users } from './accounts.ts';
import { shops } from './catalog.ts';
import { orderItems, orders, payments } from './orders.ts';

/** A shopper's return of some of a delivered order's lines (decision 039). */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's shop, kept here so the console's lists filter by it without the order. */
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    reason: text('reason').notNull(),
    /** Addresses of the pictures the shopper sent (`/media/uploads/returns/...`). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    instructions: text('instructions'),
    rejectionReason: text('rejection_reason'),
    /** The language the shopper asked in: the mails of every step are written in it. */
    locale: text('locale').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_returns_order_idx').on(table.orderId),
    index('order_returns_status_idx').on(table.status, table.id.desc()),
    index('order_returns_shop_idx').on(table.shopId, table.id.desc()),
    index('order_returns_shop_status_idx').on(table.shopId, table.status, table.id.desc()),
  ],
);

export const orderReturnItems = pgTable(
  'order_return_items',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Null until received: whether the units went back on the shelf (a stock-ledger entry). */
    restocked: boolean('restocked'),
  },
  (table) => [check('order_return_items_quantity_positive', sql`${table.quantity} > 0`), uniqueIndex('order_return_items_one_per_line').on(table.returnId, table.orderItemId)],
);

/**
 * Money given back on an order, in minor units of the store's base currency: for a return, for
 * some lines, or an amount (goodwill). Pending and succeeded refunds count against what was paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: integer('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The payment's gateway: `stripe` refunds at Stripe, `cash` is recorded only. */
    method: text('method').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    /** The gateway's refund id (Stripe's `re_…`). */
    providerRefundId: text('provider_refund_id').unique(),
    /** The staff member's Idempotency-Key: a retried refund finds this row instead of making another. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the parsed request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('refunds_amount_positive', sql`${table.amount} > 0`),
    uniqueIndex('refunds_order_key').on(table.orderId, table.idempotencyKey),
    index('refunds_payment_idx').on(table.paymentId),
  ],
);

/** The lines (and quantities) a refund gave money back for; an amount-only refund has none. */
export const refundItems = pgTable(
  'refund_items',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [check('refund_items_quantity_positive', sql`${table.quantity} > 0`), uniqueIndex('refund_items_one_per_line').on(table.refundId, table.orderItemId)],
);
