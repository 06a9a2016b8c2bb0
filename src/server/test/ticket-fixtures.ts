import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TicketIssueType, TicketStatus } from '../../shared/support-tickets.ts';
import type { TicketThread } from '../../shared/support.contract.ts';
import type { Db } from '../db/client.ts';
import { supportTickets, ticketMessages, users } from '../db/schema.ts';
import { newTicketNumber } from '../features/support/tickets.service.ts';
import { addStoredOrders } from './order-fixtures.ts';

export interface StoredTicket {
  /** The order it is about (its shop's people see it); none: a ticket about no order. */
  orderId?: number;
  status?: TicketStatus;
  issueType?: TicketIssueType;
  subject?: string;
  assignedUserId?: number | null;
  updatedAt?: Date;
}

/** A guest's order of the shop for tickets to be about. */
export const addTicketOrder = async (db: Db, shopId: number) => (await addStoredOrders(db, [{ shopId }]))[0]!.id;

/**
 * A shopper's ticket written straight to the database with its first message: the console's tests
 * need many, without the shopper's rate limit.
 */
export async function addTicket(db: Db, { orderId, status = 'open', issueType = 'order', subject, assignedUserId = null, updatedAt = new Date() }: StoredTicket = {}) {
  const key = randomUUID().slice(0, 8);
  const [shopper] = await db.insert(users).values({ name: `Ticket Shopper ${key}`, email: `ticket-shopper-${key}@example.test` }).returning({ id: users.id });
  const [ticket] = await db
    .insert(supportTickets)
    .values({
      ticketNo: newTicketNumber(),
      userId: shopper!.id,
      orderId: orderId ?? null,
      subject: subject ?? `Question ${key}`,
      issueType,
      status,
      assignedUserId,
      createdAt: updatedAt,
      updatedAt,
    })
    .returning();
  await db.insert(ticketMessages).values({ ticketId: ticket!.id, userId: shopper!.id, body: 'Where is my parcel?', createdAt: updatedAt });
  return ticket!;
}

/** A shopper opens a ticket through the API (the console is told of it as of any shopper's); answers the new thread. */
export async function openShopperTicket(app: FastifyInstance, authorization: string, fields: { subject: string; issue_type: TicketIssueType; message: string; order_id?: number }, language?: string) {
  const response = await app.inject({ method: 'POST', url: '/api/support-tickets', headers: { authorization, ...(language && { 'accept-language': language }) }, payload: fields });
  if (response.statusCode !== 201) throw new Error(`opening a ticket failed: ${response.body}`);
  return response.json<{ data: TicketThread }>().data;
}
