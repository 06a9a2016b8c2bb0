import { z } from 'zod';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { requiredText, text } from './text-fields.ts';

/** A product's life: only `active` reaches the storefront; the console archives instead of deleting. */
/**
 * A product's state: only `active` ones reach the storefront; `archived` is retired by the console;
 * `withheld` is an active product of a shop that is not approved, active again when it is (decision 029).
 */
export const productStatuses = ['active', 'draft', 'archived', 'withheld'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** Languages a product's texts are translated into besides the store's default (decision 019). */
export const translatedLocales = ['ar', 'ir'] as const;

const MAX_ID = 2_147_483_647;
/** The largest amount a price may be: 1,000,000.00 (minor units stay far inside an integer column). */
export const MAX_AMOUNT = 1_000_000;
export const MAX_STOCK = 1_000_000;
/** The most pictures a product has. */
export const MAX_PRODUCT_IMAGES = 12;
/** The most pictures a variant has. */
export const MAX_VARIANT_IMAGES = 8;

export const recordId = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} must be a number.`) })
    .int(`The ${field} must be an integer.`)
    .min(1, `The ${field} must be at least 1.`)
    .max(MAX_ID, `The ${field} must not be greater than ${MAX_ID}.`);

/** A decimal amount with at most two places (docs/design.md §4); the server keeps it as integer minor units. */
export const amount = (field: string, { min }: { min: number }) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} must be a number.`) })
    .min(min, `The ${field} must be at least ${min}.`)
    .max(MAX_AMOUNT, `The ${field} must not be greater than ${MAX_AMOUNT}.`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `The ${field} must have at most 2 decimal places.`);

/** A rate as the console types it: a percentage from 0 to 100 with at most two places, kept inside as basis points (7.5 is 750). */
export const percentSchema = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} must be a number.`) })
    .min(0, `The ${field} must be at least 0.`)
    .max(100, `The ${field} must not be greater than 100.`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `The ${field} must have at most 2 decimal places.`);

/** A tax rate as the console types it (decision 054). */
export const taxPercentSchema = percentSchema('tax rate');

/** A commission rate as the console types and shows it: the store's, a category's or a shop's (decision 052). */
export const commissionPercentSchema = percentSchema('commission rate');

export const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} must be a number.`) })
    .int(`The ${field} must be an integer.`)
    .min(min, `The ${field} must be at least ${min}.`)
    .max(max, `The ${field} must not be greater than ${max}.`);

/** A SKU: letters, digits, `-`, `_` and `.`, as printed on labels and typed into searches. */
const skuSchema = requiredText('sku', { max: 64 }).regex(/^[A-Za-z0-9._-]+$/, 'The sku may only contain letters, numbers, dashes, underscores and dots.');

/** An image the media library serves (`/media/...`) or an https address. */
export const imageSchema = (field: string) =>
  requiredText(field, { max: 500 }).regex(/^(\/media\/[^\s?#]+|https:\/\/[^\s]+)$/, `The ${field} must be a /media/ path or an https address.`);

/**
 * An image as a product or variant names it: a media library id (`POST /api/console/media`), or an
 * address (the library's files, the demo pictures, https). A seller's people name their shop's pictures only.
 */
const imageReferenceSchema = (field: string) =>
  z.union([z.number().int().min(1).max(MAX_ID), imageSchema(field)], { error: `The ${field} must be a media id, a /media/ path or an https address.` });

const richTextSchema = (field: string) => text(field, { max: 50_000, multiline: true });

const localeTextsSchema = z.object({ name: text('name', { max: 200 }).optional(), description: richTextSchema('description').optional() });

/** `{ ar: { name, description }, ir: { ... } }`: an empty text falls back to the default language. */
const translationsSchema = z.object(Object.fromEntries(translatedLocales.map((locale) => [locale, localeTextsSchema.optional()])) as Record<(typeof translatedLocales)[number], z.ZodOptional<typeof localeTextsSchema>>);

const variantFields = {
  color_id: recordId('color id').nullable().optional(),
  size_id: recordId('size id').nullable().optional(),
  sku: skuSchema,
  barcode: text('barcode', { max: 64 }).nullable().optional(),
  /** Null or left out: the product's price. */
  price: amount('price', { min: 0.01 }).nullable().optional(),
  /** Null or left out: the product's discount price; 0 is no discount. */
  discount_price: amount('discount price', { min: 0 }).nullable().optional(),
  /** The first is the variant's picture in lists and the cart; none shows the product's pictures. */
  images: z.array(imageReferenceSchema('images')).max(MAX_VARIANT_IMAGES).optional(),
  is_active: z.boolean().optional(),
};

/** A variant of a new product: its starting stock enters the stock ledger (decision 020). */
const newVariantSchema = z.object({ ...variantFields, stock: wholeNumber('stock', 0, MAX_STOCK).optional() });

const productFields = {
  name: requiredText('name', { max: 200 }),
  /** HTML; sanitised before it is stored (decision 012). */
  description: richTextSchema('description').optional(),
  category_id: recordId('category id'),
  sub_category_id: recordId('sub category id').nullable().optional(),
  brand_id: recordId('brand id').nullable().optional(),
  unit: requiredText('unit', { max: 20 }).optional(),
  tags: z.array(requiredText('tags', { max: 50 })).max(20).optional(),
  seo_title: text('seo title', { max: 120 }).optional(),
  seo_description: text('seo description', { max: 300 }).optional(),
  /** A new or edited product is `active` or `draft`; `POST .../archive` archives it. */
  status: z.enum(['active', 'draft']).optional(),
  sku: skuSchema,
  price: amount('price', { min: 0.01 }),
  discount_price: amount('discount price', { min: 0 }).optional(),
  /** The product's own tax rate in percent; null: the store's rate (decision 054). */
  tax_rate: taxPercentSchema.nullable().optional(),
  translations: translationsSchema.optional(),
  /** The first is the thumbnail. */
  images: z.array(imageReferenceSchema('images')).max(MAX_PRODUCT_IMAGES).optional(),
};

/** `POST /api/console/products`. */
export const productCreateSchema = z.object({
  ...productFields,
  /** The store's staff name the shop; a seller's people create in their own shop and may leave it out. */
  shop_id: recordId('shop id').optional(),
  variants: z.array(newVariantSchema).min(1, 'The variants must have at least 1 items.').max(100),
});
export type ProductCreate = z.infer<typeof productCreateSchema>;

/**
 * A variant in an edit: with `id`, changes that variant (not its stock: see the stock call); without,
 * adds one, or brings back the product's retired variant of that combination (decision 020).
 */
const variantEditSchema = z.object({ ...newVariantSchema.shape, id: recordId('id').optional(), sku: skuSchema.optional() });

/**
 * `PATCH /api/console/products/{id}`: only the fields given change. `variants`, when given, is the
 * product's whole list: a variant left out is retired (off sale, its ledger and orders kept), never deleted.
 */
export const productUpdateSchema = z.object({
  ...z.object(productFields).partial().shape,
  variants: z.array(variantEditSchema).max(100).optional(),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** Why a variant's stock moved: each row of the stock ledger names one (decision 020). */
export const stockMovementReasons = ['order', 'cancellation', 'refund', 'restock', 'adjustment', 'import', 'damaged', 'lost', 'found', 'returned', 'correction'] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

/** Reasons staff give for moving stock by hand; orders, refunds and imports move it themselves. */
export const stockAdjustmentReasons = ['restock', 'adjustment', 'damaged', 'lost', 'found', 'returned', 'correction'] as const satisfies readonly StockMovementReason[];

/** The longest note a stock movement keeps. */
export const MAX_STOCK_NOTE = 500;

/** `POST /api/console/products/{id}/variants/{variantId}/stock`: units on (positive) or off (negative) the shelf. */
export const stockAdjustmentSchema = z.object({
  change: wholeNumber('change', -MAX_STOCK, MAX_STOCK).refine((value) => value !== 0, 'The change must not be 0.'),
  reason: z.enum(stockAdjustmentReasons, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'The reason field is required.' : 'The selected reason is invalid.'),
  }),
  /** What it belongs to: a delivery note, a stock count. */
  reference: text('reference', { max: 100 }).optional(),
  /** Why, in a person's words ("two dropped in the warehouse"); kept in the ledger with the movement. */
  note: text('note', { max: MAX_STOCK_NOTE, multiline: true }).optional(),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

export const variantStockParamsSchema = z.object({
  id: z.string().meta({ description: 'The product id', example: '42' }),
  variantId: z.string().meta({ description: 'The variant id', example: '7' }),
});

export const queryId = (field: string) => optional(z.coerce.number({ error: `The ${field} must be a number.` }).pipe(recordId(field)));

/** `GET /api/console/products`. */
export const productConsoleListQuerySchema = z.object({
  status: optional(z.enum(productStatuses)),
  category_id: queryId('category id'),
  /** The store's staff only: a seller's people always see their own shop's. */
  shop_id: queryId('shop id'),
  /** Part of the name. */
  search: optional(text('search', { max: 100 })),
  /** A variant's exact SKU. */
  sku: optional(text('sku', { max: 64 })),
  sort: z.enum(['newest', 'name']).default('newest'),
  /** `next_cursor` of the page before, with the same filters and sort. */
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type ProductConsoleListQuery = z.infer<typeof productConsoleListQuerySchema>;

const shopRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const consoleProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  sku: z.string(),
  status: z.enum(productStatuses),
  price: z.number(),
  discount_price: z.number(),
  /** Units of its active variants. */
  stock: z.number().int(),
  category_id: z.number().int(),
  shop: shopRefSchema,
  created_at: z.string(),
});
export type ConsoleProductRow = z.infer<typeof consoleProductRowSchema>;

/** `estimated_total` is an exact count below this many products, the planner's estimate from it on. */
export const EXACT_TOTAL_BELOW = 1000;

/** A page of products; `estimated_total` is exact up to a bound and the planner's estimate beyond it, never a full count. */
export const consoleProductPageSchema = z.object({ products: z.array(consoleProductRowSchema), next_cursor: z.string().nullable(), estimated_total: z.number().int() });
export type ConsoleProductPage = z.infer<typeof consoleProductPageSchema>;

export const consoleVariantSchema = z.object({
  id: z.number().int(),
  color_id: z.number().int().nullable(),
  size_id: z.number().int().nullable(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: z.number().nullable(),
  discount_price: z.number().nullable(),
  stock: z.number().int(),
  images: z.array(z.string()),
  is_active: z.boolean(),
});
export type ConsoleVariant = z.infer<typeof consoleVariantSchema>;

/** Everything the product editor shows and edits. */
export const consoleProductSchema = z.object({
  id: z.number().int(),
  shop: shopRefSchema,
  name: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  category_id: z.number().int(),
  sub_category_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  unit: z.string(),
  tags: z.array(z.string()),
  seo_title: z.string(),
  seo_description: z.string(),
  status: z.enum(productStatuses),
  sku: z.string(),
  price: z.number(),
  discount_price: z.number(),
  /** Percent; null: the store's rate. */
  tax_rate: z.number().nullable(),
  stock: z.number().int(),
  translations: z.record(z.string(), z.object({ name: z.string().optional(), description: z.string().optional() })),
  thumbnail: z.string(),
  images: z.array(z.string()),
  variants: z.array(consoleVariantSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * A seller's latest proposed change while it waits for the store's approval, or once it was
   * rejected (decision 033); null when none waits and the last one was approved.
   */
  review: z
    .object({
      id: z.number().int(),
      status: z.enum(['pending', 'rejected']),
      /** The edit as the seller sent it (a `PATCH` body); applied as it is when approved. */
      changes: z.record(z.string(), z.unknown()),
      /** Why it was rejected; null while it waits. */
      reason: z.string().nullable(),
      submitted_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type ConsoleProduct = z.infer<typeof consoleProductSchema>;

export const consoleProductAnswerSchema = z.object({ product: consoleProductSchema });

export const stockAdjustedSchema = z.object({ variant: consoleVariantSchema, product_stock: z.number().int() });

/** What one bulk call does to every product it names. */
export const productBulkActions = ['publish', 'unpublish', 'archive', 'move', 'adjust_price'] as const;
export type ProductBulkAction = (typeof productBulkActions)[number];
export const MAX_BULK_PRODUCTS = 100;
/** A bulk price change is a percentage between these, with at most two decimal places (−10: ten percent off). */
export const BULK_PERCENT_RANGE = { min: -99, max: 1000 } as const;

/**
 * `POST /api/console/products/bulk`: one action on up to 100 products at once, all or nothing.
 * `move` names the category (and optionally a sub-category of it); `adjust_price` the percent.
 */
export const productBulkSchema = z
  .object({
    ids: z
      .array(recordId('ids'), { error: (issue) => (issue.input === undefined || issue.input === null ? 'The ids field is required.' : 'The ids must be an array.') })
      .min(1, 'The ids field is required.')
      .max(MAX_BULK_PRODUCTS, `The ids must not have more than ${MAX_BULK_PRODUCTS} items.`),
    action: z.enum(productBulkActions, {
      error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'The action field is required.' : 'The selected action is invalid.'),
    }),
    category_id: recordId('category id').optional(),
    sub_category_id: recordId('sub category id').nullable().optional(),
    percent: z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The percent field is required.' : 'The percent must be a number.') })
      .min(BULK_PERCENT_RANGE.min, `The percent must be at least ${BULK_PERCENT_RANGE.min}.`)
      .max(BULK_PERCENT_RANGE.max, `The percent must not be greater than ${BULK_PERCENT_RANGE.max}.`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'The percent must have at most 2 decimal places.')
      .refine((value) => value !== 0, 'The percent must not be 0.')
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.action === 'move' && input.category_id === undefined) context.addIssue({ code: 'custom', path: ['category_id'], message: 'The category id field is required when action is move.' });
    if (input.action === 'adjust_price' && input.percent === undefined) context.addIssue({ code: 'custom', path: ['percent'], message: 'The percent field is required when action is adjust price.' });
  });
export type ProductBulk = z.infer<typeof productBulkSchema>;

/** What a bulk call changed: products already as asked are left alone (no audit row) and not counted. */
export const productBulkResultSchema = z.object({ changed: z.number().int(), ids: z.array(z.number().int()) });
export type ProductBulkResult = z.infer<typeof productBulkResultSchema>;


/** `GET /api/console/stock`: variants, lowest stock first, a keyset page at a time. */
export const stockListQuerySchema = z.object({
  /** `true`: only variants at or below the store's `low_stock_threshold`. */
  low_stock: optional(z.enum(['true', 'false'], { error: 'The low stock field must be true or false.' })).transform((value) => value === 'true'),
  /** Part of the product's name, or the start of a variant's SKU. */
  search: optional(text('search', { max: 100 })),
  /** `next_cursor` of the page before, with the same filters. */
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type StockListQuery = z.infer<typeof stockListQuerySchema>;

export const stockVariantSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), status: z.enum(productStatuses) }),
  shop: shopRefSchema,
  sku: z.string(),
  /** The names of the option values that make this variant, in the request's language (null: the product has no such option). */
  color: z.string().nullable(),
  size: z.string().nullable(),
  stock: z.number().int(),
  /** At or below the store's low-stock threshold. */
  low_stock: z.boolean(),
});
export type StockVariant = z.infer<typeof stockVariantSchema>;

export const stockListSchema = z.object({ variants: z.array(stockVariantSchema), low_stock_threshold: z.number().int(), next_cursor: z.string().nullable() });
export type StockList = z.infer<typeof stockListSchema>;

/** `GET /api/console/products/{id}/variants/{variantId}/movements`: newest first. */
export const stockMovementQuerySchema = z.object({ cursor: pageCursor, limit: consolePageLimit });

export const stockMovementSchema = z.object({
  id: z.number().int(),
  /** Units on (positive) or off (negative) the shelf. */
  change: z.number().int(),
  /** The variant's stock right after this movement. */
  stock_after: z.number().int(),
  reason: z.enum(stockMovementReasons),
  /** A delivery note, a stock count, an order's id. */
  reference: z.string().nullable(),
  /** The note the person who moved it wrote. */
  note: z.string().nullable(),
  /** Who moved it; null for the system (imports, sweeps) or an account since deleted. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementPageSchema = z.object({ movements: z.array(stockMovementSchema), next_cursor: z.string().nullable() });
export type StockMovementPage = z.infer<typeof stockMovementPageSchema>;
