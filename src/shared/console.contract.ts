import { z } from 'zod';

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
  'content.write',
  'settings.write',
  'staff.manage',
  'audit.read',
] as const;
export type Permission = (typeof permissions)[number];

/** The store's built-in staff roles; the owner holds every permission. */
export const storeRoles = ['owner', 'catalogue_manager', 'order_manager', 'support_agent', 'content_editor'] as const;
export type StoreRole = (typeof storeRoles)[number];

export const storeRolePermissions: Record<StoreRole, readonly Permission[]> = {
  owner: permissions,
  catalogue_manager: ['catalogue.read', 'catalogue.write', 'shops.review', 'audit.read'],
  order_manager: ['orders.read', 'orders.write', 'customers.read', 'support.read'],
  support_agent: ['support.read', 'support.write', 'orders.read', 'customers.read'],
  content_editor: ['content.write', 'catalogue.read'],
};

/** What a shop's owner may hand to the shop's staff, one by one. */
export const sellerStaffPermissions = ['catalogue.read', 'catalogue.write', 'orders.read', 'orders.write', 'vouchers.write', 'support.read', 'support.write'] as const;
export type SellerStaffPermission = (typeof sellerStaffPermissions)[number];

/** A shop's owner holds these for their shop: everything a seller can do there. */
export const shopOwnerPermissions: readonly Permission[] = [...sellerStaffPermissions, 'shop.profile', 'staff.manage', 'audit.read'];

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
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;
