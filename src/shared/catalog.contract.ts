import { z } from 'zod';
import { requiredText, text } from './text-fields.ts';

export const subCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), thumbnail: z.string() });
export const categorySchema = subCategorySchema.extend({ sub_categories: z.array(subCategorySchema) });

export type SubCategory = z.infer<typeof subCategorySchema>;
export type Category = z.infer<typeof categorySchema>;

export const sortTypes = ['top_selling', 'popular_product', 'newest', 'just_for_you', 'high_to_low', 'low_to_high'] as const;
export type SortType = (typeof sortTypes)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);
const money = z.coerce.number().nonnegative().max(100_000_000);

/**
 * `GET /api/products` query. Out-of-range values are refused with 422 rather than clamped, so a
 * shopper's bad link says what is wrong instead of silently showing something else.
 */
export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  search: text('search', { max: 100 }).optional(),
  shop_id: id.optional(),
  category_id: id.optional(),
  sub_category_id: id.optional(),
  brand_id: id.optional(),
  color_id: id.optional(),
  size_id: id.optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  min_price: money.optional(),
  max_price: money.optional(),
  sort_type: z.enum(sortTypes).optional(),
  flash_sale_id: id.optional(),
  /** Only products with a discount, best deal first unless another sort is asked for (Best Deal page). */
  discounted: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  /** Only products in stock; with a colour or size, only those whose variant of that colour or size is in stock. */
  in_stock: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const namedSchema = z.object({ id: z.number().int(), name: z.string() });
export const colorSchema = namedSchema.extend({ code: z.string() });

export const productCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  /** Decimal amounts in the default currency, two places (docs/design.md §4). */
  price: z.number(),
  discount_price: z.number(),
  discount_percentage: z.number(),
  rating: z.number(),
  total_reviews: z.number().int(),
  total_sold: z.number().int(),
  quantity: z.number().int(),
  is_favorite: z.boolean(),
  unit: z.string(),
  brand: namedSchema.nullable(),
  shop: z.object({ id: z.number().int(), name: z.string(), rating: z.number() }),
  colors: z.array(colorSchema),
  sizes: z.array(namedSchema),
  /** Set while the product sells at a running flash sale's price. */
  flash_sale: z.object({ id: z.number().int(), ends_at: z.string() }).nullable(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productFiltersSchema = z.object({
  brands: z.array(namedSchema),
  colors: z.array(colorSchema),
  sizes: z.array(namedSchema),
  min_price: z.number(),
  max_price: z.number(),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;

export const productListSchema = z.object({
  total: z.number().int(),
  products: z.array(productCardSchema),
  filters: productFiltersSchema,
});
export type ProductList = z.infer<typeof productListSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const shopSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  banner: z.string(),
  rating: z.number(),
  total_reviews: z.number().int(),
  total_products: z.number().int(),
  description: z.string(),
  address: z.string(),
});
export type ShopSummary = z.infer<typeof shopSummarySchema>;

/**
 * A colour and size combination the product is sold in (its SKU). Prices are what the shopper pays
 * for it, decimals as everywhere: `discount_price` is the running flash sale's price, else the
 * variant's own discount price; 0 for none. `images` are the variant's own pictures, shown before the
 * product's; `image` is the first of them, null when it has none.
 */
export const productVariantSchema = z.object({
  id: z.number().int(),
  color_id: z.number().int().nullable(),
  size_id: z.number().int().nullable(),
  sku: z.string(),
  price: z.number(),
  discount_price: z.number(),
  stock: z.number().int(),
  image: z.string().nullable(),
  images: z.array(z.string()),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productDetailsSchema = productCardSchema.extend({
  sku: z.string(),
  /** Rich text: HTML sanitised against the store's allow-list (decision 012), in the request's language. */
  description: z.string(),
  tax_rate: z.number(),
  thumbnails: z.array(z.object({ id: z.number().int(), thumbnail: z.string() })),
  category: namedSchema.extend({ slug: z.string() }),
  sub_category: namedSchema.nullable(),
  shop: shopSummarySchema,
  rating_breakdown: z.object({ '1': z.number(), '2': z.number(), '3': z.number(), '4': z.number(), '5': z.number() }),
  reviews: z.array(reviewSchema),
  related_products: z.array(productCardSchema),
  /** The active combinations, sold out ones included (stock 0) so the page can grey them out. */
  variants: z.array(productVariantSchema),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

export const flashSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(['upcoming', 'running', 'ended']),
});
export type FlashSale = z.infer<typeof flashSaleSchema>;

/** `GET /api/flash-sales/{id}`: the sale and one page of its products. */
export const flashSalePageSchema = z.object({ flash_sale: flashSaleSchema, total: z.number().int(), products: z.array(productCardSchema) });
export type FlashSalePage = z.infer<typeof flashSalePageSchema>;

/** The home page's sections below the banners, each shown or not, in the layout's order (the console's home layout). */
export const homeSectionKinds = ['categories', 'flash_sale', 'popular_products', 'best_deals', 'just_for_you', 'shops'] as const;
export type HomeSectionKind = (typeof homeSectionKinds)[number];

/** `/api/home`'s `sections`: the shown sections in order; the categories strip names its categories. */
export const homeSectionSchema = z.object({ kind: z.enum(homeSectionKinds), category_ids: z.array(z.number().int()).optional() });
export type HomeSection = z.infer<typeof homeSectionSchema>;

/** A banner in the request's language: its picture and alt text that language's, the default language's where it has none. */
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  image_alt: z.string(),
  link: z.string(),
  /** Its window (ISO 8601, null: open); the answer holds only banners inside it. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const homeSchema = z.object({
  banners: z.array(bannerSchema),
  categories: z.array(categorySchema),
  shops: z.array(shopSummarySchema),
  running_flash_sale: flashSaleSchema.extend({ products: z.array(productCardSchema) }).nullable(),
  incoming_flash_sale: flashSaleSchema.nullable(),
  popular_products: z.array(productCardSchema),
  best_deal_products: z.array(productCardSchema),
  just_for_you: z.array(productCardSchema),
  /** The sections below the banners the store shows, in its order (the console's home layout); a section left out is off. */
  sections: z.array(homeSectionSchema),
});
export type Home = z.infer<typeof homeSchema>;

export const idParamSchema = z.object({ id: id });
export const slugOrIdParamSchema = z.object({ slug: requiredText('slug', { max: 120 }) });
