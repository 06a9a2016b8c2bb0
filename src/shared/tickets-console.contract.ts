import { z } from 'zod';
import { queryId, recordId } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor, tabCountsSchema } from './list-pages.ts';
import { ticketIssueTypes, ticketStatuses } from './support-tickets.ts';
import { ticketMessageSchema, ticketSummarySchema } from './support.contract.ts';
import { text } from './text-fields.ts';

/** `GET /api/console/tickets`: the most recently active first; `next_cursor` of the page before, with the same filters, pages on. */
export const ticketConsoleListQuerySchema = z.object({
  status: optional(z.enum(ticketStatuses, { error: 'The selected status is invalid.' })),
  issue_type: optional(z.enum(ticketIssueTypes, { error: 'The selected issue type is invalid.' })),
  /** The store's staff only: a seller's people always see their own shop's. */
  shop_id: queryId('shop id'),
  /** `me`, `none` (nobody has taken it) or a console member's id. */
  assignee: optional(
    z.union([z.enum(['me', 'none']), z.coerce.number().pipe(recordId('assignee'))], { error: 'The selected assignee is invalid.' }),
  ),
  /** An exact ticket number (TCK-…), or part of the subject. */
  search: optional(text('search', { max: 100 })),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type TicketConsoleListQuery = z.infer<typeof ticketConsoleListQuerySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });
export type TicketPerson = z.infer<typeof personSchema>;

/** A ticket in the console's queue: who asked, the shop of its order (null: no order) and who answers it. */
export const consoleTicketRowSchema = ticketSummarySchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  shop: personSchema.nullable(),
  assignee: personSchema.nullable(),
});
export type ConsoleTicketRow = z.infer<typeof consoleTicketRowSchema>;

/** Tickets per status under the queue's other filters. */
export const ticketStatusCountsSchema = tabCountsSchema(ticketStatuses);
export type TicketStatusCounts = z.infer<typeof ticketStatusCountsSchema>;

export const consoleTicketPageSchema = z.object({ tickets: z.array(consoleTicketRowSchema), next_cursor: z.string().nullable(), counts: ticketStatusCountsSchema });
export type ConsoleTicketPage = z.infer<typeof consoleTicketPageSchema>;

/** A ticket's page: the conversation, and whom it may be given to (the store's support staff and its shop's). */
export const consoleTicketSchema = z.object({
  ticket: consoleTicketRowSchema,
  messages: z.array(ticketMessageSchema),
  assignees: z.array(personSchema),
});
export type ConsoleTicket = z.infer<typeof consoleTicketSchema>;

/** `POST /api/console/tickets/{id}/assign`: a console member who answers tickets, or null to give it back to the queue. */
export const ticketAssignSchema = z.object({
  user_id: recordId('user id').nullable(),
});
export type TicketAssignInput = z.infer<typeof ticketAssignSchema>;
