import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Permission, SellerStaffPermission, ShopStatus } from '../../../shared/console.contract.ts';
import type { ConsoleNotification, NotificationData, NotificationKind, NotificationListQuery, NotificationPage, NotificationUpdate } from '../../../shared/notifications.contract.ts';
import type { Db } from '../../db/client.ts';
import { consoleMembers, consoleNotifications, orders, products, productVariants, shops } from '../../db/schema.ts';
import { shopMemberHolding, storeRolesHolding } from '../../platform/console-access.ts';
import { notFound } from '../../platform/errors.ts';
import type { StockLevel } from '../inventory/inventory.service.ts';
import { publishLiveEvent, type LiveEventDependencies } from '../live/live-events.ts';
import { readLowStockThreshold } from '../settings/settings.service.ts';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';

export type NotificationRow = typeof consoleNotifications.$inferSelect;

/** A shop whose people see its records: a pending shop's people do not (decision 027). */
const TRADING_SHOP_STATUSES: readonly ShopStatus[] = ['approved', 'suspended'];

/** What one notification tells, before it is written once per recipient. */
interface Notice<Kind extends NotificationKind> {
  kind: Kind;
  entityType: string;
  entityId: number;
  shopId: number | null;
  data: NotificationData<Kind>;
}

/** The store's staff whose role holds the permission. */
async function storeStaffHolding(tx: Db, permission: Permission): Promise<number[]> {
  const rows = await tx.select({ userId: consoleMembers.userId }).from(consoleMembers).where(inArray(consoleMembers.role, storeRolesHolding(permission)));
  return rows.map((row) => row.userId);
}

/** A member of the shop `shops` names (joined by the caller) who holds the permission there while it trades. */
const shopPersonHolding = (permission: SellerStaffPermission) => shopMemberHolding(permission, TRADING_SHOP_STATUSES);

/**
 * The people of these shops who hold the permission: the owner, and staff granted it. A shop that is
 * not (or no longer) trading is left out: its people no longer see the catalogue (decision 027).
 */
async function shopPeopleHolding(tx: Db, shopIds: readonly number[], permission: SellerStaffPermission) {
  if (shopIds.length === 0) return [];
  return tx
    .select({ userId: consoleMembers.userId, shopId: consoleMembers.shopId })
    .from(consoleMembers)
    .innerJoin(shops, eq(shops.id, consoleMembers.shopId))
    .where(and(inArray(consoleMembers.shopId, [...shopIds]), shopPersonHolding(permission)));
}

async function write(tx: Db, notices: ReadonlyArray<{ recipients: readonly number[]; notice: Notice<NotificationKind> }>, now: Date): Promise<NotificationRow[]> {
  const rows = notices.flatMap(({ recipients, notice }) => [...new Set(recipients)].map((userId) => ({ ...notice, userId, createdAt: now })));
  if (rows.length === 0) return [];
  return tx.insert(consoleNotifications).values(rows).returning();
}

/** A shop applied (or applied again): the store's staff who review shops are told, in the application's transaction. */
export async function notifySellerApplication(tx: Db, shop: { id: number; name: string }, now: Date) {
  const notice: Notice<'seller_application'> = { kind: 'seller_application', entityType: 'shop', entityId: shop.id, shopId: shop.id, data: { shop: shop.name } };
  return write(tx, [{ recipients: await storeStaffHolding(tx, 'shops.review'), notice }], now);
}

/** A product waits for the store's approval: the store's catalogue staff are told, in the submission's transaction. */
export async function notifyProductAwaitingApproval(tx: Db, productId: number, now: Date) {
  const [product] = await tx
    .select({ name: products.name, shopId: products.shopId, shop: shops.name })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(products.id, productId));
  if (!product) return [];
  const notice: Notice<'product_awaiting_approval'> = {
    kind: 'product_awaiting_approval',
    entityType: 'product',
    entityId: productId,
    shopId: product.shopId,
    data: { product: product.name, shop: product.shop },
  };
  return write(tx, [{ recipients: await storeStaffHolding(tx, 'catalogue.write'), notice }], now);
}

/**
 * Variants of a stock move that went from above the threshold to at or below it: the shop's people
 * who read the catalogue and the store's catalogue staff are told, once per crossing (a further sale
 * below it is no crossing; a restock above it and a new drop is), in the move's transaction.
 */
export async function notifyLowStock(tx: Db, levels: readonly StockLevel[], now: Date) {
  if (!levels.some((level) => level.change < 0)) return [];
  const threshold = await readLowStockThreshold(tx);
  const crossed = levels.filter((level) => level.isActive && level.stock <= threshold && level.stock - level.change > threshold);
  if (crossed.length === 0) return [];
  const variants = await tx
    .select({ id: productVariants.id, sku: productVariants.sku, productId: products.id, product: products.name, shopId: products.shopId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      inArray(
        productVariants.id,
        crossed.map((level) => level.variantId),
      ),
    );
  const storeStaff = await storeStaffHolding(tx, 'catalogue.write');
  const shopPeople = await shopPeopleHolding(tx, [...new Set(variants.map((variant) => variant.shopId))], 'catalogue.read');
  const stockOf = new Map(crossed.map((level) => [level.variantId, level.stock]));
  return write(
    tx,
    variants.map((variant) => ({
      recipients: [...shopPeople.filter((person) => person.shopId === variant.shopId).map((person) => person.userId), ...storeStaff],
      notice: {
        kind: 'low_stock',
        entityType: 'product',
        entityId: variant.productId,
        shopId: variant.shopId,
        data: { product: variant.product, sku: variant.sku, stock: stockOf.get(variant.id)! },
      } satisfies Notice<'low_stock'>,
    })),
    now,
  );
}

/** A shopper asked to return some of an order: the store's order staff and the order's shop's people who handle orders are told, in the request's transaction. */
export async function notifyReturnRequested(tx: Db, request: { returnId: number; orderNumber: string; shopId: number; shop: string }, now: Date) {
  const notice: Notice<'return_requested'> = {
    kind: 'return_requested',
    entityType: 'return',
    entityId: request.returnId,
    shopId: request.shopId,
    data: { order_number: request.orderNumber, shop: request.shop },
  };
  const shopPeople = await shopPeopleHolding(tx, [request.shopId], 'orders.write');
  return write(tx, [{ recipients: [...(await storeStaffHolding(tx, 'orders.write')), ...shopPeople.map((person) => person.userId)], notice }], now);
}

/**
 * Orders placed, whose online payment failed, or whose card refund failed at the gateway: the
 * store's staff who move orders and each order's shop's people who read its orders are told. One statement finds every order's recipients and one
 * writes them all, whatever the number of orders and people, so a placement stays fast.
 */
export async function notifyOrders(tx: Db, kind: 'new_order' | 'payment_failed' | 'refund_failed', which: SQL, now: Date) {
  const rows = await tx
    .select({ userId: consoleMembers.userId, orderId: orders.id, orderNumber: orders.orderNumber, shopId: orders.shopId, shop: shops.name })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(
      consoleMembers,
      or(inArray(consoleMembers.role, storeRolesHolding('orders.write')), and(eq(consoleMembers.shopId, orders.shopId), shopPersonHolding('orders.read'))),
    )
    .where(which);
  return write(
    tx,
    rows.map((row) => ({
      recipients: [row.userId],
      notice: { kind, entityType: 'order', entityId: row.orderId, shopId: row.shopId, data: { order_number: row.orderNumber, shop: row.shop } } satisfies Notice<typeof kind>,
    })),
    now,
  );
}

/**
 * A withdrawal's step (decision 053): a request is told to the store's staff who decide withdrawals;
 * its payment or rejection to the shop's owner. In the step's transaction.
 */
export async function notifyWithdrawal(
  tx: Db,
  withdrawal: { id: number; shopId: number; shop: string; amount: number },
  kind: 'withdrawal_requested' | 'withdrawal_paid' | 'withdrawal_rejected',
  now: Date,
) {
  const notice: Notice<typeof kind> = { kind, entityType: 'withdrawal', entityId: withdrawal.id, shopId: withdrawal.shopId, data: { shop: withdrawal.shop, amount: withdrawal.amount } };
  const recipients =
    kind === 'withdrawal_requested'
      ? await storeStaffHolding(tx, 'payouts.manage')
      : (
          await tx
            .select({ userId: consoleMembers.userId })
            .from(consoleMembers)
            .where(and(eq(consoleMembers.shopId, withdrawal.shopId), eq(consoleMembers.role, 'shop_owner')))
        ).map((row) => row.userId);
  return write(tx, [{ recipients, notice }], now);
}

type NotifiedTicket = { id: number; ticketNo: string; subject: string; shopId: number | null };

/** What a ticket's notices tell: its number and subject, about the ticket and the shop of its order. */
const ticketNotice = (kind: 'ticket_message' | 'ticket_assigned', ticket: NotifiedTicket): Notice<NotificationKind> => ({
  kind,
  entityType: 'ticket',
  entityId: ticket.id,
  shopId: ticket.shopId,
  data: { ticket_no: ticket.ticketNo, subject: ticket.subject },
});

/**
 * A shopper wrote on a ticket (a new one, or a reply): the console member it is assigned to, or,
 * while nobody has it, the store's staff who answer tickets and those of the shop of its order.
 */
export async function notifyTicketMessage(tx: Db, ticket: NotifiedTicket & { assignedUserId: number | null }, now: Date) {
  const recipients =
    ticket.assignedUserId !== null
      ? [ticket.assignedUserId]
      : [
          ...(await storeStaffHolding(tx, 'support.write')),
          ...(ticket.shopId === null ? [] : await shopPeopleHolding(tx, [ticket.shopId], 'support.write')).map((person) => person.userId),
        ];
  return write(tx, [{ recipients, notice: ticketNotice('ticket_message', ticket) }], now);
}

/** A ticket was given to a console member by someone else: they are told, in the assignment's transaction. */
export async function notifyTicketAssigned(tx: Db, ticket: NotifiedTicket, assigneeId: number, now: Date) {
  return write(tx, [{ recipients: [assigneeId], notice: ticketNotice('ticket_assigned', ticket) }], now);
}

const present = (row: NotificationRow) =>
  ({
    id: row.id,
    kind: row.kind,
    entity_type: row.entityType,
    entity_id: row.entityId,
    shop_id: row.shopId,
    data: row.data,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }) as ConsoleNotification;

async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: consoleNotifications.userId, unread: count() })
    .from(consoleNotifications)
    .where(and(inArray(consoleNotifications.userId, [...userIds]), isNull(consoleNotifications.readAt)))
    .groupBy(consoleNotifications.userId);
  return new Map(rows.map((row) => [row.userId, row.unread]));
}

/**
 * Once the change that wrote them has committed: each recipient's open consoles get their
 * notification (`console.notification`) with their unread count. The notifications are saved, so
 * a failure here is logged, not the change's: the console shows them on its next load.
 */
export async function publishNotifications(dependencies: LiveEventDependencies & { db: Db }, written: readonly NotificationRow[]) {
  if (written.length === 0) return;
  try {
    const unread = await unreadCounts(dependencies.db, [...new Set(written.map((row) => row.userId))]);
    for (const row of written) {
      await publishLiveEvent(dependencies, row.userId, 'console.notification', { notification: present(row), unread_count: unread.get(row.userId) ?? 0 });
    }
  } catch (error) {
    dependencies.log.error({ err: error }, 'console notifications not published');
  }
}

/** `GET /api/console/notifications`: the caller's own, newest first, a keyset page at a time, with their unread count. */
export async function listNotifications(db: Db, userId: number, query: NotificationListQuery): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(consoleNotifications)
    .where(
      and(
        eq(consoleNotifications.userId, userId),
        query.unread === 'true' ? isNull(consoleNotifications.readAt) : undefined,
        query.cursor === undefined ? undefined : lt(consoleNotifications.id, Number(query.cursor)),
      ),
    )
    .orderBy(desc(consoleNotifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map(present),
    next_cursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    unread_count: (await unreadCounts(db, [userId])).get(userId) ?? 0,
  };
}

/** `POST /api/console/notifications/{id}/read`: only the caller's own; anyone else's is not found. */
export async function markNotificationRead(db: Db, userId: number, id: number, now: Date): Promise<NotificationUpdate> {
  const [row] = await db
    .update(consoleNotifications)
    .set({ readAt: sql`coalesce(${consoleNotifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(consoleNotifications.id, id), eq(consoleNotifications.userId, userId)))
    .returning();
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
  return { notification: present(row), unread_count: (await unreadCounts(db, [userId])).get(userId) ?? 0 };
}

/** `POST /api/console/notifications/read-all`. */
export async function markAllNotificationsRead(db: Db, userId: number, now: Date) {
  await db
    .update(consoleNotifications)
    .set({ readAt: now })
    .where(and(eq(consoleNotifications.userId, userId), isNull(consoleNotifications.readAt)));
  return { unread_count: 0 };
}
