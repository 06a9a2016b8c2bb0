import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { productStatuses } from '../../../shared/catalog-console.contract.ts';
import { shopStatuses } from '../../../shared/console.contract.ts';
import { translationsColumn } from '../translations.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The store's commission on this category's sales in basis points, over the store's (decision 052); null: the store's. */
  commissionRate: integer('commission_rate'),
  translations: translationsColumn(),
  slug: text('slug').notNull().unique(),
  thumbnail: text('thumbnail').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    translations: translationsColumn(),
    slug: text('slug').notNull().unique(),
    thumbnail: text('thumbnail').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('sub_categories_category_idx').on(table.categoryId)],
);

export const shops = pgTable('shops', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo').notNull(),
  banner: text('banner').notNull(),
  description: text('description').notNull().default(''),
  address: text('address').notNull().default(''),
  /** The shop's own contacts, given when the seller applied. */
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  /** Flat delivery charge per order from this shop, in minor units. */
  deliveryCharge: integer('delivery_charge').notNull().default(0),
  /** The store's commission on this shop's sales in basis points, over its categories' and the store's (decision 052); null: none of its own. */
  commissionRate: integer('commission_rate'),
  /** Average rating of the shop's reviewed products, refreshed with their reviews. */
  rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
  reviewCount: integer('review_count').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /**
   * Where the shop is in the store's approval. Only an approved shop is shown; its products'
   * `status` follows it (decision 029), so listings never join shops.
   */
  status: text('status', { enum: shopStatuses }).notNull().default('approved'),
  /** Why the store rejected or suspended the shop, told to its owner; null otherwise. */
  statusReason: text('status_reason'),
  /** When the applicant accepted the seller terms; null for shops the store opened itself. */
  sellerTermsAcceptedAt: timestamp('seller_terms_accepted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('shops_status_idx').on(table.status, table.id)]);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  logo: text('logo').notNull(),
  /** False once the console archives it: gone from the storefront's filters, kept on its products (nothing referenced is deleted). */
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const colors = pgTable('colors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  translations: translationsColumn(),
  code: text('code').notNull(),
  /** False once the console archives it: gone from the storefront's filters, kept on its products. */
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const sizes = pgTable('sizes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  translations: translationsColumn(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** False once the console archives it: gone from the storefront's filters, kept on its products. */
  isActive: boolean('is_active').notNull().default(true),
});

/**
 * The units a product is sold by (`pc`, `pack`, `kg`): a list the store's staff keep (decision 032).
 * A product names its unit as text (`products.unit`); a rename rewrites it on them.
 */
export const units = pgTable('units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  translations: translationsColumn(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** False once the console archives it: no new product takes it, the products that have it keep it. */
  isActive: boolean('is_active').notNull().default(true),
});

/**
 * The longest pending list of the products' GIN indexes, in kB: every search reads through the entries
 * written since the list was last merged, which at the default 4 MB can be hours of them with
 * autovacuum's thresholds, and searches grow slower as it fills (decision 066). At 64 kB the write
 * that fills it merges it; writes still go in batches.
 */
export const PRODUCTS_GIN_PENDING_LIST_KB = 64;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id),
    brandId: integer('brand_id').references(() => brands.id),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    sku: text('sku').notNull().unique(),
    description: text('description').notNull().default(''),
    translations: translationsColumn(),
    unit: text('unit').notNull().default('pc'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The page's title and description for search engines; empty takes the name and the description. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    thumbnail: text('thumbnail').notNull(),
    /** Minor units. */
    price: integer('price').notNull(),
    /** Minor units; 0 means no discount (docs/product/storefront.md §5). */
    discountPrice: integer('discount_price').notNull().default(0),
    /** Basis points: 750 is 7.5 %; null: the store's rate (decision 054). */
    taxRate: integer('tax_rate'),
    stock: integer('stock').notNull().default(0),
    /**
     * Only `active` products reach the storefront. `archived` is how the console retires one (nothing is
     * deleted); `withheld`: active, but its shop is not approved (decision 029), shown again when it is.
     */
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    /** Every unit sold so far; in no index, so an order rewrites the product's row in place (a HOT update). */
    totalSold: integer('total_sold').notNull().default(0),
    /** The sales the best-selling and recommended orders go by: `total_sold` as it was at the last refresh, every few minutes (rankings.ts). */
    rankedSold: integer('ranked_sold').notNull().default(0),
    /** Every view counted so far; in no index, so counting one rewrites the row in place (a HOT update). */
    viewCount: integer('view_count').notNull().default(0),
    /** The views the popular order goes by: `view_count` as it was at the last refresh, every few minutes (rankings.ts). */
    popularViews: integer('popular_views').notNull().default(0),
    /** Average of the published reviews, kept with them in one transaction. */
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * The product's colours and sizes (`product_colors`, `product_sizes`), copied here by triggers so
     * that a listing's colour or size filter is an index the planner can combine with the category's
     * (decision 041). Never written by the program.
     */
    colorIds: integer('color_ids').array().notNull().default(sql`'{}'::integer[]`),
    sizeIds: integer('size_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Brand, category and sub-category names, weighted between the name and the description in search. */
    keywords: text('keywords').notNull().default(''),
    /**
     * The name's words weighted A, the keywords' B, the description's C, then model codes' joined forms
     * and numbers ("sv912", "912" of "SV-912") with the same weights (migration 0049); then the
     * translated names (A) and descriptions (C) of every language, every text with Arabic and Persian
     * letters in one form. Written by triggers when those texts are, not a generated column, which
     * PostgreSQL would compute again on every write of the row (a view counted, a sale): migration 0066.
     */
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => {
    // The price a product sells at before any flash sale (product-cards.ts effectivePrice), as the price indexes hold it.
    const sellingPrice = sql`(case when ${table.discountPrice} > 0 then ${table.discountPrice} else ${table.price} end)`;
    return [
      check('products_price_positive', sql`${table.price} > 0`),
      check('products_discount_below_price', sql`${table.discountPrice} >= 0 and ${table.discountPrice} < ${table.price}`),
      check('products_stock_not_negative', sql`${table.stock} >= 0`),
      check('products_tax_rate_range', sql`${table.taxRate} between 0 and 10000`),
      index('products_search_idx').using('gin', table.searchVector).with({ gin_pending_list_limit: PRODUCTS_GIN_PENDING_LIST_KB }),
      index('products_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`).with({ gin_pending_list_limit: PRODUCTS_GIN_PENDING_LIST_KB }),
      index('products_color_ids_idx').using('gin', table.colorIds).with({ gin_pending_list_limit: PRODUCTS_GIN_PENDING_LIST_KB }),
      index('products_size_ids_idx').using('gin', table.sizeIds).with({ gin_pending_list_limit: PRODUCTS_GIN_PENDING_LIST_KB }),
      index('products_active_created_idx').on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_active_sold_idx').on(table.status, table.rankedSold.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_active_views_idx').on(table.status, table.popularViews.desc().nullsFirst(), table.id.desc().nullsFirst()),
      // Recommended order whole: ratings repeat (a 4.5 is shared by thousands), so sorting each rating's products by sales is not cheap.
      index('products_active_recommended_idx').on(table.status, table.rating.desc().nullsFirst(), table.rankedSold.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_active_effective_price_idx').on(
        table.status,
        sellingPrice,
        table.id,
      ),
      index('products_shop_idx').on(table.shopId, table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_category_idx').on(table.categoryId, table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_category_price_idx').on(
        table.categoryId,
        table.status,
        sellingPrice,
        table.id,
      ),
      // A category's listing in each order walks its own index (decision 041), as do related products on a shelf.
      index('products_category_sold_idx').on(table.categoryId, table.status, table.rankedSold.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_category_views_idx').on(table.categoryId, table.status, table.popularViews.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_category_recommended_idx').on(
        table.categoryId,
        table.status,
        table.rating.desc().nullsFirst(),
        table.rankedSold.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      ),
      index('products_sub_category_sold_idx').on(table.subCategoryId, table.status, table.rankedSold.desc().nullsFirst(), table.id.desc().nullsFirst()),
      // A sub-category's price window is a range, else every product of the sub-category is read (decision 041).
      index('products_sub_category_price_idx').on(
        table.subCategoryId,
        table.status,
        sellingPrice,
        table.id,
      ),
      // The console's lists over every status: newest first, and by name (keyset pages).
      index('products_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
      index('products_name_idx').on(table.name, table.id),
      index('products_brand_idx').on(table.brandId),
    ];
  },
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.sortOrder)],
);

/**
 * Which products changed in what a listing reads of them (status, place, price, orders, stock,
 * colours, sizes, their variants' stock), and in which transaction: written by triggers whatever
 * writes the rows, read by the listing index (listing-index-feed.ts) to catch up. Kept a day.
 */
export const productListingChanges = pgTable(
  'product_listing_changes',
  {
    productId: integer('product_id').notNull(),
    /** `pg_current_xact_id()` of the writing transaction: a reader takes the changes of every transaction not yet committed when it last read. */
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_listing_changes_transaction_idx').on(table.transactionId)],
);

export const productColors = pgTable(
  'product_colors',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id),
  },
  (table) => [primaryKey({ columns: [table.productId, table.colorId] }), index('product_colors_color_idx').on(table.colorId)],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
  },
  (table) => [primaryKey({ columns: [table.productId, table.sizeId] }), index('product_sizes_size_idx').on(table.sizeId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The customer who wrote it; the accounts feature links it (seeded reviews have none). */
    userId: integer('user_id'),
    reviewerName: text('reviewer_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the store (or the shop, when allowed) hides it: it leaves the storefront and the ratings. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why it was hidden, shown to its author; null while visible. */
    hiddenReason: text('hidden_reason'),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('reviews_product_idx').on(table.productId, table.createdAt.desc()),
    // The console's "hidden" filter walks only the hidden reviews, newest first.
    index('reviews_hidden_idx').on(table.id.desc()).where(sql`${table.hiddenAt} is not null`),
  ],
);

/**
 * The store's flash sales (decision 051): shops enrol variants during the enrolment window
 * (`flash_sale_enrolments`); approved enrolments sell at their price between `starts_at` and
 * `ends_at`. Ending a sale early sets `ends_at` to that moment and `ended_early_at` with it.
 */
export const flashSales = pgTable(
  'flash_sales',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** `{ ar: { name, thumbnail, banner_alt } }`: the banner picture and its text per language. */
    translations: translationsColumn(),
    /** The banner picture (the public API's `thumbnail`). */
    thumbnail: text('thumbnail').notNull(),
    bannerAlt: text('banner_alt').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    enrolmentStartsAt: timestamp('enrolment_starts_at', { withTimezone: true }).notNull().defaultNow(),
    enrolmentEndsAt: timestamp('enrolment_ends_at', { withTimezone: true }).notNull().defaultNow(),
    /** Enrolments made while it is on are approved at once. */
    autoApprove: boolean('auto_approve').notNull().default(false),
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('flash_sales_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
    index('flash_sales_starts_idx').on(table.startsAt, table.id),
  ],
);

/**
 * The home page's banners (console: `/api/console/banners`). `translations` holds a language's
 * title, subtitle, image and image_alt; an empty one reads as the default language's column. Shown
 * while active and inside their window (either end may be open).
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    translations: translationsColumn(),
    image: text('image').notNull(),
    /** What the picture shows, for those who cannot see it. */
    imageAlt: text('image_alt').notNull().default(''),
    /** A store path (`/categories/x`) or an https address. */
    link: text('link').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('banners_window_ordered', sql`${table.endsAt} is null or ${table.startsAt} is null or ${table.endsAt} > ${table.startsAt}`)],
);

/**
 * The home page's sections and their order (shared/home-layout.contract.ts): the `live` one the
 * storefront shows, the `draft` one the console edits and previews until it publishes it.
 * No row: the default layout.
 */
export const homeLayouts = pgTable('home_layouts', {
  state: text('state', { enum: ['draft', 'live'] }).primaryKey(),
  layout: jsonb('layout').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The words whose search postings are kept (searchPostings): those of some hundreds of products or
 * more when `refresh_search_postings()` last counted (migrations 0045, 0047, 0048; a job every few
 * hours). A word is never taken
 * out, and its share never changes, so a server that read the list a minute ago is never wrong about one.
 */
export const searchPostingWords = pgTable('search_posting_words', {
  word: text('word').primaryKey(),
  /**
   * The share of the word's products posted: 1 for a word of up to some thousands of products (all
   * of them), less for a broader one, whose postings are a sample of about a thousand: the products
   * whose `search_sample_point(id)` is below it (decision 046, session 32).
   */
  share: real('share').notNull().default(1),
});

/**
 * Every product of a posting word (its sample, for a word whose share is under 1), with what a search
 * of that word alone ranks it by: read from an index alone, where the products' own rows are one
 * heap page a match (decision 046). Kept by the products' triggers (migrations 0045, 0047).
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    word: text('word').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** `ts_rank(search_vector, to_tsquery('simple', word))`. */
    relevance: real('relevance').notNull(),
    /** Whether the product's name, lower-cased, is the word. */
    wholeName: boolean('whole_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.word, table.productId] }), index('search_postings_product_idx').on(table.productId)],
);

/** Every word of the active catalogue's names and keywords: the vocabulary for typo-tolerant search. */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (table) => [
    // Closest words by trigram similarity (`%`), and does any word start with these letters (`like 'abc%'`).
    index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
    index('search_words_prefix_idx').on(table.word.op('text_pattern_ops')),
  ],
);

/**
 * Each dictionary word of four letters or more under every one-letter deletion of it (`variant`),
 * kept by triggers on search_words (migration 0046): a typo one edit from a word shares a variant
 * with it, or is one, or the word is one of the typo's (decision 047).
 */
export const searchWordDeletes = pgTable(
  'search_word_deletes',
  { variant: text('variant').notNull(), word: text('word').notNull() },
  (table) => [primaryKey({ columns: [table.variant, table.word] })],
);
