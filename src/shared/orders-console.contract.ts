import { z } from 'zod';
import { queryId } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor, tabCountsSchema } from './list-pages.ts';
import { shipmentSchema } from './order-fulfilment.contract.ts';
import { orderAddressSchema } from './orders.contract.ts';
import { orderStatuses, paymentStatuses } from './order-statuses.ts';
import { text } from './text-fields.ts';

/** `paid`: the order's payment is collected (refunds since included); `unpaid`: anything else (pending, failed, cancelled). */
export const paymentStates = ['paid', 'unpaid'] as const;
export type PaymentState = (typeof paymentStates)[number];

/** A calendar day, `YYYY-MM-DD`. */
export const dayText = (field: string) =>
  text(field, { max: 10 })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `The ${field} must be a date in the format YYYY-MM-DD.`, abort: true })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `The ${field} is not a valid date.`);

const day = (field: string) => optional(dayText(field));

const choice = <Values extends readonly [string, ...string[]]>(field: string, values: Values) =>
  optional(z.enum(values, { error: `The selected ${field} is invalid.` }));

/** `GET /api/console/orders`: newest first; `next_cursor` of the page before, with the same filters, pages on. */
export const orderConsoleListQuerySchema = z
  .object({
    status: choice('status', orderStatuses),
    /** Days in UTC, both included. */
    date_from: day('date from'),
    date_to: day('date to'),
    payment_method: optional(text('payment method', { max: 50 })),
    payment_state: choice('payment state', paymentStates),
    /** The store's staff only: a seller's people always see their own shop's. */
    shop_id: queryId('shop id'),
    /** A customer's account id. */
    customer_id: queryId('customer id'),
    /** An exact order number (OS100123), the start of a customer's e-mail, or the start of their phone number. */
    search: optional(text('search', { max: 100 })),
    cursor: pageCursor,
    limit: consolePageLimit,
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    path: ['date_to'],
    message: 'The date to must be a date after or equal to date from.',
  });
export type OrderConsoleListQuery = z.infer<typeof orderConsoleListQuerySchema>;

const shopRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** `id` is null for a guest's order: name, e-mail and phone are then the ones given at checkout. */
const orderCustomerSchema = z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() });

/** An order in the console's list; amounts are decimals with two places in the store's base currency. */
export const consoleOrderRowSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  payment_method: z.string(),
  payment_status: z.enum(paymentStatuses),
  payable_amount: z.number(),
  shop: shopRefSchema,
  customer: orderCustomerSchema,
  created_at: z.string(),
});
export type ConsoleOrderRow = z.infer<typeof consoleOrderRowSchema>;

/** Orders per status under the list's other filters. */
export const orderStatusCountsSchema = tabCountsSchema(orderStatuses);
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

export const consoleOrderPageSchema = z.object({ orders: z.array(consoleOrderRowSchema), next_cursor: z.string().nullable(), counts: orderStatusCountsSchema });
export type ConsoleOrderPage = z.infer<typeof consoleOrderPageSchema>;

/**
 * A line as it was sold: the product's name, the variant's SKU, colour and size and the prices copied at
 * placement; colour, size and unit named in the request's language (the store's where they have none in it).
 */
const consoleOrderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  thumbnail: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  unit: z.string(),
  unit_price: z.number(),
  quantity: z.number().int(),
  line_total: z.number(),
  /** Basis points. */
  tax_rate: z.number().int(),
  tax_amount: z.number(),
  /** Units already in a shipment (decision 037). */
  shipped_quantity: z.number().int(),
});

/** A step of the order's way; `actor` is null where the store itself moved it (a payment, a sweep) or for a guest. */
const orderTimelineStepSchema = z.object({
  status: z.enum(orderStatuses),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** Why the store cancelled it; null for every other step. */
  reason: z.string().nullable(),
});

/** Everything the console's order page shows. */
export const consoleOrderSchema = consoleOrderRowSchema.extend({
  /** Where the transition table lets the order go from here. */
  next_statuses: z.array(z.enum(orderStatuses)),
  lines: z.array(consoleOrderLineSchema),
  address: orderAddressSchema,
  /** The placement's payment (one payment covers every order placed together), in the currency it was charged in. */
  payment: z.object({ id: z.number().int(), method: z.string(), status: z.enum(paymentStatuses), amount: z.number(), currency: z.string() }),
  note: z.string().nullable(),
  totals: z.object({
    subtotal: z.number(),
    delivery_charge: z.number(),
    coupon_discount: z.number(),
    tax_amount: z.number(),
    payable_amount: z.number(),
    coupon_code: z.string().nullable(),
  }),
  timeline: z.array(orderTimelineStepSchema),
  shipments: z.array(shipmentSchema),
  updated_at: z.string(),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;

export const consoleOrderAnswerSchema = z.object({ order: consoleOrderSchema });

const yesOrNo = (field: string) =>
  optional(z.enum(['true', 'false'], { error: `The ${field} field must be true or false.` })).transform((value) => (value === undefined ? undefined : value === 'true'));

/** `GET /api/console/customers`: the start of an e-mail, a phone number or a name. */
export const customerLookupQuerySchema = z.object({
  search: optional(text('search', { max: 100 })),
  /** `true`: blocked accounts only; `false`: the others. */
  blocked: yesOrNo('blocked'),
  /** `true`: accounts that placed an order; `false`: those that never did. */
  has_ordered: yesOrNo('has ordered'),
  /** `true`: the console's staff and sellers (their accounts); otherwise shoppers only, the accounts that are no console member. */
  staff: yesOrNo('staff'),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type CustomerLookupQuery = z.infer<typeof customerLookupQuerySchema>;

export const consoleCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  is_blocked: z.boolean(),
});
export type ConsoleCustomer = z.infer<typeof consoleCustomerSchema>;

export const consoleCustomerPageSchema = z.object({ customers: z.array(consoleCustomerSchema), next_cursor: z.string().nullable() });
export type ConsoleCustomerPage = z.infer<typeof consoleCustomerPageSchema>;
