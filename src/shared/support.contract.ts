import { z } from 'zod';
import { orderListQuerySchema } from './orders.contract.ts';
import { TICKET_LIMITS, ticketIssueTypes, ticketStatuses, type TicketIssueType, type TicketStatus } from './support-tickets.ts';
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

export const ticketListQuerySchema = orderListQuerySchema.pick({ page: true, per_page: true });

/** `GET /api/admin/support-tickets?status=&page=&per_page=`. */
export const adminTicketListQuerySchema = ticketListQuerySchema.extend({
  status: z
    .enum(ticketStatuses, { error: 'The selected status is invalid.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

// ---- Answers ----

export interface TicketSummary {
  id: number;
  ticket_no: string;
  order_id: number | null;
  order_number: string | null;
  status: TicketStatus;
  subject: string;
  issue_type: TicketIssueType;
  created_at: string;
  updated_at: string;
}

export interface TicketMessage {
  id: number;
  /** Plain text as written; the storefront shows it as text, never as HTML. */
  body: string;
  /** Written by the store (an admin or the order's seller) rather than the shopper. */
  is_staff: boolean;
  /** Null once the author's account is gone. */
  author: { name: string } | null;
  /** Addresses of the attached pictures. */
  attachments: string[];
  created_at: string;
}

export interface TicketList {
  total: number;
  tickets: TicketSummary[];
}

export interface TicketThread {
  ticket: TicketSummary;
  messages: TicketMessage[];
}

/** A ticket as the store's staff list it: who asked, too. */
export interface StaffTicketSummary extends TicketSummary {
  customer: { id: number; name: string; email: string | null };
}

export interface StaffTicketList {
  total: number;
  tickets: StaffTicketSummary[];
}
