import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CUSTOMER_LATEST_ROWS, type ConsoleCustomerDetail } from '../../../shared/customers-console.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { consoleMembers, orders, shops, supportTickets, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { revokeUserTokens } from '../../platform/auth.ts';
import { announceSessionsEnded } from '../live/live-events.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { issueStaffPasswordResetCode } from '../auth/otp.service.ts';
import type { UserRow } from '../auth/session.ts';
import { listAddresses } from './addresses.service.ts';

export const CUSTOMER_NOT_FOUND_MESSAGE = 'Customer not found';
const STAFF_NOT_BLOCKED = 'A member of the console staff cannot be blocked; remove them from the staff first.';

/**
 * What a customer has spent: orders paid (online, or cash marked paid) or delivered, never a
 * cancelled one, summed in minor units.
 */
const counted = and(ne(orders.status, 'cancelled'), or(eq(orders.paymentStatus, 'paid'), eq(orders.status, 'delivered')));

const isStaff = async (db: Db, userId: number) => (await db.select({ userId: consoleMembers.userId }).from(consoleMembers).where(eq(consoleMembers.userId, userId))).length > 0;

/** `GET /api/console/customers/{id}`: the account, its latest orders and tickets, its addresses and what it has spent. */
export async function readCustomer(db: Db, id: number): Promise<ConsoleCustomerDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE);
  const [[spent], latestOrders, addresses, tickets, staff] = await Promise.all([
    db
      .select({ total: sql<string>`coalesce(sum(${orders.payableAmount}) filter (where ${counted}), 0)`, orders: count() })
      .from(orders)
      .where(eq(orders.userId, id)),
    db
      .select({ order: orders, shopName: shops.name })
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_LATEST_ROWS),
    listAddresses(db, id),
    db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, id))
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(CUSTOMER_LATEST_ROWS),
    isStaff(db, id),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_code: user.phoneCode,
    phone: user.phone,
    country: user.country,
    is_verified: user.verifiedAt !== null,
    is_staff: staff,
    created_at: user.createdAt.toISOString(),
    blocked: user.blockedAt ? { at: user.blockedAt.toISOString(), reason: user.blockedReason ?? '' } : null,
    total_spent: toAmount(Number(spent!.total)),
    order_count: spent!.orders,
    orders: latestOrders.map(({ order, shopName }) => ({
      id: order.id,
      order_number: order.orderNumber,
      shop: { id: order.shopId, name: shopName },
      status: order.status,
      payment_status: order.paymentStatus,
      payable_amount: toAmount(order.payableAmount),
      created_at: order.createdAt.toISOString(),
    })),
    addresses,
    tickets: tickets.map((ticket) => ({ id: ticket.id, ticket_no: ticket.ticketNo, subject: ticket.subject, status: ticket.status, created_at: ticket.createdAt.toISOString() })),
  };
}

/** The account under its lock, for a change of its blocked state. */
async function lockedCustomer(tx: Db, id: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE);
  return user;
}

/**
 * `POST /api/console/customers/{id}/block`: the account can no longer sign in or order, and every
 * session it has (cookie or bearer) ends in the same transaction; its open live streams end at once.
 */
export async function blockCustomer(app: FastifyInstance, id: number, reason: string, audit: AuditContext): Promise<ConsoleCustomerDetail> {
  const { db } = app.database;
  await db.transaction(async (tx) => {
    const user = await lockedCustomer(tx, id);
    if (user.blockedAt) throw conflict('This customer is already blocked.');
    if (await isStaff(tx, id)) throw validationFailed({ reason: [STAFF_NOT_BLOCKED] });
    await tx.update(users).set({ blockedAt: audit.now, blockedReason: reason }).where(eq(users.id, id));
    await revokeUserTokens(tx, id, app.clock);
    await recordAudit(tx, audit, { action: 'customer.block', entityType: 'customer', entityId: id, shopId: null, before: { blocked: false }, after: { blocked: true, reason } });
  });
  await announceSessionsEnded({ events: app.events, log: app.log }, id);
  return readCustomer(db, id);
}

/** `POST /api/console/customers/{id}/unblock`: the account signs in and orders again (its ended sessions stay ended). */
export async function unblockCustomer(app: FastifyInstance, id: number, reason: string, audit: AuditContext): Promise<ConsoleCustomerDetail> {
  const { db } = app.database;
  await db.transaction(async (tx) => {
    const user = await lockedCustomer(tx, id);
    if (!user.blockedAt) throw conflict('This customer is not blocked.');
    await tx.update(users).set({ blockedAt: null, blockedReason: null }).where(eq(users.id, id));
    await recordAudit(tx, audit, {
      action: 'customer.unblock',
      entityType: 'customer',
      entityId: id,
      shopId: null,
      before: { blocked: true, reason: user.blockedReason },
      after: { blocked: false, reason },
    });
  });
  return readCustomer(db, id);
}

/**
 * `POST /api/console/customers/{id}/password-reset`: a forgot-password code to the customer, as if
 * they had asked for it. The code is neither answered nor logged nor audited; only where it went.
 */
export async function sendCustomerPasswordReset(app: FastifyInstance, id: number, audit: AuditContext): Promise<{ sent_to: string }> {
  const issued = await app.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE);
    if (user.blockedAt) throw conflict('This customer is blocked; unblock them first.');
    const code = await issueStaffPasswordResetCode(app, tx, user);
    if (!code) throw validationFailed({ customer: ['This customer has no e-mail address or phone number to send a code to.'] });
    await recordAudit(tx, audit, { action: 'customer.send_password_reset', entityType: 'customer', entityId: id, shopId: null, before: null, after: { sent_to: code.sentTo } });
    return code;
  });
  issued.deliver();
  return { sent_to: issued.sentTo };
}

