import { z } from 'zod';
import { commissionPercentSchema, imageSchema, recordId, translatedLocales, wholeNumber } from './catalog-console.contract.ts';
import { requiredText, text } from './text-fields.ts';

/**
 * The store-wide taxonomy the console edits (issue 15): `/api/console/{kind}`. A product names its
 * unit by text (`unit`), one of the units listed here (decision 032).
 */
export const taxonomyKinds = ['categories', 'sub-categories', 'brands', 'colors', 'sizes', 'units'] as const;
export type TaxonomyKind = (typeof taxonomyKinds)[number];

const MAX_SORT_ORDER = 1_000_000;

/** A URL segment: lower-case letters and digits, words joined by single dashes. */
export const slugSchema = requiredText('slug', { max: 120 }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The slug may only contain lower-case letters, numbers and dashes.');

const nameTextsSchema = z.object({ name: text('name', { max: 100 }).optional() });

/** `{ ar: { name }, ir: { name } }`: an empty name falls back to the default language's (decision 019). */
export const nameTranslationsSchema = z.object(
  Object.fromEntries(translatedLocales.map((locale) => [locale, nameTextsSchema.optional()])) as Record<(typeof translatedLocales)[number], z.ZodOptional<typeof nameTextsSchema>>,
);

const name = requiredText('name', { max: 100 });
/** Left out on creation: made from the name. */
const slug = slugSchema.optional();
/** A category's or sub-category's thumbnail, a brand's logo; left out on creation: a placeholder. */
const image = imageSchema('image').optional();
/** A colour as the swatch shows it: `#rrggbb`. */
const code = requiredText('code', { max: 7 }).regex(/^#[0-9a-fA-F]{6}$/, 'The code must be a colour like #1a2b3c.');
const categoryId = recordId('category id');
const translations = nameTranslationsSchema.optional();
/** Left out on creation: after the last one. */
const sortOrder = wholeNumber('sort order', 0, MAX_SORT_ORDER).optional();
/** A category's own commission on its products' sales, in percent, over the store's (decision 052); null: the store's. */
const commissionRate = commissionPercentSchema.nullable().optional();

/** What each kind is created with (`POST`); its edit (`PATCH /{id}`) takes the same fields, each optional. Brand names are proper names and are not translated (decision 019). */
export const taxonomyCreateSchemas = {
  categories: z.object({ name, slug, image, translations, sort_order: sortOrder, commission_rate: commissionRate }),
  'sub-categories': z.object({ category_id: categoryId, name, slug, image, translations, sort_order: sortOrder }),
  brands: z.object({ name, slug, image, sort_order: sortOrder }),
  colors: z.object({ name, code, translations, sort_order: sortOrder }),
  sizes: z.object({ name, translations, sort_order: sortOrder }),
  /** A unit's name is what products name (`unit`, at most 20 characters). */
  units: z.object({ name: requiredText('name', { max: 20 }), translations, sort_order: sortOrder }),
} satisfies Record<TaxonomyKind, z.ZodObject>;

export const categoryCreateSchema = taxonomyCreateSchemas.categories;
export const subCategoryCreateSchema = taxonomyCreateSchemas['sub-categories'];
export const brandCreateSchema = taxonomyCreateSchemas.brands;
export const colorCreateSchema = taxonomyCreateSchemas.colors;
export const sizeCreateSchema = taxonomyCreateSchemas.sizes;
export const categoryUpdateSchema = categoryCreateSchema.partial();
export const subCategoryUpdateSchema = subCategoryCreateSchema.partial();
export const brandUpdateSchema = brandCreateSchema.partial();
export const colorUpdateSchema = colorCreateSchema.partial();
export const sizeUpdateSchema = sizeCreateSchema.partial();

export const taxonomyUpdateSchemas = {
  categories: categoryUpdateSchema,
  'sub-categories': subCategoryUpdateSchema,
  brands: brandUpdateSchema,
  colors: colorUpdateSchema,
  sizes: sizeUpdateSchema,
  units: taxonomyCreateSchemas.units.partial(),
} satisfies Record<TaxonomyKind, z.ZodObject>;

/** Every field any kind takes: a kind's schema lets through only its own. */
export type TaxonomyInput = Partial<z.infer<typeof categoryCreateSchema> & z.infer<typeof subCategoryCreateSchema> & z.infer<typeof brandCreateSchema> & z.infer<typeof colorCreateSchema>>;

/** `POST /api/console/{kind}/reorder`: every record of the kind (a sub-category's: of its category) once, in the new order. */
export const taxonomyReorderSchema = z.object({
  ids: z.array(recordId('ids'), { error: (issue) => (issue.input === undefined || issue.input === null ? 'The ids field is required.' : 'The ids must be a list.') }).min(1).max(1000),
});
export type TaxonomyReorder = z.infer<typeof taxonomyReorderSchema>;

const optionalQueryId = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number({ error: 'The category id must be a number.' }).pipe(recordId('category id')).optional());

/** `GET /api/console/sub-categories`: one category's, or every one. */
export const subCategoryListQuerySchema = z.object({ category_id: optionalQueryId });

/** A record as the console lists and edits it; a field its kind does not have is null. */
export const taxonomyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  /** A category's or sub-category's thumbnail, a brand's logo. */
  image: z.string().nullable(),
  /** A colour's `#rrggbb`. */
  code: z.string().nullable(),
  /** A sub-category's category. */
  category_id: z.number().int().nullable(),
  translations: z.record(z.string(), z.object({ name: z.string().optional() })),
  sort_order: z.number().int(),
  /** A category's own commission rate in percent; null: the store's applies (and every other kind's). */
  commission_rate: z.number().nullable(),
  /** Archived: gone from the storefront's lists and filters, still on the products that have it. */
  archived: z.boolean(),
});
export type TaxonomyItem = z.infer<typeof taxonomyItemSchema>;

/** Every record of a kind, archived ones too, in the order the storefront shows them. */
export const taxonomyListSchema = z.object({ items: z.array(taxonomyItemSchema) });
export const taxonomyItemAnswerSchema = z.object({ item: taxonomyItemSchema });
