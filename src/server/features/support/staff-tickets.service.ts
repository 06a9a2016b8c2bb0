import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { StaffTicketList, TicketReplyInput, TicketThread } from '../../../shared/support.contract.ts';
import type { TicketStatus } from '../../../shared/support-tickets.ts';
import type { Db } from '../../db/client.ts';
import { orders, supportTickets, users } from '../../db/schema.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import type { UploadedFile } from '../../platform/image-uploads.ts';
import { publishLiveEvent, publishTicketStatusChanged } from '../live/live-events.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { mailWriter } from '../i18n/mail-text.ts';
import { addMessage, closeTicket, findTicket, presentTicket, readThread, ticketColumns, type TicketRow, type WithMessage } from './tickets.service.ts';

/** An admin sees every ticket; a seller only those about their own shop's orders. */
function staffScope(staff: AuthenticatedUser): SQL | undefined {
  return staff.role === 'admin' ? undefined : eq(orders.shopId, staff.shopId ?? -1);
}

/** `GET /api/admin/support-tickets`: the most recently active first. */
export async function listStaffTickets(
  db: Db,
  staff: AuthenticatedUser,
  { status, page, per_page }: { status?: TicketStatus; page: number; per_page: number },
): Promise<StaffTicketList> {
  const where = and(staffScope(staff), status ? eq(supportTickets.status, status) : undefined);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(supportTickets).leftJoin(orders, eq(orders.id, supportTickets.orderId)).where(where),
    db
      .select({ ...ticketColumns, customerName: users.name, customerEmail: users.email })
      .from(supportTickets)
      .leftJoin(orders, eq(orders.id, supportTickets.orderId))
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(per_page)
      .offset((page - 1) * per_page),
  ]);
  return {
    total,
    tickets: rows.map((row) => ({ ...presentTicket(row), customer: { id: row.userId, name: row.customerName, email: row.customerEmail } })),
  };
}

export async function readStaffThread(db: Db, staff: AuthenticatedUser, ticketNo: string): Promise<TicketThread> {
  return readThread(db, await findTicket(db, ticketNo, staffScope(staff)));
}

/** Queues the mail of the store's reply to the shopper; one that cannot be queued is logged (the reply is saved and shown live). */
async function mailReply(app: FastifyInstance, ticket: TicketRow, reply: string, log: FastifyBaseLogger) {
  const [owner] = await app.database.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, ticket.userId));
  if (!owner?.email) return;
  const { app_name: appName } = await readStoreSettings(app.database.db);
  const write = mailWriter(ticket.locale);
  const names = { ticket: ticket.ticketNo, subject: ticket.subject };
  try {
    await app.jobs.queueMail({
      to: owner.email,
      subject: `[${appName}] ${write('New reply to your support ticket {{ticket}}', names)}`,
      text: [
        write('Hello {{name}},', { name: owner.name }),
        '',
        write('We replied to your support ticket {{ticket}} ("{{subject}}"):', names),
        '',
        reply,
        '',
        write('Read the whole conversation and answer at {{url}}', { url: `${app.config.publicUrl}/support-ticket/${ticket.ticketNo}` }),
      ].join('\n'),
    });
  } catch (error) {
    log.error({ err: error, ticketNo: ticket.ticketNo }, 'ticket reply saved but its mail to the shopper could not be queued');
  }
}

/**
 * A reply from the store (the operations API's or the console's, with what the caller writes with it):
 * the ticket is answered, and the shopper hears of it live and by mail.
 */
export async function replyAsStore(
  app: FastifyInstance,
  ticket: TicketRow,
  authorId: number,
  message: { input: TicketReplyInput; files: UploadedFile[] },
  log: FastifyBaseLogger,
  within: WithMessage<void> = async () => {},
): Promise<TicketThread> {
  const { thread } = await addMessage(app, ticket, { userId: authorId, isStaff: true }, message, 'answered', within);
  await publishLiveEvent({ events: app.events, log }, ticket.userId, 'ticket.replied', { ticket_no: ticket.ticketNo });
  await mailReply(app, ticket, message.input.message, log);
  return thread;
}

/** `POST /api/admin/support-tickets/{ticket_no}/messages`. */
export async function replyAsStaff(
  app: FastifyInstance,
  staff: AuthenticatedUser,
  ticketNo: string,
  input: TicketReplyInput,
  files: UploadedFile[],
  log: FastifyBaseLogger,
): Promise<TicketThread> {
  return replyAsStore(app, await findTicket(app.database.db, ticketNo, staffScope(staff)), staff.id, { input, files }, log);
}

/** `POST /api/admin/support-tickets/{ticket_no}/close`: the shopper sees it live. */
export async function closeAnyTicket(app: FastifyInstance, ticketNo: string, log: FastifyBaseLogger): Promise<TicketThread> {
  const ticket = await findTicket(app.database.db, ticketNo, undefined);
  const thread = await closeTicket(app, ticket);
  if (ticket.status !== 'closed') await publishTicketStatusChanged({ events: app.events, log }, ticket, 'closed');
  return thread;
}
