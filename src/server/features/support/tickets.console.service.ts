import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { auditVerbs } from '../../../shared/audit-actions.ts';
import { TAB_COUNT_EXACT_BELOW } from '../../../shared/list-pages.ts';
import { ticketStatuses, type TicketStatus } from '../../../shared/support-tickets.ts';
import type { ConsoleTicket, ConsoleTicketPage, TicketAssignInput, TicketConsoleListQuery, TicketPerson, TicketStatusCounts } from '../../../shared/tickets-console.contract.ts';
import type { TicketReplyInput } from '../../../shared/support.contract.ts';
import type { Db } from '../../db/client.ts';
import { consoleMembers, orders, shops, supportTickets, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopMemberHolding, shopScope, storeRolesHolding, type ConsoleIdentity } from '../../platform/console-access.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/image-uploads.ts';
import { afterPosition, cappedCountsOf, isRecordId, isTimeKey, keysetPage, likeEscaped, microsecondKey, readCursor } from '../../platform/keyset-pages.ts';
import { publishTicketStatusChanged } from '../live/live-events.ts';
import { notifyTicketAssigned, publishNotifications } from '../notifications/notifications.service.ts';
import { replyAsStore } from './staff-tickets.service.ts';
import { presentTicket, readThread, ticketColumns } from './tickets.service.ts';

export const TICKET_NOT_FOUND_MESSAGE = 'Ticket not found';
export const TICKET_ALREADY_CLOSED_MESSAGE = 'This ticket is already closed.';
export const TICKET_NOT_CLOSED_MESSAGE = 'This ticket is not closed.';
export const NOT_AN_ASSIGNEE_MESSAGE = 'The selected user cannot answer this ticket.';

const customers = alias(users, 'customers');
const assignees = alias(users, 'assignees');

const updatedKey = microsecondKey(supportTickets.updatedAt);

/** Tickets with their order's shop, the shopper who asked and whoever has it, as the console shows them. */
const selectConsoleTickets = (db: Db) =>
  db
    .select({ ...ticketColumns, shopName: shops.name, customerName: customers.name, customerEmail: customers.email, assigneeName: assignees.name, updatedKey })
    .from(supportTickets)
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))
    .leftJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(customers, eq(customers.id, supportTickets.userId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assignedUserId));

type ConsoleTicketRecord = Awaited<ReturnType<typeof selectConsoleTickets>>[number];

const presentRow = (row: ConsoleTicketRecord) => ({
  ...presentTicket(row),
  customer: { id: row.userId, name: row.customerName, email: row.customerEmail },
  shop: row.shopId === null ? null : { id: row.shopId, name: row.shopName! },
  assignee: row.assignedUserId === null ? null : { id: row.assignedUserId, name: row.assigneeName! },
});

/** A seller's people see the tickets about their own shop's orders only; the store's staff every ticket. */
function scopeOf(identity: ConsoleIdentity): SQL | undefined {
  const ownShop = shopScope(identity);
  return ownShop === null ? undefined : eq(orders.shopId, ownShop);
}

function assigneeCondition(identity: ConsoleIdentity, assignee: TicketConsoleListQuery['assignee']): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return isNull(supportTickets.assignedUserId);
  return eq(supportTickets.assignedUserId, assignee === 'me' ? identity.userId : assignee);
}

/** A ticket number is matched exactly (its unique index); anything else is part of the subject. */
const searchCondition = (search: string): SQL =>
  /^tck-/i.test(search) ? eq(supportTickets.ticketNo, search.toUpperCase()) : ilike(supportTickets.subject, `%${likeEscaped(search)}%`);

/** Every filter but the status (the tabs count each status under the others). */
function filtersOf(identity: ConsoleIdentity, query: TicketConsoleListQuery): SQL | undefined {
  // A seller's people see their own shop whatever shop they name.
  const shopId = shopScope(identity) ?? query.shop_id;
  return and(
    shopId === undefined ? undefined : eq(orders.shopId, shopId),
    query.issue_type === undefined ? undefined : eq(supportTickets.issueType, query.issue_type),
    assigneeCondition(identity, query.assignee),
    query.search ? searchCondition(query.search) : undefined,
  );
}

/** Each status's tickets under the queue's other filters, exact below `TAB_COUNT_EXACT_BELOW`. */
const statusCounts = (db: Db, filters: SQL | undefined): Promise<TicketStatusCounts> =>
  cappedCountsOf(
    db,
    ticketStatuses,
    (status) => db.select({ one: sql`1` }).from(supportTickets).leftJoin(orders, eq(orders.id, supportTickets.orderId)).where(and(filters, eq(supportTickets.status, status))),
    TAB_COUNT_EXACT_BELOW,
  );

/** `GET /api/console/tickets`: the most recently active first, a keyset page at a time on `(updated_at, id)`, with the status tabs' counts. */
export async function listConsoleTickets(db: Db, identity: ConsoleIdentity, query: TicketConsoleListQuery): Promise<ConsoleTicketPage> {
  const filters = filtersOf(identity, query);
  const after = readCursor<[updatedAt: string, id: number]>(query.cursor, isTimeKey, isRecordId);
  const [rows, counts] = await Promise.all([
    selectConsoleTickets(db)
      .where(
        and(
          filters,
          query.status === undefined ? undefined : eq(supportTickets.status, query.status),
          after && afterPosition('desc', [supportTickets.updatedAt, supportTickets.id], [sql`${after[0]}::timestamptz`, after[1]]),
        ),
      )
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(query.limit + 1),
    statusCounts(db, filters),
  ]);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.updatedKey, row.id]);
  return {
    tickets: page.map(presentRow),
    next_cursor,
    counts,
  };
}

async function findConsoleTicket(db: Db, identity: ConsoleIdentity, ticketId: number): Promise<ConsoleTicketRecord> {
  const [row] = await selectConsoleTickets(db).where(and(eq(supportTickets.id, ticketId), scopeOf(identity)));
  if (!row) throw notFound(TICKET_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Whom the caller may give the ticket to: people who may answer it. The store's staff give it to the
 * store's support staff or to the people of the shop of its order who answer tickets; a seller's
 * people to their own shop's. A suspended shop answers nothing (decision 027).
 */
async function assignableTo(db: Db, identity: ConsoleIdentity, ticketShopId: number | null): Promise<TicketPerson[]> {
  const storeStaff = identity.scope === 'store' ? inArray(consoleMembers.role, storeRolesHolding('support.write')) : undefined;
  const shopPeople = ticketShopId === null ? undefined : and(eq(consoleMembers.shopId, ticketShopId), shopMemberHolding('support.write', ['approved']));
  if (!storeStaff && !shopPeople) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(consoleMembers)
    .innerJoin(users, eq(users.id, consoleMembers.userId))
    .leftJoin(shops, eq(shops.id, consoleMembers.shopId))
    .where(or(storeStaff, shopPeople))
    .orderBy(asc(users.name), asc(users.id));
}

/** `GET /api/console/tickets/{id}`: the conversation and whom it may be given to; another shop's ticket is not found. */
export async function readConsoleTicket(db: Db, identity: ConsoleIdentity, ticketId: number): Promise<ConsoleTicket> {
  const row = await findConsoleTicket(db, identity, ticketId);
  const [{ messages }, people] = await Promise.all([readThread(db, row), assignableTo(db, identity, row.shopId)]);
  return { ticket: presentRow(row), messages, assignees: people };
}

interface WriteContext {
  audit: AuditContext;
}

/** Locks the ticket for a state change; answers its status and assignee as they are now. */
async function lockTicket(tx: Db, ticketId: number) {
  const [locked] = await tx
    .select({ status: supportTickets.status, assignedUserId: supportTickets.assignedUserId })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId))
    .for('update');
  return locked!;
}

const auditTicket = (tx: Db, { audit }: WriteContext, row: ConsoleTicketRecord, action: (typeof auditVerbs.ticket)[number], before: Record<string, unknown>, after: Record<string, unknown>) =>
  recordAudit(tx, audit, { action: `ticket.${action}`, entityType: 'ticket', entityId: row.id, shopId: row.shopId, before, after });

/**
 * `POST /api/console/tickets/{id}/assign`: to a person who may answer it (422 for anyone else), or
 * back to the queue (null). A person given the ticket by someone else is notified.
 */
export async function assignConsoleTicket(app: FastifyInstance, identity: ConsoleIdentity, ticketId: number, input: TicketAssignInput, context: WriteContext): Promise<ConsoleTicket> {
  const { db } = app.database;
  const row = await findConsoleTicket(db, identity, ticketId);
  const assignee = input.user_id;
  if (assignee !== null && !(await assignableTo(db, identity, row.shopId)).some((person) => person.id === assignee)) {
    throw validationFailed({ user_id: [NOT_AN_ASSIGNEE_MESSAGE] });
  }
  const notifications = await db.transaction(async (tx) => {
    const locked = await lockTicket(tx, ticketId);
    await tx.update(supportTickets).set({ assignedUserId: assignee }).where(eq(supportTickets.id, ticketId));
    await auditTicket(tx, context, row, 'assign', { assigned_user_id: locked.assignedUserId }, { assigned_user_id: assignee });
    const newlyGiven = assignee !== null && assignee !== locked.assignedUserId && assignee !== identity.userId;
    return newlyGiven ? notifyTicketAssigned(tx, row, assignee, context.audit.now) : [];
  });
  await publishNotifications({ db, events: app.events, log: app.log }, notifications);
  return readConsoleTicket(db, identity, ticketId);
}

/**
 * Closes or reopens a ticket under its row lock: closing a closed one (409), or reopening one that is
 * not closed (409), changes nothing. A reopened ticket waits for the store again. The shopper sees
 * the change live.
 */
async function moveTicket(app: FastifyInstance, identity: ConsoleIdentity, ticketId: number, to: Extract<TicketStatus, 'closed' | 'open'>, context: WriteContext) {
  const { db } = app.database;
  const row = await findConsoleTicket(db, identity, ticketId);
  await db.transaction(async (tx) => {
    const { status } = await lockTicket(tx, ticketId);
    if (to === 'closed' && status === 'closed') throw conflict(TICKET_ALREADY_CLOSED_MESSAGE);
    if (to === 'open' && status !== 'closed') throw conflict(TICKET_NOT_CLOSED_MESSAGE);
    await tx.update(supportTickets).set({ status: to, updatedAt: context.audit.now }).where(eq(supportTickets.id, ticketId));
    await auditTicket(tx, context, row, to === 'closed' ? 'close' : 'reopen', { status }, { status: to });
  });
  await publishTicketStatusChanged({ events: app.events, log: app.log }, row, to);
  return readConsoleTicket(db, identity, ticketId);
}

export const closeConsoleTicket = (app: FastifyInstance, identity: ConsoleIdentity, ticketId: number, context: WriteContext) => moveTicket(app, identity, ticketId, 'closed', context);
export const reopenConsoleTicket = (app: FastifyInstance, identity: ConsoleIdentity, ticketId: number, context: WriteContext) => moveTicket(app, identity, ticketId, 'open', context);

/**
 * `POST /api/console/tickets/{id}/messages`: the store's reply (plain text and pictures) through the
 * same path as the operations API's, so the shopper hears of it live and by mail; audited in its
 * transaction.
 */
export async function replyToConsoleTicket(
  app: FastifyInstance,
  identity: ConsoleIdentity,
  ticketId: number,
  message: { input: TicketReplyInput; files: UploadedFile[] },
  context: WriteContext & { log: FastifyBaseLogger },
): Promise<ConsoleTicket> {
  const row = await findConsoleTicket(app.database.db, identity, ticketId);
  await replyAsStore(app, row, identity.userId, message, context.log, (tx, locked) =>
    auditTicket(tx, context, row, 'reply', { status: locked.status }, { status: 'answered', message: message.input.message, attachments: message.files.length }),
  );
  return readConsoleTicket(app.database.db, identity, ticketId);
}
