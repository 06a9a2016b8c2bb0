import { z } from 'zod';
import { imageSchema, MAX_STOCK, queryId, recordId, translatedLocales, wholeNumber } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { requiredText, text } from './text-fields.ts';
import { decimal, moment } from './vouchers-console.contract.ts';

/**
 * A flash sale as the console sorts it (decision 051), read from its times: `scheduled` before it
 * starts, `running` between its start and its end, `ended` after its end or once ended early.
 * The storefront follows the same times: a job invalidates the caches at each start and end.
 */
export const flashSaleStatuses = ['scheduled', 'running', 'ended'] as const;
export type FlashSaleStatus = (typeof flashSaleStatuses)[number];

/** A shop's offer of one variant: `pending` waits for the store (unless the sale approves at once). */
export const enrolmentStatuses = ['pending', 'approved', 'declined'] as const;
export type EnrolmentStatus = (typeof enrolmentStatuses)[number];

export const MAX_FLASH_SALE_NAME = 120;
export const MAX_BANNER_ALT = 200;
/** The most variants one enrolment request names. */
export const MAX_ENROLMENT_ROWS = 100;

// Field errors across fields (exact texts the console shows under the field).
export const ENDS_BEFORE_STARTS = 'The ends at must be a date after starts at.';
export const ENDS_IN_PAST = 'The ends at must be a date in the future.';
export const ENROLMENT_ENDS_BEFORE_STARTS = 'The enrolment ends at must be a date after enrolment starts at.';
export const ENROLMENT_ENDS_AFTER_SALE = 'The enrolment ends at must be a date before or equal to ends at.';
export const PRICE_OR_PERCENTAGE = 'Give either a sale price or a percentage.';
export const SALE_PRICE_NOT_BELOW = "The sale price must be below the variant's current price.";
export const VARIANT_ALREADY_ENROLLED = 'The variant is already enrolled in this flash sale.';
export const VARIANT_NAMED_TWICE = 'The variant is named more than once.';
export const VARIANT_NOT_ENROLLABLE = 'The variant must belong to an active product of the shop.';

// 409 answers (the sale's state refuses the write).
export const RUNNING_SALE_START_FIXED = 'A running flash sale keeps its start time.';
export const ENDED_SALE_FIXED = 'An ended flash sale cannot be changed.';
export const SALE_WITH_ORDERS = 'A flash sale with orders cannot be deleted.';
export const SALE_NOT_RUNNING = 'Only a running flash sale can be ended early.';
export const ENROLMENT_CLOSED = 'The enrolment window of this flash sale is not open.';
export const ENROLMENT_ALREADY_DECIDED = 'Only a pending enrolment can be approved or declined.';
export const ENROLMENT_STARTED = 'An approved enrolment cannot be withdrawn once the flash sale has started.';
/** Checkout's 409 when the last units at a sale price went to another shopper meanwhile. */
export const SALE_CAP_REACHED = 'The sale price of an item in your cart has just sold out. Please review your cart.';

const saleTextsSchema = z.object({
  name: text('name', { max: MAX_FLASH_SALE_NAME }).optional(),
  /** A media library picture (`/media/…`) or an https address; empty falls back to the default language's. */
  banner: z.union([z.literal(''), imageSchema('banner')]).optional(),
  banner_alt: text('banner alt', { max: MAX_BANNER_ALT }).optional(),
});

/** `{ ar: { name, banner, banner_alt }, ir: { … } }`: an empty text falls back to the default language's. */
const saleTranslationsSchema = z.object(
  Object.fromEntries(translatedLocales.map((locale) => [locale, saleTextsSchema.optional()])) as Record<(typeof translatedLocales)[number], z.ZodOptional<typeof saleTextsSchema>>,
);

const saleFields = {
  name: requiredText('name', { max: MAX_FLASH_SALE_NAME }),
  banner: imageSchema('banner'),
  banner_alt: text('banner alt', { max: MAX_BANNER_ALT }),
  translations: saleTranslationsSchema,
  /** ISO 8601 instants; the console shows and takes them in the store's time zone (src/shared/store-time.ts). */
  starts_at: moment('starts at'),
  ends_at: moment('ends at'),
  enrolment_starts_at: moment('enrolment starts at'),
  enrolment_ends_at: moment('enrolment ends at'),
  /** Enrolments made while it is on are approved at once. */
  auto_approve: z.boolean({ error: 'The auto approve field must be true or false.' }),
};

export interface FlashSaleSchedule {
  starts_at: string;
  ends_at: string;
  enrolment_starts_at: string;
  enrolment_ends_at: string;
}

/** The rules across a sale's times, for a new sale and for an edited one with its stored times filled in. */
export function flashSaleScheduleErrors(schedule: FlashSaleSchedule): Record<string, string> {
  const at = (field: keyof FlashSaleSchedule) => Date.parse(schedule[field]);
  const errors: Record<string, string> = {};
  if (at('ends_at') <= at('starts_at')) errors.ends_at = ENDS_BEFORE_STARTS;
  if (at('enrolment_ends_at') <= at('enrolment_starts_at')) errors.enrolment_ends_at = ENROLMENT_ENDS_BEFORE_STARTS;
  else if (at('enrolment_ends_at') > at('ends_at')) errors.enrolment_ends_at = ENROLMENT_ENDS_AFTER_SALE;
  return errors;
}

const withScheduleChecked = (schedule: FlashSaleSchedule, context: z.core.$RefinementCtx) => {
  const { starts_at, ends_at, enrolment_starts_at, enrolment_ends_at } = schedule;
  if ([starts_at, ends_at, enrolment_starts_at, enrolment_ends_at].some((value) => Number.isNaN(Date.parse(value)))) return;
  for (const [field, message] of Object.entries(flashSaleScheduleErrors(schedule))) context.addIssue({ code: 'custom', path: [field], message });
};

/** `POST /api/console/flash-sales` (the store's staff with `promotions.write`). */
export const flashSaleCreateSchema = z
  .object({
    ...saleFields,
    banner_alt: saleFields.banner_alt.default(''),
    translations: saleFields.translations.default({}),
    auto_approve: saleFields.auto_approve.default(false),
  })
  .superRefine(withScheduleChecked);
export type FlashSaleCreate = z.infer<typeof flashSaleCreateSchema>;
export type FlashSaleCreateInput = z.input<typeof flashSaleCreateSchema>;

/**
 * `PATCH /api/console/flash-sales/{id}`: the fields given change; the rules across times are checked
 * with the stored ones. A running sale keeps its start (409), an ended sale changes no more (409).
 * `translations` replaces the texts of the locales it names.
 */
export const flashSaleUpdateSchema = z.object(saleFields).partial();
export type FlashSaleUpdate = z.infer<typeof flashSaleUpdateSchema>;

/** `GET /api/console/flash-sales`: newest first; `next_cursor` of the page before, with the same filters, pages on. */
export const flashSaleListQuerySchema = z.object({
  status: optional(z.enum(flashSaleStatuses, { error: 'The selected status is invalid.' })),
  /** Words of the name, in any letter case. */
  search: optional(text('search', { max: MAX_FLASH_SALE_NAME })),
  /** `true`: only the sales whose enrolment window is open now (what a seller may enrol in). */
  enrolling: optional(z.enum(['true', 'false'], { error: 'The enrolling field must be true or false.' }).transform((value) => value === 'true')),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type FlashSaleListQuery = z.infer<typeof flashSaleListQuerySchema>;

const saleTranslationsAnswer = z.record(z.string(), z.object({ name: z.string().optional(), banner: z.string().optional(), banner_alt: z.string().optional() }));

export const consoleFlashSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  banner: z.string(),
  banner_alt: z.string(),
  translations: saleTranslationsAnswer,
  starts_at: z.string(),
  ends_at: z.string(),
  enrolment_starts_at: z.string(),
  enrolment_ends_at: z.string(),
  auto_approve: z.boolean(),
  status: z.enum(flashSaleStatuses),
  /** Sellers may enrol now. */
  enrolment_open: z.boolean(),
  /** When the store ended it before its time; `ends_at` is then that moment. */
  ended_early_at: z.string().nullable(),
  /** An order line was sold at its price: it cannot be deleted. */
  has_orders: z.boolean(),
  /** Enrolments by status; a seller's people count their own shop's only. */
  enrolment_counts: z.object({ pending: z.number().int(), approved: z.number().int(), declined: z.number().int() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleFlashSale = z.infer<typeof consoleFlashSaleSchema>;

export const consoleFlashSalePageSchema = z.object({ flash_sales: z.array(consoleFlashSaleSchema), next_cursor: z.string().nullable() });
export type ConsoleFlashSalePage = z.infer<typeof consoleFlashSalePageSchema>;

export const consoleFlashSaleAnswerSchema = z.object({ flash_sale: consoleFlashSaleSchema });
export type ConsoleFlashSaleAnswer = z.infer<typeof consoleFlashSaleAnswerSchema>;

/** `/api/console/flash-sales/{id}/enrolments/{enrolmentId}`. */
export const enrolmentParamsSchema = z.object({
  id: z.string().meta({ description: 'The flash sale id', example: '3' }),
  enrolmentId: z.string().meta({ description: 'The enrolment id', example: '17' }),
});

/** `GET /api/console/flash-sales/{id}/enrolments`: the store's staff see every shop's (or one's), a seller's people their own shop's. */
export const enrolmentListQuerySchema = z.object({
  status: optional(z.enum(enrolmentStatuses, { error: 'The selected status is invalid.' })),
  /** The store's staff only: a seller's people always see their own shop's. */
  shop_id: queryId('shop id'),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type EnrolmentListQuery = z.infer<typeof enrolmentListQuerySchema>;

const enrolmentRowSchema = z
  .object({
    variant_id: recordId('variant id'),
    /** A decimal amount below the variant's price now; or leave it out and give `percentage`. */
    sale_price: decimal('sale price', { min: 0.01 }).nullish(),
    /** Whole percent off the variant's price now (1–99); the sale price is worked out from it, rounded to the minor unit. */
    percentage: wholeNumber('percentage', 1, 99).nullish(),
    /** The most units sold at the sale price; null for no cap. Once sold out, the variant sells at its normal price. */
    stock_cap: wholeNumber('stock cap', 1, MAX_STOCK).nullish(),
  })
  .superRefine((row, context) => {
    const hasPrice = row.sale_price !== undefined && row.sale_price !== null;
    const hasPercentage = row.percentage !== undefined && row.percentage !== null;
    if (hasPrice === hasPercentage) context.addIssue({ code: 'custom', path: ['sale_price'], message: PRICE_OR_PERCENTAGE });
  });

/**
 * `POST /api/console/flash-sales/{id}/enrolments`: while the enrolment window is open, a shop offers
 * variants of its own active products. The store's staff name the shop; a seller's is always their own.
 * Row errors are keyed like `variants.0.sale_price`.
 */
export const enrolmentCreateSchema = z.object({
  shop_id: recordId('shop id').optional(),
  variants: z
    .array(enrolmentRowSchema, { error: 'The variants field is required.' })
    .min(1, 'The variants field is required.')
    .max(MAX_ENROLMENT_ROWS, `The variants must not have more than ${MAX_ENROLMENT_ROWS} items.`),
});
export type EnrolmentCreate = z.infer<typeof enrolmentCreateSchema>;
export type EnrolmentCreateInput = z.input<typeof enrolmentCreateSchema>;

/** `POST …/enrolments/{enrolmentId}/decline`: the shop reads the reason. */
export const enrolmentDeclineSchema = z.object({ reason: requiredText('reason', { max: 1000, multiline: true }) });
export type EnrolmentDecline = z.infer<typeof enrolmentDeclineSchema>;

export const consoleEnrolmentSchema = z.object({
  id: z.number().int(),
  flash_sale_id: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  product: z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() }),
  /** `name` is the variant's options (e.g. "Red / M"), empty for a product's only variant. */
  variant: z.object({ id: z.number().int(), name: z.string(), sku: z.string().nullable() }),
  /** The variant's selling price now, outside the sale (decimal). */
  regular_price: z.number(),
  /** The price while the sale runs (decimal). */
  sale_price: z.number(),
  /** When the shop gave a percentage: the whole percent it took off. */
  percentage: z.number().int().nullable(),
  stock_cap: z.number().int().nullable(),
  /** Units sold at the sale price (a cancelled order gives its units back). */
  sold: z.number().int(),
  status: z.enum(enrolmentStatuses),
  decline_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type ConsoleEnrolment = z.infer<typeof consoleEnrolmentSchema>;

export const consoleEnrolmentPageSchema = z.object({ enrolments: z.array(consoleEnrolmentSchema), next_cursor: z.string().nullable() });
export type ConsoleEnrolmentPage = z.infer<typeof consoleEnrolmentPageSchema>;

export const consoleEnrolmentAnswerSchema = z.object({ enrolment: consoleEnrolmentSchema });
export const consoleEnrolmentsCreatedSchema = z.object({ enrolments: z.array(consoleEnrolmentSchema) });
