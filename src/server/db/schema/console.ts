import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { consoleRoles, sellerStaffPermissions, storeRoles } from '../../../shared/console.contract.ts';
import { notificationKinds, type NotificationKind } from '../../../shared/notifications.contract.ts';
import { users } from './accounts.ts';
import { shops } from './catalog.ts';

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Who may use the console (decision 027): one row per person. The store's staff have no shop and a
 * store role; a shop's owner and staff have their shop. `users.role` follows it for the operations
 * API: `admin` for a store owner, `seller` for a shop owner, `customer` for everyone else.
 */
export const consoleMembers = pgTable(
  'console_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    role: text('role', { enum: consoleRoles }).notNull(),
    /** A shop staff member's permissions (some of sellerStaffPermissions); empty for every other role, whose role says it all. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('console_members_shop_idx').on(table.shopId),
    uniqueIndex('console_members_one_owner_per_shop').on(table.shopId).where(sql`${table.role} = 'shop_owner'`),
    check('console_members_store_role_without_shop', sql`(${table.shopId} is null) = (${table.role} in (${quotedList(storeRoles)}))`),
    check(
      'console_members_shop_staff_permissions',
      sql`${table.permissions} <@ array[${quotedList(sellerStaffPermissions)}]::text[] and (${table.role} = 'shop_staff' or cardinality(${table.permissions}) = 0)`,
    ),
  ],
);

/**
 * An invitation to the console (decision 049), by e-mail: whoever holds the address accepts it while
 * signed in (or, with no account yet, by choosing a password through the mailed link, whose token's
 * hash is kept), or declines it. Nothing becomes a membership before that.
 */
export const consoleInvitations = pgTable(
  'console_invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The name a new account takes; an existing account keeps its own. */
    name: text('name').notNull(),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    role: text('role', { enum: consoleRoles }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('console_invitations_email_idx').on(table.email), index('console_invitations_shop_idx').on(table.shopId)],
);

/** What changed in a write: each changed field's value before and after (absent: the record did not exist / no longer does). */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/**
 * Every console write, written in the transaction of the write it records. No foreign keys: the
 * history outlives the accounts, shops and records it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    actorUserId: integer('actor_user_id').notNull(),
    actorRole: text('actor_role', { enum: consoleRoles }).notNull(),
    /** `<entity>.<verb>`, e.g. `staff_invitation.send`, `product.update`. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The shop whose data it is (its sellers see the row); null for the store's own. */
    shopId: integer('shop_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
    clientAddress: text('client_address'),
    requestId: text('request_id'),
  },
  (table) => [
    // The viewer's filters, each read newest first by (created_at, id) for its keyset pages.
    index('audit_log_time_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt.desc(), table.id.desc()),
    index('audit_log_actor_idx').on(table.actorUserId, table.createdAt.desc(), table.id.desc()),
    index('audit_log_action_idx').on(table.action, table.createdAt.desc(), table.id.desc()),
    index('audit_log_shop_idx').on(table.shopId, table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * What a console member is told (decision 034): one row per recipient, written in the transaction of
 * the change it tells of. `data` holds the words of its text as they were then (a shop renamed later
 * keeps its old name here). No foreign key on the record: a notification outlives it.
 */
export const consoleNotifications = pgTable(
  'console_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds as [NotificationKind, ...NotificationKind[]] }).notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    shopId: integer('shop_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // The list, newest first by id, a keyset page at a time; and the unread count and list, which stay small.
    index('console_notifications_user_idx').on(table.userId, table.id.desc()),
    index('console_notifications_unread_idx').on(table.userId, table.id.desc()).where(sql`${table.readAt} is null`),
  ],
);
