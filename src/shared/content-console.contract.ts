import { z } from 'zod';
import { translatedLocales } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { slugSchema, taxonomyReorderSchema } from './taxonomy-console.contract.ts';
import { requiredText, text } from './text-fields.ts';

/**
 * The console's pages and FAQ (issue 48): `/api/console/content-pages`, `/api/console/faqs`. Every
 * text has its Arabic and Persian beside it in `translations`; an empty one falls back to English.
 */

/** The footer's columns a page's link may sit in. */
export const footerGroups = ['company', 'help'] as const;
export type FooterGroup = (typeof footerGroups)[number];

/** The pages the storefront has a route of its own for (`/terms-and-conditions` rather than `/page/terms-and-conditions`). */
export const STANDARD_PAGE_SLUGS = ['terms-and-conditions', 'privacy-policy', 'about-us'] as const;

export const isStandardPage = (slug: string) => (STANDARD_PAGE_SLUGS as readonly string[]).includes(slug);

/** Where the storefront shows a page. */
export const pagePath = (slug: string) => (isStandardPage(slug) ? `/${slug}` : `/page/${encodeURIComponent(slug)}`);

export const contentPageStatuses = ['published', 'draft'] as const;
export type ContentPageStatus = (typeof contentPageStatuses)[number];

export const PAGE_SLUG_TAKEN = 'The slug has already been taken.';
export const STANDARD_PAGE_SLUG_FIXED = 'The slug of a standard page cannot change.';

const MAX_FOOTER_ORDER = 1000;
const richText = (field: string) => text(field, { max: 100_000, multiline: true });

/** `{ ar: { title, content_html }, ir: { … } }`: a text left empty reads as the English one. */
const localeTexts = <Shape extends z.ZodRawShape>(shape: Shape) => {
  const texts = z.object(shape).partial();
  return z.object(Object.fromEntries(translatedLocales.map((locale) => [locale, texts.optional()])) as Record<(typeof translatedLocales)[number], z.ZodOptional<typeof texts>>);
};

/** `GET /api/console/content-pages`: newest first, by status and a search in the title or slug. */
export const contentPageListQuerySchema = z.object({
  status: optional(z.enum(contentPageStatuses, { error: 'The selected status is invalid.' })),
  /** Part of the title or slug, in any letter case. */
  search: optional(text('search', { max: 100 })),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type ContentPageListQuery = z.infer<typeof contentPageListQuerySchema>;

const pageFields = {
  slug: slugSchema,
  title: requiredText('title', { max: 200 }),
  /** HTML; sanitised before it is stored. */
  content_html: richText('content html'),
  translations: localeTexts({ title: text('title', { max: 200 }), content_html: richText('content html') }),
  is_published: z.boolean({ error: 'The is published field must be true or false.' }),
  footer_group: z.enum(footerGroups, { error: 'The selected footer group is invalid.' }).nullable(),
  footer_order: z
    .number({ error: 'The footer order must be a number.' })
    .int('The footer order must be an integer.')
    .min(0, 'The footer order must be at least 0.')
    .max(MAX_FOOTER_ORDER, `The footer order must not be greater than ${MAX_FOOTER_ORDER}.`),
};

/** `POST /api/console/content-pages`. */
export const contentPageCreateSchema = z.object({
  ...pageFields,
  content_html: pageFields.content_html.default(''),
  translations: pageFields.translations.default({}),
  is_published: pageFields.is_published.default(false),
  footer_group: pageFields.footer_group.default(null),
  footer_order: pageFields.footer_order.default(0),
});
export type ContentPageCreate = z.infer<typeof contentPageCreateSchema>;
export type ContentPageCreateInput = z.input<typeof contentPageCreateSchema>;

/** `PATCH /api/console/content-pages/{id}`: the fields given change. */
export const contentPageUpdateSchema = z.object(pageFields).partial();
export type ContentPageUpdate = z.infer<typeof contentPageUpdateSchema>;

const translationsOf = <Field extends string>(...fields: Field[]) =>
  z.record(z.string(), z.object(Object.fromEntries(fields.map((field) => [field, z.string().optional()])) as Record<Field, z.ZodOptional<z.ZodString>>));

export const consoleContentPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content_html: z.string(),
  translations: translationsOf('title', 'content_html'),
  is_published: z.boolean(),
  footer_group: z.enum(footerGroups).nullable(),
  footer_order: z.number().int(),
  /** Terms, privacy and about: the storefront has routes of their own, so their slug stays. */
  standard: z.boolean(),
  /** The languages a text of the page is not translated into. */
  missing_translations: z.array(z.enum(translatedLocales)),
  updated_at: z.string(),
});
export type ConsoleContentPage = z.infer<typeof consoleContentPageSchema>;

export const consoleContentPagePageSchema = z.object({ pages: z.array(consoleContentPageSchema), next_cursor: z.string().nullable() });
export const consoleContentPageAnswerSchema = z.object({ page: consoleContentPageSchema });

// ---- FAQ ----

const faqFields = {
  question: requiredText('question', { max: 300 }),
  /** Plain text; its line breaks are kept. */
  answer: requiredText('answer', { max: 5000, multiline: true }),
  /** The FAQ page's heading it sits under; empty for none. */
  category: text('category', { max: 100 }),
  translations: localeTexts({ question: text('question', { max: 300 }), answer: text('answer', { max: 5000, multiline: true }), category: text('category', { max: 100 }) }),
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
};

/** `POST /api/console/faqs`: placed after the last one. */
export const faqCreateSchema = z.object({
  ...faqFields,
  category: faqFields.category.default(''),
  translations: faqFields.translations.default({}),
  is_active: faqFields.is_active.default(true),
});
export type FaqCreate = z.infer<typeof faqCreateSchema>;
export type FaqCreateInput = z.input<typeof faqCreateSchema>;

/** `PATCH /api/console/faqs/{id}`. */
export const faqUpdateSchema = z.object(faqFields).partial();
export type FaqUpdate = z.infer<typeof faqUpdateSchema>;

/** `POST /api/console/faqs/reorder`: every question once, in the new order. */
export const faqReorderSchema = taxonomyReorderSchema;

/** Whether the FAQ page shows a question. */
export const faqStatuses = ['shown', 'hidden'] as const;
export type FaqStatus = (typeof faqStatuses)[number];

/** `GET /api/console/faqs?search=&status=`: the questions the filters keep, still in the FAQ page's order. */
export const faqListQuerySchema = z.object({
  status: optional(z.enum(faqStatuses, { error: 'The selected status is invalid.' })),
  /** Part of the question or answer, in any language and letter case. */
  search: optional(text('search', { max: 100 })),
});
export type FaqListQuery = z.infer<typeof faqListQuerySchema>;

export const consoleFaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  translations: translationsOf('question', 'answer', 'category'),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  missing_translations: z.array(z.enum(translatedLocales)),
});
export type ConsoleFaq = z.infer<typeof consoleFaqSchema>;

/** Every question, in the FAQ page's order: a list short enough to show whole, so it is not paged. */
export const consoleFaqListSchema = z.object({ faqs: z.array(consoleFaqSchema) });
export const consoleFaqAnswerSchema = z.object({ faq: consoleFaqSchema });

/** `/api/master`'s `footer_pages`: a published page's link in the footer, its title in the request's language. */
export const footerPageSchema = z.object({ slug: z.string(), title: z.string(), group: z.enum(footerGroups) });
export type FooterPage = z.infer<typeof footerPageSchema>;
