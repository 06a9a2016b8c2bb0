import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/constants.ts';
import { ticketIssueTypes, ticketStatuses } from '../../../shared/support-tickets.ts';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/** A shopper's support ticket, optionally about one of their orders. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    /** 'TCK-' + 10 random base32 characters: what the shopper sees and the URL carries, never guessable. */
    ticketNo: text('ticket_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    issueType: text('issue_type', { enum: ticketIssueTypes }).notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('open'),
    /** The console member answering it; null while nobody has taken it (or their account is gone). */
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message or status change: the staff queue shows the longest-waiting tickets first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The language the shopper opened it in: the store's replies are mailed in it. */
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
  },
  (table) => [
    index('support_tickets_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('support_tickets_status_updated_idx').on(table.status, table.updatedAt),
    index('support_tickets_order_idx').on(table.orderId),
    // The console's queue: most recently active first, a keyset page at a time, also per assignee.
    index('support_tickets_updated_idx').on(table.updatedAt.desc(), table.id.desc()),
    index('support_tickets_assignee_updated_idx').on(table.assignedUserId, table.updatedAt.desc(), table.id.desc()),
    // The queue's search by part of the subject (`ilike '%…%'`).
    index('support_tickets_subject_trgm_idx').using('gin', sql`${table.subject} gin_trgm_ops`),
  ],
);

/** The conversation of a ticket: the shopper's messages and the store's replies, plain text. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** Who wrote it: the shopper, an admin or the order's seller; a removed staff account leaves its replies. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    isStaff: boolean('is_staff').notNull().default(false),
    /** As written, never HTML: every reader escapes it. */
    body: text('body').notNull(),
    /** Addresses of re-encoded uploads (`/media/uploads/tickets/...`). */
    attachments: jsonb('attachments').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt, table.id),
    check('ticket_messages_body_not_blank', sql`length(trim(${table.body})) > 0`),
  ],
);
