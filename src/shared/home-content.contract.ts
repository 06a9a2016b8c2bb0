import { z } from 'zod';
import { imageSchema, recordId, translatedLocales } from './catalog-console.contract.ts';
import { bannerSchema, homeSectionKinds } from './catalog.contract.ts';
import { HOME_PREVIEW_PARAM } from './constants.ts';
import { optional } from './list-pages.ts';
import { isHttpsAddress, requiredText, text } from './text-fields.ts';

/**
 * The home page as the console edits it: its banners (`/api/console/banners`) and its sections and
 * their order (`/api/console/home-layout`), a draft previewed through a signed link and then published.
 */

// ---- Banners ----

/** Where a banner stands now: shown, waiting for its start, past its end, or switched off. */
export const bannerStatuses = ['active', 'scheduled', 'ended', 'inactive'] as const;
export type BannerStatus = (typeof bannerStatuses)[number];

export const LINK_INVALID = 'The link must be a store path starting with / or an https address.';
export const ENDS_BEFORE_STARTS = 'The ends at must be a date after starts at.';

/** A store path (`/categories/phones`) or an https address. */
export const isBannerLink = (value: string) => (value.startsWith('/') && !value.startsWith('//') && !/\s/.test(value)) || isHttpsAddress(value);

const link = requiredText('link', { max: 500 }).refine(isBannerLink, LINK_INVALID);
const moment = (field: string) =>
  requiredText(field, { max: 40 })
    .refine((value) => !Number.isNaN(Date.parse(value)), `The ${field} is not a valid date.`)
    .nullable();
/** A language's own picture: empty shows the default language's. */
const translatedImage = z.union([z.literal(''), imageSchema('image')], { error: 'The image must be a /media/ path or an https address.' });

const bannerTexts = z.object({ title: text('title', { max: 200 }), subtitle: text('subtitle', { max: 300 }), image: translatedImage, image_alt: text('image alt', { max: 300 }) }).partial();

const bannerFields = {
  title: requiredText('title', { max: 200 }),
  subtitle: text('subtitle', { max: 300 }),
  /** The default language's picture (the media library's /media/ path). */
  image: imageSchema('image'),
  image_alt: requiredText('image alt', { max: 300 }),
  link,
  translations: z.object(Object.fromEntries(translatedLocales.map((locale) => [locale, bannerTexts.optional()])) as Record<(typeof translatedLocales)[number], z.ZodOptional<typeof bannerTexts>>),
  is_active: z.boolean({ error: 'The is active field must be true or false.' }),
  /** ISO 8601; null: shown from now on, or until switched off. */
  starts_at: moment('starts at'),
  ends_at: moment('ends at'),
};

/** The window's rule, for a new banner and for an edited one with its stored window filled in. */
export const bannerWindowErrors = (window: { starts_at?: string | null; ends_at?: string | null }): Record<string, string> =>
  window.starts_at && window.ends_at && Date.parse(window.ends_at) <= Date.parse(window.starts_at) ? { ends_at: ENDS_BEFORE_STARTS } : {};

/** `POST /api/console/banners`: placed after the last one. */
export const bannerCreateSchema = z
  .object({
    ...bannerFields,
    subtitle: bannerFields.subtitle.default(''),
    translations: bannerFields.translations.default({}),
    is_active: bannerFields.is_active.default(true),
    starts_at: bannerFields.starts_at.default(null),
    ends_at: bannerFields.ends_at.default(null),
  })
  .superRefine((banner, context) => {
    for (const [field, message] of Object.entries(bannerWindowErrors(banner))) context.addIssue({ code: 'custom', path: [field], message });
  });
export type BannerCreate = z.infer<typeof bannerCreateSchema>;
export type BannerCreateInput = z.input<typeof bannerCreateSchema>;

/** `PATCH /api/console/banners/{id}`: the fields given change (the window is checked with the stored end or start). */
export const bannerUpdateSchema = z.object(bannerFields).partial();
export type BannerUpdate = z.infer<typeof bannerUpdateSchema>;

/** `GET /api/console/banners`: every banner in the home page's order, by status and a search in the title. */
export const bannerListQuerySchema = z.object({
  status: optional(z.enum(bannerStatuses, { error: 'The selected status is invalid.' })),
  search: optional(text('search', { max: 100 })),
});
export type BannerListQuery = z.infer<typeof bannerListQuerySchema>;

/** `POST /api/console/banners/reorder`: every banner once, in the new order. */
export const bannerReorderSchema = z.object({
  ids: z.array(recordId('ids'), { error: (issue) => (issue.input === undefined || issue.input === null ? 'The ids field is required.' : 'The ids must be a list.') }).min(1).max(1000),
});

const bannerTranslationsSchema = z.record(
  z.string(),
  z.object({ title: z.string().optional(), subtitle: z.string().optional(), image: z.string().optional(), image_alt: z.string().optional() }),
);

export const consoleBannerSchema = bannerSchema.extend({
  translations: bannerTranslationsSchema,
  is_active: z.boolean(),
  sort_order: z.number().int(),
  status: z.enum(bannerStatuses),
  /** The languages a text or the picture of the banner is not translated into. */
  missing_translations: z.array(z.enum(translatedLocales)),
});
export type ConsoleBanner = z.infer<typeof consoleBannerSchema>;

export const consoleBannerListSchema = z.object({ banners: z.array(consoleBannerSchema) });
export const consoleBannerAnswerSchema = z.object({ banner: consoleBannerSchema });

// ---- Home sections ----

export const SECTIONS_INCOMPLETE = 'The sections must list each kind once.';
export const CATEGORY_UNKNOWN = 'The selected category is invalid.';

export const homeLayoutSchema = z
  .object({
    sections: z.array(
      z.object({
        kind: z.enum(homeSectionKinds, { error: 'The selected section is invalid.' }),
        enabled: z.boolean({ error: 'The enabled field must be true or false.' }),
      }),
      { error: 'The sections field is required.' },
    ),
    /** The categories strip's categories in its order; empty: every category, in the store's order. */
    category_ids: z.array(recordId('category ids'), { error: 'The category ids must be a list.' }).max(100),
  })
  .superRefine((layout, context) => {
    const kinds = new Set(layout.sections.map((section) => section.kind));
    if (kinds.size !== layout.sections.length || kinds.size !== homeSectionKinds.length) context.addIssue({ code: 'custom', path: ['sections'], message: SECTIONS_INCOMPLETE });
    if (new Set(layout.category_ids).size !== layout.category_ids.length) context.addIssue({ code: 'custom', path: ['category_ids'], message: 'The category ids must list each category once.' });
  });
export type HomeLayout = z.infer<typeof homeLayoutSchema>;

/** Every section on, in this order, with every category: the home page before anyone edited it. */
export const DEFAULT_HOME_LAYOUT: HomeLayout = { sections: homeSectionKinds.map((kind) => ({ kind, enabled: true })), category_ids: [] };

/** `GET /api/console/home-layout`: the draft the console edits and the live one the storefront shows. */
export const consoleHomeLayoutSchema = z.object({
  draft: homeLayoutSchema,
  live: homeLayoutSchema,
  /** Whether the draft differs from what the storefront shows. */
  unpublished_changes: z.boolean(),
});
export type ConsoleHomeLayout = z.infer<typeof consoleHomeLayoutSchema>;

/** `POST /api/console/home-layout/preview-link`: the storefront's home with the draft, until `expires_at`. */
export const homePreviewLinkSchema = z.object({ url: z.string(), expires_at: z.string() });

/** `GET /api/home?home_preview=TOKEN`: a preview link's token shows the draft layout. */
export const homeQuerySchema = z.object({ [HOME_PREVIEW_PARAM]: optional(text('home preview', { max: 200 })) });
