import { z } from 'zod';
import { addressSchema } from './account.contract.ts';
import { orderStatuses, paymentStatuses } from './order-statuses.ts';
import { ticketStatuses } from './support-tickets.ts';
import { requiredText } from './text-fields.ts';

/** How many of a customer's latest orders and tickets the customer page shows; the orders page lists the rest. */
export const CUSTOMER_LATEST_ROWS = 10;

/** Why a sign-in, an order or a password reset of a blocked account is refused (403), wherever it is tried. */
export const ACCOUNT_BLOCKED_MESSAGE = 'Your account has been blocked. Please contact the store.';

export const customerOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  /** A decimal with two places in the store's base currency. */
  payable_amount: z.number(),
  created_at: z.string(),
});

export const customerTicketSchema = z.object({ id: z.number().int(), ticket_no: z.string(), subject: z.string(), status: z.enum(ticketStatuses), created_at: z.string() });

/** `GET /api/console/customers/{id}`: what the store knows of one account. */
export const consoleCustomerDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  is_verified: z.boolean(),
  /** A console member is blocked and unblocked from the staff page, never here. */
  is_staff: z.boolean(),
  created_at: z.string(),
  /** Null while the account is not blocked. */
  blocked: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /**
   * The orders that brought the store money: paid (online, or cash marked paid) or delivered, and not
   * cancelled; summed in minor units, a decimal with two places in the store's base currency.
   */
  total_spent: z.number(),
  order_count: z.number().int(),
  /** The latest `CUSTOMER_LATEST_ROWS`, newest first. */
  orders: z.array(customerOrderSchema),
  addresses: z.array(addressSchema),
  /** The latest `CUSTOMER_LATEST_ROWS` support tickets, newest first. */
  tickets: z.array(customerTicketSchema),
});
export type ConsoleCustomerDetail = z.infer<typeof consoleCustomerDetailSchema>;

export const consoleCustomerAnswerSchema = z.object({ customer: consoleCustomerDetailSchema });

/** `POST /api/console/customers/{id}/block` and `/unblock`: the reason goes into the audit log. */
export const customerBlockSchema = z.object({ reason: requiredText('reason', { max: 1000, multiline: true }) });
export type CustomerBlock = z.infer<typeof customerBlockSchema>;

/** `POST /api/console/customers/{id}/password-reset`: where the code went, masked; the code itself is never shown to staff. */
export const passwordResetSentSchema = z.object({ sent_to: z.string() });
