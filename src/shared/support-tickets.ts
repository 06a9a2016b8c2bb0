/**
 * Support ticket rules free of any library: the server's contract, the database and the storefront's
 * forms share them.
 */
import { PICTURE_MAX_BYTES } from './constants.ts';

export const ticketIssueTypes = ['order', 'payment', 'delivery', 'product', 'account', 'other'] as const;
export type TicketIssueType = (typeof ticketIssueTypes)[number];

/** open: waiting for the store; answered: the store replied last; closed: no more replies. */
export const ticketStatuses = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const TICKET_LIMITS = {
  subject: 150,
  message: 5000,
  /** Pictures per message (a new ticket's first message or a reply). */
  attachments: 3,
  /** Bytes per picture before it is re-encoded. */
  attachmentBytes: PICTURE_MAX_BYTES,
} as const;

/** The multipart field that carries a message's pictures (repeated once per file). */
export const TICKET_ATTACHMENTS_FIELD = 'attachments';
