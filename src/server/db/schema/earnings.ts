import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerEntryKinds, ledgerEntryStatuses } from '../../../shared/earnings.contract.ts';
import { withdrawalStatuses } from '../../../shared/withdrawals.contract.ts';
import { users } from './accounts.ts';
import { shops } from './catalog.ts';
import { orders } from './orders.ts';
import { refunds } from './returns.ts';

/**
 * A seller's request to be paid from their shop's available balance (decision 053). The amount is
 * held by a `withdrawal` ledger entry from the request on; a rejection's `withdrawal_released` entry
 * gives it back. The payout details are kept encrypted (platform/secret-box.ts).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** Minor units of the store's base currency. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull().default('requested'),
    payoutDetails: text('payout_details').notNull(),
    reference: text('reference'),
    rejectReason: text('reject_reason'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** Who approved or rejected it, and when. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('withdrawals_shop_idx').on(table.shopId, table.id.desc()),
    index('withdrawals_status_idx').on(table.status, table.id.desc()),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * A shop's money with the store, one entry per event, in minor units of the store's base currency:
 * the only source of its balances (decision 052). A delivered order's earning is pending until the
 * return window closes, then available; a refund's debit follows the earning it takes from.
 */
export const shopLedgerEntries = pgTable(
  'shop_ledger_entries',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: text('kind', { enum: ledgerEntryKinds }).notNull(),
    /** Positive: owed to the shop; negative: taken from it. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ledgerEntryStatuses }).notNull(),
    /** When a pending entry becomes available (the order's return window closes). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    refundId: integer('refund_id').references(() => refunds.id),
    withdrawalId: integer('withdrawal_id').references(() => withdrawals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An order earns once; a refund is debited once and given back once.
    uniqueIndex('shop_ledger_one_earning').on(table.orderId).where(sql`${table.kind} = 'order_earning'`),
    uniqueIndex('shop_ledger_one_entry_per_refund').on(table.kind, table.refundId).where(sql`${table.refundId} is not null`),
    // A withdrawal is held once and released once.
    uniqueIndex('shop_ledger_one_entry_per_withdrawal').on(table.kind, table.withdrawalId).where(sql`${table.withdrawalId} is not null`),
    index('shop_ledger_shop_idx').on(table.shopId, table.id.desc()),
    index('shop_ledger_pending_idx').on(table.availableAt).where(sql`${table.status} = 'pending'`),
    check('shop_ledger_entry_names_its_cause', sql`${table.orderId} is not null or ${table.refundId} is not null or ${table.withdrawalId} is not null`),
  ],
);
