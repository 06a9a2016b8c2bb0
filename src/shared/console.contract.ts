import { z } from 'zod';
import { emailSchema } from './account.contract.ts';
import { auditActions, auditEntityTypes } from './audit-actions.ts';
import { LOCALES } from './constants.ts';
import { optional, pageCursor, pageLimit } from './list-pages.ts';
import { requiredText, text } from './text-fields.ts';

/**
 * What a console user may do. Store staff hold them for every shop; a seller's people hold them
 * for their own shop only (the service applies that scope, never the UI).
 */
export const permissions = [
  'catalogue.read',
  'catalogue.write',
  'shops.review',
  'shop.profile',
  'orders.read',
  'orders.write',
  'customers.read',
  'customers.write',
  'support.read',
  'support.write',
  'vouchers.write',
  /** The store's flash sales; a shop's people with it enrol their own shop's products. */
  'promotions.write',
  'content.write',
  'settings.write',
  'staff.manage',
  'audit.read',
  'earnings.read',
  /** A shop's people ask for their shop's available balance to be paid out (decision 053). */
  'payouts.request',
  /** The store's decisions on withdrawals: approve, mark paid, reject. */
  'payouts.manage',
] as const;
export type Permission = (typeof permissions)[number];

/** The store's built-in staff roles; the owner holds every permission but a shop's own request for payout. */
export const storeRoles = ['owner', 'catalogue_manager', 'order_manager', 'support_agent', 'content_editor'] as const;
export type StoreRole = (typeof storeRoles)[number];

export const storeRolePermissions: Record<StoreRole, readonly Permission[]> = {
  owner: permissions.filter((permission) => permission !== 'payouts.request'),
  catalogue_manager: ['catalogue.read', 'catalogue.write', 'shops.review', 'audit.read'],
  order_manager: ['orders.read', 'orders.write', 'customers.read', 'support.read'],
  support_agent: ['support.read', 'support.write', 'orders.read', 'customers.read'],
  content_editor: ['content.write', 'catalogue.read'],
};

/** Every console role: the store's, and a shop's owner and staff. */
export const consoleRoles = [...storeRoles, 'shop_owner', 'shop_staff'] as const;
export type ConsoleRole = (typeof consoleRoles)[number];

/** What a shop's owner may hand to the shop's staff, one by one. */
export const sellerStaffPermissions = ['catalogue.read', 'catalogue.write', 'orders.read', 'orders.write', 'vouchers.write', 'promotions.write', 'support.read', 'support.write', 'payouts.request'] as const;
export type SellerStaffPermission = (typeof sellerStaffPermissions)[number];

/** A shop's owner holds these for their shop: everything a seller can do there. */
export const shopOwnerPermissions: readonly Permission[] = [...sellerStaffPermissions, 'shop.profile', 'staff.manage', 'audit.read', 'earnings.read'];

/** A shop's life: an applicant's shop waits for the store's approval; only an approved shop sells. */
export const shopStatuses = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ShopStatus = (typeof shopStatuses)[number];

/** `GET /api/console/me`: who is signed in to the console, where they work and what they may do. */
export const consoleMeSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  /** `store`: the store's staff (every shop); `shop`: a seller's owner or staff (their shop only). */
  scope: z.enum(['store', 'shop']),
  /** A store role, or `shop_owner` / `shop_staff`. */
  role: z.enum([...storeRoles, 'shop_owner', 'shop_staff']),
  shop: z.object({ id: z.number().int(), name: z.string(), status: z.enum(shopStatuses) }).nullable(),
  permissions: z.array(z.enum(permissions)),
  /** The store's setting: whether a shop's people moderate the reviews of their shop's products. */
  sellers_moderate_reviews: z.boolean(),
  /** The store's time zone (IANA): flash sales' times are shown and entered in it. */
  time_zone: z.string(),
  /** The store's commission rate in percent: what applies where neither a shop nor a category has its own (decision 052). */
  commission_rate: z.number(),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

/** `PUT /api/console/me/language`: the language the member chose for the console, which the store's mails to them are written in too. */
export const consoleLanguageSchema = z.object({
  locale: z.enum(LOCALES, { error: (issue) => (issue.input === undefined ? 'The locale field is required.' : 'The selected locale is invalid.') }),
});
export type ConsoleLanguage = z.infer<typeof consoleLanguageSchema>;

// ---- Staff (`/api/console/staff`) ----

/** Roles an invitation or a change may give: a store role (the store's staff) or `shop_staff` (a shop owner's staff). */
export const grantableRoles = [...storeRoles, 'shop_staff'] as const;

const roleSchema = z.enum(grantableRoles, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'The role field is required.' : 'The selected role is invalid.'),
});
const permissionListSchema = z.array(z.enum(permissions, 'The selected permissions is invalid.'), 'The permissions must be a list.').max(permissions.length);

/**
 * `POST /api/console/staff`: an invitation to the e-mail's holder (decision 049). `name` is always
 * required, so the answer never tells whether the e-mail has an account: a new account takes it, an
 * existing one keeps its own.
 */
export const staffInviteSchema = z.object({
  email: emailSchema,
  name: requiredText('name', { max: 100 }),
  role: roleSchema,
  /** A shop staff member's permissions, some of `sellerStaffPermissions`. */
  permissions: permissionListSchema.optional(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** `PATCH /api/console/staff/{id}`: a store member's role, or a shop staff member's permissions. */
export const staffChangeSchema = z.object({ role: roleSchema.optional(), permissions: permissionListSchema.optional() });
export type StaffChange = z.infer<typeof staffChangeSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(consoleRoles),
  /** What the member may do (their role's permissions, or a shop staff member's own). */
  permissions: z.array(z.enum(permissions)),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A pending invitation as its sender sees it: only what they typed, whatever the e-mail belongs to. */
export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(consoleRoles),
  permissions: z.array(z.enum(permissions)),
  expires_at: z.string(),
  created_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** `GET /api/console/staff`: the members, and the invitations nobody has answered yet. */
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** `GET /api/console/staff?shop_id=`: the store's staff look at one shop's people; a shop's people always see their own. */
export const staffListQuerySchema = z.object({
  shop_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'The shop id must be a number.' }).int('The shop id must be an integer.').min(1, 'The shop id must be at least 1.').max(2_147_483_647, 'The shop id must not be greater than 2147483647.').optional(),
  ),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

// ---- The invited person's side (`/api/console-invitations`, decision 049) ----

/** An invitation to the signed-in person: where (a shop, or the store itself when `shop` is null) and as what. */
export const consoleInvitationSchema = z.object({
  id: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  role: z.enum(consoleRoles),
  permissions: z.array(z.enum(permissions)),
  expires_at: z.string(),
});
export type ConsoleInvitation = z.infer<typeof consoleInvitationSchema>;
export const consoleInvitationListSchema = z.object({ invitations: z.array(consoleInvitationSchema) });

// ---- Audit log (`GET /api/console/audit-log`) ----

const AUDIT_PAGE_SIZE = 50;
const optionalText = (field: string, max: number) => optional(text(field, { max }));
const optionalTime = (field: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.iso.datetime({ offset: true, error: `The ${field} is not a valid date.` }).optional());

export const auditLogQuerySchema = z.object({
  /** One of the registry's (shared/audit-actions.ts). */
  entity_type: optional(z.enum(auditEntityTypes, { error: 'The selected entity type is invalid.' })),
  entity_id: optionalText('entity id', 100),
  action: optional(z.enum(auditActions, { error: 'The selected action is invalid.' })),
  actor_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'The actor id must be a number.' }).int('The actor id must be an integer.').min(1, 'The actor id must be at least 1.').max(2_147_483_647, 'The actor id must not be greater than 2147483647.').optional(),
  ),
  /** ISO 8601 with a time zone; `from` inclusive, `to` exclusive. */
  from: optionalTime('from'),
  to: optionalTime('to'),
  /** `next_cursor` of the page before. */
  cursor: pageCursor,
  limit: pageLimit(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  shop_id: z.number().int().nullable(),
  /** `name` is null when the account is gone. */
  actor: z.object({ id: z.number().int(), name: z.string().nullable(), role: z.enum(consoleRoles) }),
  /** Each changed field's value before and after; secrets are never kept. */
  changes: z.record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() })),
  client_address: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first; `next_cursor` is null on the last page. No total: counting a large log costs more than the page. */
export const auditLogPageSchema = z.object({ entries: z.array(auditEntrySchema), next_cursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
