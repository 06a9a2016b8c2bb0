import { z } from 'zod';
import { imageSchema, recordId, translatedLocales } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { nameTranslationsSchema, slugSchema, taxonomyReorderSchema } from './taxonomy-console.contract.ts';
import { requiredText, text } from './text-fields.ts';

/**
 * A blog post as the console sorts it, read from its `published_at` (issue 48): none is a draft, a
 * later time is scheduled, a time passed is published. A scheduled post goes up when its time comes
 * with no job to run: the storefront reads only posts whose time has passed.
 */
export const blogPostStatuses = ['draft', 'scheduled', 'published'] as const;
export type BlogPostStatus = (typeof blogPostStatuses)[number];

/** Search engines show about this many characters of a page's description. */
export const MAX_META_DESCRIPTION = 160;

export const SCHEDULE_IN_PAST = 'The publish time must be in the future.';
export const SCHEDULE_NEEDS_TIME = 'The publish time is required to schedule a post.';

/** `GET /api/console/blog-posts`: newest first; `next_cursor` of the page before, with the same filters, pages on. */
export const blogPostListQuerySchema = z.object({
  status: optional(z.enum(blogPostStatuses, { error: 'The selected status is invalid.' })),
  /** Words of the title, in any letter case. */
  search: optional(text('search', { max: 100 })),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type BlogPostListQuery = z.infer<typeof blogPostListQuerySchema>;

const title = requiredText('title', { max: 200 });
const metaDescription = text('meta description', { max: MAX_META_DESCRIPTION });
const body = text('body', { max: 100_000, multiline: true });

const postTextsSchema = z.object({ title: text('title', { max: 200 }).optional(), meta_description: metaDescription.optional(), body: body.optional() });

/** `{ ar: { title, meta_description, body }, ir: { … } }`: an empty text falls back to the default language's. */
const postTranslationsSchema = z.object(
  Object.fromEntries(translatedLocales.map((locale) => [locale, postTextsSchema.optional()])) as Record<(typeof translatedLocales)[number], z.ZodOptional<typeof postTextsSchema>>,
);

const publishedAt = requiredText('publish time', { max: 40 }).refine((value) => !Number.isNaN(Date.parse(value)), 'The publish time is not a valid date.');

const postFields = {
  title,
  /** Left out on creation: made from the title. */
  slug: slugSchema.optional(),
  category_id: recordId('category id'),
  /** Left out on creation: a placeholder picture. */
  cover: imageSchema('cover').optional(),
  meta_description: metaDescription.optional(),
  /** Rich text from the console's editor; sanitised by the server before it is kept. */
  body: body.optional(),
  translations: postTranslationsSchema.optional(),
  /** `scheduled` needs `published_at`, a time to come; `published` is now; `draft` takes the post down. */
  status: z.enum(blogPostStatuses, { error: 'The selected status is invalid.' }).optional(),
  published_at: publishedAt.optional(),
};

const scheduleRule = (post: { status?: BlogPostStatus; published_at?: string }, context: z.RefinementCtx) => {
  if (post.status === 'scheduled' && post.published_at === undefined) context.addIssue({ code: 'custom', path: ['published_at'], message: SCHEDULE_NEEDS_TIME });
};

export const blogPostCreateSchema = z.object(postFields).superRefine(scheduleRule);
export const blogPostUpdateSchema = z.object(postFields).partial().superRefine(scheduleRule);
export type BlogPostInput = z.infer<typeof blogPostUpdateSchema>;

const postTranslationsAnswer = z.record(z.string(), z.object({ title: z.string().optional(), meta_description: z.string().optional(), body: z.string().optional() }));

export const consoleBlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  cover: z.string(),
  meta_description: z.string(),
  body: z.string(),
  translations: postTranslationsAnswer,
  status: z.enum(blogPostStatuses),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  /** The translated languages whose title or body is not written yet (they show the default language's). */
  missing_translations: z.array(z.enum(translatedLocales)),
});
export type ConsoleBlogPost = z.infer<typeof consoleBlogPostSchema>;

export const consoleBlogPostPageSchema = z.object({ posts: z.array(consoleBlogPostSchema), next_cursor: z.string().nullable() });
export type ConsoleBlogPostPage = z.infer<typeof consoleBlogPostPageSchema>;
export const consoleBlogPostAnswerSchema = z.object({ post: consoleBlogPostSchema });

/** `POST /api/console/blog-posts/{id}/preview-link`: where the storefront shows the post as it stands, draft or not, until `expires_at`. */
export const blogPreviewLinkAnswerSchema = z.object({ url: z.string(), expires_at: z.string() });

export const blogCategoryCreateSchema = z.object({ name: requiredText('name', { max: 100 }), slug: slugSchema.optional(), translations: nameTranslationsSchema.optional() });
export const blogCategoryUpdateSchema = blogCategoryCreateSchema.partial();
export type BlogCategoryInput = z.infer<typeof blogCategoryUpdateSchema>;

export const consoleBlogCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  translations: z.record(z.string(), z.object({ name: z.string().optional() })),
  post_count: z.number().int(),
  /** The translated languages its name is not written in. */
  missing_translations: z.array(z.enum(translatedLocales)),
});
export type ConsoleBlogCategory = z.infer<typeof consoleBlogCategorySchema>;
export const consoleBlogCategoryListSchema = z.object({ categories: z.array(consoleBlogCategorySchema) });
export const consoleBlogCategoryAnswerSchema = z.object({ category: consoleBlogCategorySchema });

/** `POST /api/console/blog-categories/reorder`: every category once, in the storefront's new order. */
export const blogCategoryReorderSchema = taxonomyReorderSchema;

/** `DELETE /api/console/blog-categories/{id}` of a category posts still sit in (409). */
export const CATEGORY_HAS_POSTS = 'This category still has posts; move them first.';
