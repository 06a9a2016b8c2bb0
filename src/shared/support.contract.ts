import { z } from 'zod';
import { orderListQuerySchema } from './orders.contract.ts';
import { TICKET_LIMITS, ticketIssueTypes, ticketStatuses } from './support-tickets.ts';
import { requiredText } from './text-fields.ts';

/** A message is plain text: kept exactly as written (never HTML) and escaped wherever it is shown. */
const ticketMessage = requiredText('message', { max: TICKET_LIMITS.message, multiline: true });

/** Form fields arrive as text (multipart) or numbers (JSON); an empty one means none was chosen. */
const optionalOrderId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: 'The selected order is invalid.' })
    .int('The selected order is invalid.')
    .positive('The selected order is invalid.')
    .max(2_147_483_647, 'The selected order is invalid.')
    .optional(),
);

/** `POST /api/support-tickets` (JSON, or multipart with up to three `attachments` pictures). */
export const ticketCreateSchema = z.object({
  subject: requiredText('subject', { max: TICKET_LIMITS.subject }),
  issue_type: z.enum(ticketIssueTypes, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'The issue type field is required.' : 'The selected issue type is invalid.'),
  }),
  order_id: optionalOrderId,
  message: ticketMessage,
});
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;

/** `POST /api/support-tickets/{ticket_no}/messages` and the staff reply of the admin API. */
export const ticketReplySchema = z.object({ message: ticketMessage });
export type TicketReplyInput = z.infer<typeof ticketReplySchema>;

/** 'TCK-' and ten base32 characters; a number in another case is the same ticket. */
export const ticketNumberSchema = requiredText('ticket number', { max: 14 })
  .toUpperCase()
  .regex(/^TCK-[A-Z2-7]{10}$/);

/** A path's ticket number; one that cannot be a ticket's is not found (404, answered by the handler), as another shopper's. */
export const ticketParamsSchema = z.object({ ticket_no: z.string().meta({ description: 'TCK- and ten letters or digits', example: 'TCK-ABCDEFGHJK' }) });

export const ticketListQuerySchema = orderListQuerySchema.pick({ page: true, per_page: true });

/** `GET /api/admin/support-tickets?status=&page=&per_page=`. */
export const adminTicketListQuerySchema = ticketListQuerySchema.extend({
  status: z
    .enum(ticketStatuses, { error: 'The selected status is invalid.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

// ---- Answers ----

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  status: z.enum(ticketStatuses),
  subject: z.string(),
  issue_type: z.enum(ticketIssueTypes),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  /** Plain text as written; the storefront shows it as text, never as HTML. */
  body: z.string(),
  /** Written by the store (an admin or the order's seller) rather than the shopper. */
  is_staff: z.boolean(),
  /** Null once the author's account is gone. */
  author: z.object({ name: z.string() }).nullable(),
  /** Addresses of the attached pictures. */
  attachments: z.array(z.string()),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketListSchema = z.object({ total: z.number().int(), tickets: z.array(ticketSummarySchema) });
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketThreadSchema = z.object({ ticket: ticketSummarySchema, messages: z.array(ticketMessageSchema) }).meta({ id: 'TicketThread' });
export type TicketThread = z.infer<typeof ticketThreadSchema>;

/** A ticket as the store's staff list it: who asked, too. */
export const staffTicketSummarySchema = ticketSummarySchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;

export const staffTicketListSchema = z.object({ total: z.number().int(), tickets: z.array(staffTicketSummarySchema) });
export type StaffTicketList = z.infer<typeof staffTicketListSchema>;
