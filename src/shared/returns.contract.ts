import { z } from 'zod';
import { amount, recordId, wholeNumber } from './catalog-console.contract.ts';
import { PICTURE_MAX_BYTES } from './constants.ts';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { paymentStatuses } from './order-statuses.ts';
import { requiredText } from './text-fields.ts';

/**
 * Returns and refunds (decision 039). A return: requested by the shopper → approved (with
 * instructions) or rejected (with a reason) → received (each line restocked or not) → refunded.
 */
export const returnStatuses = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** A refund at a card gateway is `pending` until the gateway confirms it; cash refunds are recorded as `succeeded`. */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const RETURN_LIMITS = { reason: 1000, instructions: 2000, photos: 3, photoBytes: PICTURE_MAX_BYTES } as const;
/** The multipart field of a return request's pictures (repeated once per file). */
export const RETURN_PHOTOS_FIELD = 'photos';

/** Days after delivery a shopper may ask for a return: a store setting (`return_window_days`). */
export const returnWindowDaysSchema = wholeNumber('return window days', 0, 365);

export const RETURN_NOT_FOUND_MESSAGE = 'Return not found';
export const RETURN_WINDOW_CLOSED_MESSAGE = 'The return window for this order has closed.';
export const NOT_DELIVERED_MESSAGE = 'Only a delivered order can be returned.';
export const TOO_MANY_RETURNED_MESSAGE = 'You cannot return more than you bought.';
export const REFUND_OVER_PAID_MESSAGE = 'The refund is more than what is left of the amount paid.';
export const NOTHING_PAID_MESSAGE = 'Nothing has been paid for this order.';

const lineId = recordId('order item id');

/** A JSON body's array, or the same array sent as one JSON text field of a multipart form. */
const jsonField = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

const lineQuantities = (field: string) =>
  jsonField(
    z
      .array(z.object({ order_item_id: lineId, quantity: wholeNumber('quantity', 1, 100_000) }), { error: `The ${field} must be a list.` })
      .min(1, `Choose at least one item.`)
      .max(200, `The ${field} must not have more than 200 items.`)
      .refine((lines) => new Set(lines.map((line) => line.order_item_id)).size === lines.length, 'Each item may be named once.'),
  );

/** `POST /api/orders/{id}/returns`: JSON, or multipart/form-data with `lines` as JSON text and up to three `photos`. */
export const returnRequestSchema = z.object({
  lines: lineQuantities('lines'),
  reason: requiredText('reason', { max: RETURN_LIMITS.reason, multiline: true }),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;

export const returnApprovalSchema = z.object({ instructions: requiredText('instructions', { max: RETURN_LIMITS.instructions, multiline: true }) });
export const returnRejectionSchema = z.object({ reason: requiredText('reason', { max: RETURN_LIMITS.reason, multiline: true }) });
/** The reason of a refund, which is all the console asks for to refund a received return. */
export const refundReasonSchema = z.object({ reason: requiredText('reason', { max: RETURN_LIMITS.reason, multiline: true }) });

/** `POST /api/console/returns/{id}/receive`: every line of the return, each put back on the shelf or not. */
export const returnReceiptSchema = z.object({
  lines: z
    .array(z.object({ order_item_id: lineId, restock: z.boolean({ error: 'The restock field must be true or false.' }) }), { error: 'The lines must be a list.' })
    .min(1, 'Choose at least one item.')
    .max(200, 'The lines must not have more than 200 items.'),
});

/**
 * `POST /api/console/orders/{id}/refunds` with an `Idempotency-Key` header: an `amount`, or `lines`
 * with quantities (priced as they were sold, their share of a voucher taken off); `return_id` refunds
 * a received return (its lines when neither is given). A goodwill refund names no return.
 */
export const refundRequestSchema = z
  .object({
    amount: amount('amount', { min: 0.01 }).optional(),
    lines: lineQuantities('lines').optional(),
    return_id: recordId('return id').optional(),
    reason: refundReasonSchema.shape.reason,
  })
  .refine((input) => !(input.amount !== undefined && input.lines !== undefined), { path: ['amount'], message: 'Give an amount or items, not both.' })
  .refine((input) => input.amount !== undefined || input.lines !== undefined || input.return_id !== undefined, {
    path: ['amount'],
    message: 'The amount field is required.',
  });
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

/** `GET /api/console/returns`: newest first. */
export const returnListQuerySchema = z.object({
  status: optional(z.enum(returnStatuses, { error: 'The selected status is invalid.' })),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;

// ---- Answers ----

const returnLineSchema = z.object({
  order_item_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  thumbnail: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  unit_price: z.number(),
  quantity: z.number().int(),
  /** Null until the return is received: then whether its units went back on the shelf. */
  restocked: z.boolean().nullable(),
});

export const refundSchema = z.object({
  id: z.number().int(),
  return_id: z.number().int().nullable(),
  amount: z.number(),
  reason: z.string(),
  /** `stripe` or `cash` (recorded, no gateway). */
  method: z.string(),
  status: z.enum(refundStatuses),
  lines: z.array(z.object({ order_item_id: z.number().int(), quantity: z.number().int() })),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A return as the shopper follows it. */
export const shopperReturnSchema = z.object({
  id: z.number().int(),
  status: z.enum(returnStatuses),
  reason: z.string(),
  photos: z.array(z.string()),
  instructions: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  lines: z.array(returnLineSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopperReturn = z.infer<typeof shopperReturnSchema>;

/** `GET /api/orders/{id}/returns`: what may still be returned and until when, the returns asked for and the refunds made. */
export const orderReturnsSchema = z.object({
  /** Null until the order is delivered. */
  window_ends_at: z.string().nullable(),
  can_request: z.boolean(),
  lines: z.array(z.object({ order_item_id: z.number().int(), name: z.string(), returnable_quantity: z.number().int() })),
  returns: z.array(shopperReturnSchema),
  refunds: z.array(refundSchema.omit({ lines: true })),
  refunded_amount: z.number(),
});
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

const orderRefSchema = z.object({ id: z.number().int(), order_number: z.string() });

export const consoleReturnRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(returnStatuses),
  order: orderRefSchema,
  shop: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.string(),
  /** Units asked back. */
  quantity: z.number().int(),
  created_at: z.string(),
});
export type ConsoleReturnRow = z.infer<typeof consoleReturnRowSchema>;

export const consoleReturnPageSchema = z.object({ returns: z.array(consoleReturnRowSchema), next_cursor: z.string().nullable() });
export type ConsoleReturnPage = z.infer<typeof consoleReturnPageSchema>;

export const consoleReturnSchema = shopperReturnSchema.extend({
  order: orderRefSchema.extend({ payment_method: z.string(), payment_status: z.enum(paymentStatuses) }),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({ name: z.string(), email: z.string().nullable() }),
  refunds: z.array(refundSchema),
  received_at: z.string().nullable(),
});
export type ConsoleReturn = z.infer<typeof consoleReturnSchema>;
export const consoleReturnAnswerSchema = z.object({ return: consoleReturnSchema });

/** `GET /api/console/orders/{id}/refunds`: what was paid, refunded and may still be, per line and in all. */
export const orderRefundsSchema = z.object({
  paid: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  payment_method: z.string(),
  payment_status: z.enum(paymentStatuses),
  lines: z.array(z.object({ order_item_id: z.number().int(), name: z.string(), quantity: z.number().int(), refundable_quantity: z.number().int(), unit_refund: z.number() })),
  /** Returns received and not yet refunded, which a refund may name. */
  refundable_returns: z.array(z.object({ id: z.number().int(), quantity: z.number().int() })),
  refunds: z.array(refundSchema),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;
export const refundAnswerSchema = z.object({ refund: refundSchema, refunds: orderRefundsSchema });
