import { z } from 'zod';
import { emailSchema } from './account.contract.ts';
import { CONTACT_LIMITS, CONTACT_PHONE_PATTERN } from './contact-limits.ts';
import { requiredText, text } from './text-fields.ts';

/** `GET /api/blogs`: `category` is a blog category's slug. */
export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  category: text('category', { max: 100 }).optional(),
  search: text('search', { max: 100 }).optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** `/api/blogs/{slug}`, `/api/pages/{slug}`. */
export const contentSlugParamSchema = z.object({
  slug: requiredText('slug', { max: 150 }),
});

/** `GET /api/blogs/{slug}`: `preview` is the token of a preview link (`POST /api/console/blog-posts/{id}/preview-link`), which shows the post unpublished. */
export const blogDetailsQuerySchema = z.object({
  preview: text('preview', { max: 200 }).optional(),
});

/** `POST /api/contact`. Unknown fields are dropped. */
export const contactInputSchema = z.object({
  name: requiredText('name', { max: CONTACT_LIMITS.name }),
  email: emailSchema,
  phone: text('phone', { max: CONTACT_LIMITS.phone })
    .refine((phone) => phone === '' || CONTACT_PHONE_PATTERN.test(phone), 'The phone format is invalid.')
    .nullish()
    .transform((phone) => phone || undefined),
  subject: requiredText('subject', { max: CONTACT_LIMITS.subject }),
  message: requiredText('message', { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.message, multiline: true }),
});
export type ContactInput = z.input<typeof contactInputSchema>;

// ---- Answers ----

export const blogCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  excerpt: z.string(),
  category: blogCategorySchema,
  published_at: z.string(),
});
export type BlogCard = z.infer<typeof blogCardSchema>;

export const blogListSchema = z.object({
  total: z.number().int(),
  blogs: z.array(blogCardSchema),
  /** Every category with its number of published posts, for the filter. */
  categories: z.array(blogCategorySchema.extend({ count: z.number().int() })),
});
export type BlogList = z.infer<typeof blogListSchema>;

export const blogDetailsSchema = z.object({
  /** Sanitised HTML: the only field the storefront renders as markup. */
  blog: blogCardSchema.extend({ content_html: z.string(), updated_at: z.string() }),
  related: z.array(blogCardSchema),
});
export type BlogDetails = z.infer<typeof blogDetailsSchema>;

export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  content_html: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** `category`: the heading the question sits under on the FAQ page; empty for none. */
export const faqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), category: z.string() });
export type Faq = z.infer<typeof faqSchema>;
