import { z } from 'zod';
import { consoleProductSchema, productStatuses } from './catalog-console.contract.ts';
import { pageCursor, pageLimit } from './list-pages.ts';
import { requiredText } from './text-fields.ts';

/**
 * A seller's proposed product change (decision 033): `pending` until the store decides; `superseded`
 * when a newer proposal for the same product, or its archiving, took its place.
 */
export const productReviewStatuses = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type ProductReviewStatus = (typeof productReviewStatuses)[number];

/** `create`: a new product asked to go on sale; `update`: an edit of one on sale (or of a draft asked to go on sale). */
export const productReviewKinds = ['create', 'update'] as const;

const PRODUCT_REVIEW_PAGE_SIZE = 20;

/** `GET /api/console/product-reviews`. */
export const productReviewQuerySchema = z.object({
  status: z.enum(productReviewStatuses, 'The selected status is invalid.').default('pending'),
  /** `next_cursor` of the page before. */
  cursor: pageCursor,
  limit: pageLimit(PRODUCT_REVIEW_PAGE_SIZE),
});
export type ProductReviewQuery = z.infer<typeof productReviewQuerySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

/** A proposal as the queue lists it. */
export const productReviewRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(productReviewStatuses),
  kind: z.enum(productReviewKinds),
  product: z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string(), status: z.enum(productStatuses) }),
  /** The name the product would have once approved. */
  proposed_name: z.string(),
  shop: personSchema,
  /** Null once the account is gone. */
  author: personSchema.nullable(),
  submitted_at: z.string(),
  reviewer: personSchema.nullable(),
  /** Why it was rejected; null otherwise. */
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type ProductReviewRow = z.infer<typeof productReviewRowSchema>;

/** Oldest proposal first, so the queue is worked in the order sellers submitted. */
export const productReviewPageSchema = z.object({ reviews: z.array(productReviewRowSchema), next_cursor: z.string().nullable() });
export type ProductReviewPage = z.infer<typeof productReviewPageSchema>;

/**
 * `GET /api/console/product-reviews/{id}`: the proposal with the product as the storefront shows it
 * now (`current`, null when it is not on sale) and as it would be once approved (`proposed`, as
 * computed when it was submitted; stock is left out of the comparison).
 */
export const productReviewDetailSchema = z.object({ review: productReviewRowSchema, current: consoleProductSchema.nullable(), proposed: consoleProductSchema });
export type ProductReviewDetail = z.infer<typeof productReviewDetailSchema>;

/** `POST /api/console/product-reviews/{id}/reject`: the reason is mailed to the seller and shown in their console. */
export const productReviewRejectionSchema = z.object({ reason: requiredText('reason', { max: 1000, multiline: true }) });
export type ProductReviewRejection = z.infer<typeof productReviewRejectionSchema>;

export const productReviewAnswerSchema = z.object({ review: productReviewRowSchema });
