import { z } from 'zod';
import { requiredText } from './account.contract.ts';
import { orderListQuerySchema } from './orders.contract.ts';
import { TICKET_LIMITS, ticketIssueTypes, ticketStatuses, type TicketIssueType, type TicketStatus } from './support-tickets.ts';

/** A NUL cannot be stored in a PostgreSQL text and carriage returns only double the line breaks. */
const cleanText = (value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '').replace(/\r\n?/g, '\n') : value);

/** Plain text: kept exactly as written (never HTML) and escaped wherever it is shown. */
const plainText = (field: string, max: number) => z.preprocess(cleanText, requiredText(field, { max }));

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
  subject: plainText('subject', TICKET_LIMITS.subject),
  issue_type: z.enum(ticketIssueTypes, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'The issue type field is required.' : 'The selected issue type is invalid.'),
  }),
  order_id: optionalOrderId,
  message: plainText('message', TICKET_LIMITS.message),
});
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;

/** `POST /api/support-tickets/{ticket_no}/messages` and the staff reply of the admin API. */
export const ticketReplySchema = z.object({ message: plainText('message', TICKET_LIMITS.message) });
export type TicketReplyInput = z.infer<typeof ticketReplySchema>;

/** 'TCK-' and ten base32 characters; a number in another case is the same ticket. */
export const ticketNumberSchema = z
  .string()
  .trim()
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
