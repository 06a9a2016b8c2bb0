import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/constants.ts';
import type { TicketStatus } from '../../../shared/support-tickets.ts';
import type { TicketCreateInput, TicketList, TicketMessage, TicketReplyInput, TicketSummary, TicketThread } from '../../../shared/support.contract.ts';
import type { Db } from '../../db/client.ts';
import { orders, supportTickets, ticketMessages, users } from '../../db/schema.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/image-uploads.ts';
import { enforceRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { notifyTicketMessage, publishNotifications, type NotificationRow } from '../notifications/notifications.service.ts';
import { removeAttachments, saveAttachments } from './ticket-forms.ts';

/** A shopper opens a handful of tickets an hour; more is a script or a loop. */
export const TICKET_RATE_RULE: RateRule = { limit: 5, windowSeconds: 60 * 60 };
/** Replies in a conversation come faster, but not by the hundred. */
export const REPLY_RATE_RULE: RateRule = { limit: 30, windowSeconds: 10 * 60 };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 'TCK-' and 10 base32 characters from the CSPRNG: 50 bits, so no one finds a ticket by counting. */
export const newTicketNumber = () => `TCK-${Array.from({ length: 10 }, () => BASE32[randomInt(BASE32.length)]).join('')}`;

export const TICKET_CLOSED_MESSAGE = 'This ticket is closed.';

export const ticketColumns = {
  id: supportTickets.id,
  ticketNo: supportTickets.ticketNo,
  userId: supportTickets.userId,
  orderId: supportTickets.orderId,
  orderNumber: orders.orderNumber,
  /** The shop of its order (its sellers see and answer it); null without an order. */
  shopId: orders.shopId,
  assignedUserId: supportTickets.assignedUserId,
  status: supportTickets.status,
  subject: supportTickets.subject,
  issueType: supportTickets.issueType,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  locale: supportTickets.locale,
};

/** Tickets with their order's number (a deleted order leaves the ticket without one). */
export const selectTickets = (db: Db) => db.select(ticketColumns).from(supportTickets).leftJoin(orders, eq(orders.id, supportTickets.orderId));

export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

export function presentTicket(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    ticket_no: row.ticketNo,
    order_id: row.orderId,
    order_number: row.orderNumber,
    status: row.status,
    subject: row.subject,
    issue_type: row.issueType,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The ticket with this number among those `scope` lets the caller see; another's is not found. */
export async function findTicket(db: Db, ticketNo: string, scope: SQL | undefined): Promise<TicketRow> {
  const [row] = await selectTickets(db)
    .where(and(eq(supportTickets.ticketNo, ticketNo), scope))
    .limit(1);
  if (!row) throw notFound('Ticket not found');
  return row;
}

export async function readThread(db: Db, ticket: TicketRow): Promise<TicketThread> {
  const rows = await db
    .select({
      id: ticketMessages.id,
      body: ticketMessages.body,
      isStaff: ticketMessages.isStaff,
      attachments: ticketMessages.attachments,
      createdAt: ticketMessages.createdAt,
      authorName: users.name,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.userId))
    .where(eq(ticketMessages.ticketId, ticket.id))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const messages: TicketMessage[] = rows.map((row) => ({
    id: row.id,
    body: row.body,
    is_staff: row.isStaff,
    author: row.authorName === null ? null : { name: row.authorName },
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
  }));
  return { ticket: presentTicket(ticket), messages };
}

const ownedBy = (userId: number) => eq(supportTickets.userId, userId);

/** `GET /api/support-tickets`: the shopper's tickets, newest first. */
export async function listOwnTickets(db: Db, userId: number, { page, per_page }: { page: number; per_page: number }): Promise<TicketList> {
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(supportTickets).where(ownedBy(userId)),
    selectTickets(db)
      .where(ownedBy(userId))
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(per_page)
      .offset((page - 1) * per_page),
  ]);
  return { total, tickets: rows.map(presentTicket) };
}

export async function readOwnThread(db: Db, userId: number, ticketNo: string): Promise<TicketThread> {
  return readThread(db, await findTicket(db, ticketNo, ownedBy(userId)));
}

interface Author {
  userId: number;
  isStaff: boolean;
}

/** What else a new message writes in its transaction (an audit row, console notifications), given the ticket as locked. */
export type WithMessage<Result> = (tx: Db, ticket: TicketRow, now: Date) => Promise<Result>;

/**
 * Stores the pictures, then adds the message, moves the ticket to `status` and runs `within` under
 * the ticket's row lock, so a reply and a close that cross never leave a message on a closed ticket.
 * Pictures of a message that was not saved are deleted again.
 */
export async function addMessage<Result>(
  app: FastifyInstance,
  ticket: TicketRow,
  author: Author,
  message: { input: TicketReplyInput; files: UploadedFile[] },
  status: Exclude<TicketStatus, 'closed'>,
  within: WithMessage<Result>,
): Promise<{ thread: TicketThread; result: Result }> {
  if (ticket.status === 'closed') throw new HttpError(422, TICKET_CLOSED_MESSAGE);
  const attachments = await saveAttachments(app, message.files);
  const now = app.clock.now();
  let result: Result;
  try {
    result = await app.database.db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: supportTickets.status, assignedUserId: supportTickets.assignedUserId }).from(supportTickets).where(eq(supportTickets.id, ticket.id)).for('update');
      if (!locked || locked.status === 'closed') throw new HttpError(422, TICKET_CLOSED_MESSAGE);
      await tx.insert(ticketMessages).values({ ticketId: ticket.id, userId: author.userId, isStaff: author.isStaff, body: message.input.message, attachments, createdAt: now });
      await tx.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, ticket.id));
      return within(tx, { ...ticket, ...locked }, now);
    });
  } catch (error) {
    await removeAttachments(app, attachments);
    throw error;
  }
  return { thread: await readThread(app.database.db, { ...ticket, status, updatedAt: now }), result };
}

/** The shopper wrote: whoever answers the ticket hears of it in the console, once the message is saved. */
const notifyStore: WithMessage<NotificationRow[]> = (tx, ticket, now) => notifyTicketMessage(tx, ticket, now);
const publish = (app: FastifyInstance, notifications: NotificationRow[]) => publishNotifications({ db: app.database.db, events: app.events, log: app.log }, notifications);

async function checkOwnOrder(db: Db, userId: number, orderId: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw validationFailed({ order_id: ['The selected order is invalid.'] });
}

/** Inserts the ticket under a fresh number; a number already taken (a 1 in 2^50 chance) is drawn again. */
async function insertTicket(tx: Db, values: Omit<typeof supportTickets.$inferInsert, 'ticketNo'>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ ...values, ticketNo: newTicketNumber() })
      .onConflictDoNothing({ target: supportTickets.ticketNo })
      .returning({ id: supportTickets.id, ticketNo: supportTickets.ticketNo });
    if (ticket) return ticket;
  }
  throw new Error('no free ticket number');
}

/**
 * `POST /api/support-tickets`: the ticket and its first message. The order, when given, must be the
 * shopper's own. Counted against the shopper's ticket rate once the form is valid.
 */
export async function openTicket(app: FastifyInstance, userId: number, input: TicketCreateInput, files: UploadedFile[], locale: Locale): Promise<TicketThread> {
  const { db } = app.database;
  if (input.order_id !== undefined) await checkOwnOrder(db, userId, input.order_id);
  await enforceRateLimit(app.rateLimiter, `support-ticket:user:${userId}`, TICKET_RATE_RULE);
  const attachments = await saveAttachments(app, files);
  const now = app.clock.now();
  let opened: { ticketNo: string; notifications: NotificationRow[] };
  try {
    opened = await db.transaction(async (tx) => {
      const ticket = await insertTicket(tx, {
        userId,
        orderId: input.order_id ?? null,
        subject: input.subject,
        issueType: input.issue_type,
        locale,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(ticketMessages).values({ ticketId: ticket.id, userId, body: input.message, attachments, createdAt: now });
      return { ticketNo: ticket.ticketNo, notifications: await notifyStore(tx, await findTicket(tx, ticket.ticketNo, undefined), now) };
    });
  } catch (error) {
    await removeAttachments(app, attachments);
    throw error;
  }
  await publish(app, opened.notifications);
  return readOwnThread(db, userId, opened.ticketNo);
}

/** `POST /api/support-tickets/{ticket_no}/messages`: the shopper writes again, so the ticket waits for the store. */
export async function replyAsShopper(app: FastifyInstance, userId: number, ticketNo: string, input: TicketReplyInput, files: UploadedFile[]) {
  const ticket = await findTicket(app.database.db, ticketNo, ownedBy(userId));
  if (ticket.status === 'closed') throw new HttpError(422, TICKET_CLOSED_MESSAGE);
  await enforceRateLimit(app.rateLimiter, `support-reply:user:${userId}`, REPLY_RATE_RULE);
  const { thread, result } = await addMessage(app, ticket, { userId, isStaff: false }, { input, files }, 'open', notifyStore);
  await publish(app, result);
  return thread;
}

/** Closes a ticket for good; closing a closed one changes nothing. */
export async function closeTicket(app: FastifyInstance, ticket: TicketRow): Promise<TicketThread> {
  if (ticket.status === 'closed') return readThread(app.database.db, ticket);
  const now = app.clock.now();
  await app.database.db.update(supportTickets).set({ status: 'closed', updatedAt: now }).where(eq(supportTickets.id, ticket.id));
  return readThread(app.database.db, { ...ticket, status: 'closed', updatedAt: now });
}

export async function closeOwnTicket(app: FastifyInstance, userId: number, ticketNo: string) {
  return closeTicket(app, await findTicket(app.database.db, ticketNo, ownedBy(userId)));
}
