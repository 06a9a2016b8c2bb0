import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  shopOwnerPermissions,
  storeRolePermissions,
  storeRoles,
  type ConsoleRole,
  type Permission,
  type SellerStaffPermission,
  type ShopStatus,
  type StoreRole,
} from '../../shared/console.contract.ts';
import type { Db } from '../db/client.ts';
import { consoleMembers, shops, users } from '../db/schema.ts';
import { authenticate, currentUser } from './auth.ts';
import { forbidden, validationFailed } from './errors.ts';

export const NOT_ALLOWED_MESSAGE = 'This action is unauthorized.';

/** What a console route declares in `config.permission`: a permission, or `member` for what every console user may open (`GET /api/console/me`). */
export const ANY_MEMBER = 'member';
export type RoutePermission = Permission | typeof ANY_MEMBER;

/** Who is signed in to the console, where they work and what they may do there now. */
export interface ConsoleIdentity {
  userId: number;
  name: string;
  email: string | null;
  scope: 'store' | 'shop';
  role: ConsoleRole;
  shop: { id: number; name: string; status: ShopStatus } | null;
  /** Their role's permissions (a shop staff member's own), narrowed by their shop's status. */
  permissions: readonly Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console's access check before a `/api/console` handler runs. */
    consoleIdentity?: ConsoleIdentity;
  }
  interface FastifyContextConfig {
    /** Every `/api/console` route names what it needs; the check runs centrally (`guardConsoleRoutes`). */
    permission?: RoutePermission;
    /**
     * The store's own records (the taxonomy every shop sells under): only the store's staff holding
     * the permission may call it; a shop's people, whatever they hold, get a 403.
     */
    storeOnly?: boolean;
  }
}

export const isStoreRole = (role: string): role is StoreRole => (storeRoles as readonly string[]).includes(role);

/** The store's roles that hold the permission. */
export const storeRolesHolding = (permission: Permission) => storeRoles.filter((role) => storeRolePermissions[role].includes(permission));

/**
 * With the member's shop joined as `shops`: a shop's member holding the permission there (its owner,
 * or staff granted it) while the shop is in one of `statuses`.
 */
export const shopMemberHolding = (permission: SellerStaffPermission, statuses: readonly ShopStatus[]) =>
  and(inArray(shops.status, [...statuses]), or(eq(consoleMembers.role, 'shop_owner'), sql`${permission} = any(${consoleMembers.permissions})`));

/**
 * A shop that is not approved keeps its people to little (decision 027): pending or rejected, only
 * its profile (to complete it and apply again); suspended, only reading (orders already placed still
 * need looking after, but nothing changes).
 */
function allowedByShopStatus(status: ShopStatus, permission: Permission): boolean {
  if (status === 'approved') return true;
  if (status === 'suspended') return permission.endsWith('.read');
  return permission === 'shop.profile';
}

/** What `users.role` says for the operations API (`/api/admin`): admin for a store owner, seller for a shop owner, customer for the rest. */
export const operationsRole = (role: ConsoleRole | null): 'admin' | 'seller' | 'customer' => (role === 'owner' ? 'admin' : role === 'shop_owner' ? 'seller' : 'customer');

/** The permissions a member's role and grants give, before their shop's status narrows them. */
export function rolePermissions(role: ConsoleRole, granted: readonly string[]): readonly Permission[] {
  if (isStoreRole(role)) return storeRolePermissions[role];
  if (role === 'shop_owner') return shopOwnerPermissions;
  return granted as Permission[];
}

/** The signed-in user's console identity, or null for someone who is not a console member (a shopper). */
export async function resolveConsoleIdentity(db: Db, userId: number): Promise<ConsoleIdentity | null> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      role: consoleMembers.role,
      granted: consoleMembers.permissions,
      shopId: shops.id,
      shopName: shops.name,
      shopStatus: shops.status,
    })
    .from(consoleMembers)
    .innerJoin(users, eq(users.id, consoleMembers.userId))
    .leftJoin(shops, eq(shops.id, consoleMembers.shopId))
    .where(eq(consoleMembers.userId, userId));
  if (!row) return null;
  const shop = row.shopId === null ? null : { id: row.shopId, name: row.shopName!, status: row.shopStatus! };
  const permissions = rolePermissions(row.role, row.granted).filter((permission) => !shop || allowedByShopStatus(shop.status, permission));
  return { userId, name: row.name, email: row.email, scope: shop ? 'shop' : 'store', role: row.role, shop, permissions };
}

/**
 * preValidation of a console route: no session is a 401; a shopper, a member without `permission`,
 * or a shop's member on a `storeOnly` route, a 403.
 */
export function requireConsoleAccess(permission: RoutePermission, { storeOnly = false } = {}) {
  return async function consoleAccess(request: FastifyRequest) {
    await authenticate(request);
    const identity = await resolveConsoleIdentity(request.server.database.db, currentUser(request).id);
    if (!identity || (permission !== ANY_MEMBER && !identity.permissions.includes(permission))) throw forbidden(NOT_ALLOWED_MESSAGE);
    if (storeOnly && identity.scope !== 'store') throw forbidden(NOT_ALLOWED_MESSAGE);
    request.consoleIdentity = identity;
  };
}

export const CONSOLE_PATH = '/api/console/';

/**
 * For the routes under `/api/console/`: a route that declares no `config.permission` is refused at
 * start; every other one gets the access check before anything else of its own.
 */
export function guardConsoleRoutes(api: FastifyInstance) {
  api.addHook('onRoute', (route) => {
    if (!route.url.startsWith(CONSOLE_PATH)) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`${route.method.toString()} ${route.url} declares no config.permission (decision 027)`);
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [requireConsoleAccess(permission, { storeOnly: route.config?.storeOnly === true }), ...own];
  });
}

/** The identity the access check resolved for this request. */
export function consoleIdentity(request: FastifyRequest): ConsoleIdentity {
  if (!request.consoleIdentity) throw forbidden(NOT_ALLOWED_MESSAGE);
  return request.consoleIdentity;
}

/**
 * The seller scope services apply: null for the store's staff (every shop), else the member's shop.
 * A record of another shop is then simply not found (404), never a 403 that would confirm it exists.
 */
export const shopScope = (identity: ConsoleIdentity): number | null => identity.shop?.id ?? null;

/**
 * The shop a new record of a shop's goes to: a seller's people's own (`ownShop`, naming another is
 * refused); the store's staff name an existing one. Field errors under `shop_id` otherwise.
 */
export async function shopForNewRecord(db: Db, ownShop: number | null, requested: number | undefined): Promise<number> {
  if (ownShop !== null) {
    if (requested !== undefined && requested !== ownShop) throw validationFailed({ shop_id: ['The selected shop id is invalid.'] });
    return ownShop;
  }
  if (requested === undefined) throw validationFailed({ shop_id: ['The shop id field is required.'] });
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, requested));
  if (!shop) throw validationFailed({ shop_id: ['The selected shop id is invalid.'] });
  return requested;
}
