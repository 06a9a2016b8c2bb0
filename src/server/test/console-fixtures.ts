import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ConsoleRole, Permission, SellerStaffPermission } from '../../shared/console.contract.ts';
import type { NotificationKind } from '../../shared/notifications.contract.ts';
import { consoleInvitations, consoleMembers, consoleNotifications } from '../db/schema.ts';
import { DEMO_CONSOLE_MEMBERS } from '../seed/accounts.seed.ts';
import { operationsRole, storeRolesHolding } from '../platform/console-access.ts';
import { newToken, sha256 } from '../platform/secrets.ts';
import { createCustomer } from './account-fixtures.ts';
import { addShop } from './commerce-fixtures.ts';
import { signInStaff } from './staff-fixtures.ts';

/** The `Authorization` header of the seeded console member of `role`, signed in through the API. */
export const signInConsoleMember = (app: FastifyInstance, role: ConsoleRole) => signInStaff(app, DEMO_CONSOLE_MEMBERS.find((member) => member.role === role)!);

/** A new signed-in console member: the store's (no `shopId`) or a shop's, as a test needs one to act on. */
export async function addConsoleMember(app: FastifyInstance, role: ConsoleRole, { shopId = null, permissions = [] }: { shopId?: number | null; permissions?: SellerStaffPermission[] } = {}) {
  const member = await createCustomer(app, { role: operationsRole(role), shopId: role === 'shop_owner' ? shopId : null });
  await app.database.db.insert(consoleMembers).values({ userId: member.user.id, shopId, role, permissions });
  return member;
}

/** An open invitation to the store's console (no `shopId`) or a shop's, as the invite would write it; answers its id. */
export async function addInvitation(app: FastifyInstance, { shopId = null, email = `invited-${newToken().slice(0, 8).toLowerCase()}@example.test` }: { shopId?: number | null; email?: string } = {}) {
  const now = app.clock.now();
  const [row] = await app.database.db
    .insert(consoleInvitations)
    .values({
      email,
      name: 'Invited Person',
      shopId,
      role: shopId === null ? 'content_editor' : 'shop_staff',
      permissions: shopId === null ? [] : ['orders.read'],
      tokenHash: sha256(newToken()),
      invitedBy: 1,
      expiresAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
    })
    .returning({ id: consoleInvitations.id });
  return row!.id;
}

/** A second shop with its owner signed in. */
export async function addShopWithOwner(app: FastifyInstance) {
  const shop = await addShop(app.database.db);
  const owner = await addConsoleMember(app, 'shop_owner', { shopId: shop.id });
  return { shop, owner };
}

/** A low-stock notification for the user, as the stock move would write it; answers its id. */
export async function addNotification(app: FastifyInstance, userId: number, { readAt = null }: { readAt?: Date | null } = {}) {
  const [row] = await app.database.db
    .insert(consoleNotifications)
    .values({ userId, kind: 'low_stock', entityType: 'product', entityId: 1, shopId: null, data: { product: 'Matrix Product', sku: 'MATRIX-1', stock: 3 }, createdAt: new Date(), readAt })
    .returning({ id: consoleNotifications.id });
  return row!.id;
}

/** The user id behind a session's `Authorization` header. */
export async function userIdOf(app: FastifyInstance, authorization: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/profile', headers: { authorization } });
  return response.json<{ data: { user: { id: number } } }>().data.user.id;
}

/** Who works on orders in an order test: the store's order manager, and two new shops with their owners signed in. */
export async function orderDesk(app: FastifyInstance) {
  const manager = await signInConsoleMember(app, 'order_manager');
  const own = await addShopWithOwner(app);
  const other = await addShopWithOwner(app);
  return {
    manager,
    shop: { id: own.shop.id, owner: own.owner.authorization, ownerId: own.owner.user.id },
    otherShop: { id: other.shop.id, owner: other.owner.authorization },
  };
}

/** The users told of this kind about this record, in id order. */
export async function notifiedUsers(app: FastifyInstance, kind: NotificationKind, entityId: number) {
  const rows = await app.database.db
    .select({ userId: consoleNotifications.userId })
    .from(consoleNotifications)
    .where(and(eq(consoleNotifications.kind, kind), eq(consoleNotifications.entityId, entityId)))
    .orderBy(asc(consoleNotifications.userId));
  return rows.map((row) => row.userId);
}

/** The store's staff whose role holds the permission, in id order. */
export async function storeStaffHolding(app: FastifyInstance, permission: Permission) {
  const rows = await app.database.db
    .select({ userId: consoleMembers.userId })
    .from(consoleMembers)
    .where(inArray(consoleMembers.role, storeRolesHolding(permission)))
    .orderBy(asc(consoleMembers.userId));
  return rows.map((row) => row.userId);
}
