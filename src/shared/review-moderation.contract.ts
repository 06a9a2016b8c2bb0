import { z } from 'zod';
import { queryId } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { requiredText } from './text-fields.ts';

export const reviewVisibilities = ['visible', 'hidden'] as const;
export type ReviewVisibility = (typeof reviewVisibilities)[number];

/** `GET /api/console/reviews`: newest first; a shop's people see their shop's products' reviews only. */
export const reviewModerationQuerySchema = z.object({
  visibility: optional(z.enum(reviewVisibilities, 'The selected visibility is invalid.')),
  product_id: queryId('product id'),
  rating: optional(z.coerce.number({ error: 'The rating must be a number.' }).int('The rating must be an integer.').min(1, 'The rating must be between 1 and 5.').max(5, 'The rating must be between 1 and 5.')),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type ReviewModerationQuery = z.infer<typeof reviewModerationQuerySchema>;

export const moderatedReviewSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() }),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  reviewer_name: z.string(),
  /** The account that wrote it; null for the demo's seeded reviews. */
  customer_id: z.number().int().nullable(),
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
  /** Null while the storefront shows it. */
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

export const reviewModerationPageSchema = z.object({ reviews: z.array(moderatedReviewSchema), next_cursor: z.string().nullable() });
export type ReviewModerationPage = z.infer<typeof reviewModerationPageSchema>;

/** `POST /api/console/reviews/{id}/hide` and `/show`: a hiding reason is shown to the review's author. */
export const reviewModerationSchema = z.object({ reason: requiredText('reason', { max: 1000, multiline: true }) });
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

export const moderatedReviewAnswerSchema = z.object({ review: moderatedReviewSchema });
