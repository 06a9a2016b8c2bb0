import { z } from 'zod';
import { MAX_AMOUNT, queryId, recordId, wholeNumber } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { requiredText, text } from './text-fields.ts';

/**
 * A voucher as the console sorts it: `inactive` is switched off; otherwise `scheduled` before its
 * window opens, `expired` once it closed, `active` within it.
 */
export const voucherStatuses = ['active', 'scheduled', 'expired', 'inactive'] as const;
export type VoucherStatus = (typeof voucherStatuses)[number];

export const voucherDiscountTypes = ['percentage', 'amount'] as const;
export type VoucherDiscountType = (typeof voucherDiscountTypes)[number];

export const MAX_VOUCHER_CODE = 50;
const MAX_LIMIT = 1_000_000;

export const EXPIRES_BEFORE_STARTS = 'The expires at must be a date after starts at.';
export const CODE_TAKEN = 'The code has already been taken.';
export const MAX_DISCOUNT_NOT_FOR_AMOUNT = 'The max discount amount field is prohibited unless discount type is percentage.';
export const totalLimitBelowUsed = (used: number) => `The total limit must be at least ${used}, the times the voucher has been used.`;

/** `GET /api/console/vouchers`: newest first; `next_cursor` of the page before, with the same filters, pages on. */
export const voucherConsoleListQuerySchema = z.object({
  status: optional(z.enum(voucherStatuses, { error: 'The selected status is invalid.' })),
  /** The start of a code, in any letter case. */
  search: optional(text('search', { max: MAX_VOUCHER_CODE })),
  /** The store's staff only: a seller's people always see their own shop's. */
  shop_id: queryId('shop id'),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type VoucherConsoleListQuery = z.infer<typeof voucherConsoleListQuerySchema>;

/** A money amount as the console's APIs speak it: a decimal in the store's currency, cents at most. */
export const decimal = (field: string, { min }: { min: number }) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} must be a number.`) })
    .min(min, `The ${field} must be at least ${min}.`)
    .max(MAX_AMOUNT, `The ${field} must not be greater than ${MAX_AMOUNT}.`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `The ${field} must have at most 2 decimal places.`);

/** An ISO 8601 moment. */
export const moment = (field: string) => requiredText(field, { max: 40 }).refine((value) => !Number.isNaN(Date.parse(value)), `The ${field} is not a valid date.`);

/** A voucher's terms as the API speaks them: a percentage voucher's `discount` is whole percent, an amount voucher's a decimal amount. */
const voucherFields = {
  /** Letters, digits and dashes; kept upper-case, and shoppers may type it in any case. */
  code: requiredText('code', { max: MAX_VOUCHER_CODE })
    .regex(/^[A-Za-z0-9-]+$/, 'The code may only contain letters, numbers and dashes.')
    .overwrite((code) => code.toUpperCase()),
  discount_type: z.enum(voucherDiscountTypes, { error: (issue) => (issue.input === undefined ? 'The discount type field is required.' : 'The selected discount type is invalid.') }),
  discount: decimal('discount', { min: 0 }),
  /** The shop subtotal the order must reach; 0 for none. */
  min_order_amount: decimal('min order amount', { min: 0 }),
  /** Percentage vouchers only: the most it takes off; null for no cap. */
  max_discount_amount: decimal('max discount amount', { min: 0.01 }).nullable(),
  /** Uses across all shoppers; null for no limit. */
  total_limit: wholeNumber('total limit', 1, MAX_LIMIT).nullable(),
  limit_for_user: wholeNumber('limit for user', 1, MAX_LIMIT),
  /** ISO 8601 moments. */
  starts_at: moment('starts at'),
  expires_at: moment('expires at'),
};

export interface VoucherTerms {
  discount_type: VoucherDiscountType;
  discount: number;
  max_discount_amount: number | null;
  starts_at: string;
  expires_at: string;
}

/** The rules across fields, for a new voucher and for an edited one with its stored terms filled in. */
export function voucherTermsErrors(terms: VoucherTerms): Record<string, string> {
  const errors: Record<string, string> = {};
  if (terms.discount_type === 'percentage') {
    if (!Number.isInteger(terms.discount)) errors.discount = 'The discount must be an integer.';
    else if (terms.discount < 1 || terms.discount > 100) errors.discount = 'The discount must be between 1 and 100.';
  } else {
    if (terms.discount <= 0) errors.discount = 'The discount must be greater than 0.';
    if (terms.max_discount_amount !== null) errors.max_discount_amount = MAX_DISCOUNT_NOT_FOR_AMOUNT;
  }
  if (Date.parse(terms.expires_at) <= Date.parse(terms.starts_at)) errors.expires_at = EXPIRES_BEFORE_STARTS;
  return errors;
}

const withTermsChecked = (terms: VoucherTerms, context: z.core.$RefinementCtx) => {
  for (const [field, message] of Object.entries(voucherTermsErrors(terms))) context.addIssue({ code: 'custom', path: [field], message });
};

/** `POST /api/console/vouchers`: the store's staff name the shop; a seller's is always their own. */
export const voucherCreateSchema = z
  .object({
    ...voucherFields,
    min_order_amount: voucherFields.min_order_amount.default(0),
    max_discount_amount: voucherFields.max_discount_amount.default(null),
    total_limit: voucherFields.total_limit.default(null),
    limit_for_user: voucherFields.limit_for_user.default(1),
    shop_id: recordId('shop id').optional(),
  })
  .superRefine(withTermsChecked);
export type VoucherCreate = z.infer<typeof voucherCreateSchema>;
export type VoucherCreateInput = z.input<typeof voucherCreateSchema>;

/** `PATCH /api/console/vouchers/{id}`: the fields given change; the rules across fields are checked with the stored ones. */
export const voucherUpdateSchema = z.object(voucherFields).partial();
export type VoucherUpdate = z.infer<typeof voucherUpdateSchema>;

export const consoleVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  discount_type: z.enum(voucherDiscountTypes),
  discount: z.number(),
  min_order_amount: z.number(),
  max_discount_amount: z.number().nullable(),
  total_limit: z.number().int().nullable(),
  limit_for_user: z.number().int(),
  /** Orders that used it (a cancelled order gives its use back). */
  used_count: z.number().int(),
  starts_at: z.string(),
  expires_at: z.string(),
  is_active: z.boolean(),
  status: z.enum(voucherStatuses),
  created_at: z.string(),
});
export type ConsoleVoucher = z.infer<typeof consoleVoucherSchema>;

export const consoleVoucherPageSchema = z.object({ vouchers: z.array(consoleVoucherSchema), next_cursor: z.string().nullable() });
export type ConsoleVoucherPage = z.infer<typeof consoleVoucherPageSchema>;

export const consoleVoucherAnswerSchema = z.object({ voucher: consoleVoucherSchema });
