import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, productImages, products, productVariants, reviews, settings, shops, subCategories } from '../../db/schema.ts';
import type { ProductCard, ProductDetails } from '../../../shared/catalog.contract.ts';
import { preparedPerLanguage } from '../../db/prepared-statements.ts';
import { localized } from '../../db/translations.ts';
import { toAmount } from '../../../shared/money.ts';
import { notFound } from '../../platform/errors.ts';
import type { CatalogReads } from './catalog-caches.ts';
import { findShop } from './catalog.service.ts';
import { cardColumns, selectCards, toCard, variantDiscountPrice, variantPrice, variantSalePrice, withFavorites, type CardOptions } from './product-cards.ts';
import { cacheTags, listedTags } from '../../platform/cache-tags.ts';
import { sanitizeRichText } from '../content/rich-text.ts';

const RELATED_COUNT = 8;
const DETAIL_REVIEWS = 10;

interface VariantRow {
  id: number;
  color_id: number | null;
  size_id: number | null;
  sku: string;
  price: number;
  discount_price: number;
  stock: number;
  image: string | null;
  images: string[];
}

interface LatestReview {
  id: number;
  name: string;
  rating: number;
  comment: string;
  created_at: string;
}

const productId = sql.placeholder('id');

/** The product with its card, pictures, variants and reviews' summary: one statement. */
const productStatement = (db: Db, locale: string) =>
  db
    .select({
      ...cardColumns(locale),
      sku: products.sku,
      description: localized(products, 'description', locale),
      // The product's own rate, else the store's (decision 054).
      taxRate: sql<number>`coalesce(${products.taxRate}, (select (${settings.value} #>> '{}')::int from ${settings} where ${settings.key} = 'tax_rate'), 0)`.mapWith(Number),
      categoryId: categories.id,
      categoryName: localized(categories, 'name', locale),
      categorySlug: categories.slug,
      subCategoryId: subCategories.id,
      subCategoryName: localized(subCategories, 'name', locale),
      images: sql<Array<{ id: number; thumbnail: string }>>`(select coalesce(json_agg(json_build_object('id', ${productImages.id}, 'thumbnail', ${productImages.url})
        order by ${productImages.sortOrder}, ${productImages.id}), '[]') from ${productImages} where ${productImages.productId} = ${products.id})`,
      variants: sql<VariantRow[]>`(select coalesce(json_agg(json_build_object('id', ${productVariants.id}, 'color_id', ${productVariants.colorId},
        'size_id', ${productVariants.sizeId}, 'sku', ${productVariants.sku}, 'price', ${variantPrice}, 'discount_price', coalesce(${variantSalePrice}, ${variantDiscountPrice}),
        'stock', ${productVariants.stock}, 'image', ${productVariants.images}[1], 'images', ${productVariants.images}) order by ${productVariants.id}), '[]')
        from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.isActive})`,
      ratingCounts: sql<Record<string, number>>`(select coalesce(json_object_agg(counted.rating, counted.count), '{}') from
        (select ${reviews.rating} as rating, count(*)::int as count from ${reviews} where ${reviews.productId} = ${products.id} and ${reviews.hiddenAt} is null group by ${reviews.rating}) as counted)`,
      latestReviews: sql<LatestReview[]>`(select coalesce(json_agg(latest order by latest.created_at desc, latest.id desc), '[]') from
        (select ${reviews.id} as id, ${reviews.reviewerName} as name, ${reviews.rating} as rating, ${reviews.comment} as comment, ${reviews.createdAt} as created_at
         from ${reviews} where ${reviews.productId} = ${products.id} and ${reviews.hiddenAt} is null order by ${reviews.createdAt} desc, ${reviews.id} desc limit ${DETAIL_REVIEWS}) as latest)`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .where(and(eq(products.id, productId), eq(products.status, 'active')))
    .prepare(`product_details_${locale}`);

/** The best sellers on a shelf (a sub-category, else a category): one more than a product shows, for when it is one of them. */
const shelfStatement = (db: Db, locale: string, shelf: 'sub_category' | 'category') => {
  const onShelf = shelf === 'sub_category' ? eq(products.subCategoryId, sql.placeholder('shelf')) : eq(products.categoryId, sql.placeholder('shelf'));
  const bestSellers = db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, 'active'), onShelf))
    .orderBy(desc(products.rankedSold), desc(products.id))
    .limit(RELATED_COUNT + 1);
  return selectCards(db, locale)
    .where(inArray(products.id, bestSellers))
    .orderBy(desc(products.rankedSold), desc(products.id))
    .prepare(`shelf_best_sellers_${shelf}_${locale}`);
};

/**
 * Built once per database and language: a product page otherwise pays for building its SQL in
 * Drizzle and for PostgreSQL parsing and planning it, on every never-seen product (issue 14).
 */
const statements = preparedPerLanguage((db, locale) => ({
  product: productStatement(db, locale),
  shelf: { sub_category: shelfStatement(db, locale, 'sub_category'), category: shelfStatement(db, locale, 'category') },
}));

/**
 * A product page's data in one statement (issue 14 allows three): the product with its card,
 * pictures, variants and reviews' summary. Its shop comes from the cached shop list, its related
 * products from its shelf's best sellers, kept per shelf (every product on a shelf shows them).
 */
async function loadProductDetails(reads: CatalogReads, id: number, locale: string): Promise<ProductDetails> {
  const prepared = statements(reads.db, locale);
  const [row] = await prepared.product.execute({ id });
  if (!row) throw notFound('Product not found');

  const [shop, shelf] = await Promise.all([
    findShop(reads, row.shopId),
    row.subCategoryId ? bestSellersOf(reads, locale, 'sub_category', row.subCategoryId) : bestSellersOf(reads, locale, 'category', row.categoryId),
  ]);
  const related = shelf.filter((card) => card.id !== id).slice(0, RELATED_COUNT);
  const card = toCard(row);
  const ratingBreakdown = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const [rating, count] of Object.entries(row.ratingCounts)) ratingBreakdown[rating as keyof typeof ratingBreakdown] = count;
  return {
    ...card,
    sku: row.sku,
    // Stored HTML is cleaned again as it is served (decision 012); the page is cached with it.
    description: sanitizeRichText(row.description),
    tax_rate: row.taxRate / 100,
    thumbnails: row.images.length > 0 ? row.images : [{ id: 0, thumbnail: card.thumbnail }],
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    sub_category: row.subCategoryId && row.subCategoryName ? { id: row.subCategoryId, name: row.subCategoryName } : null,
    shop,
    rating_breakdown: ratingBreakdown,
    reviews: row.latestReviews.map((review) => ({ ...review, created_at: new Date(review.created_at).toISOString() })),
    related_products: related,
    variants: row.variants.map(({ price, discount_price: discountPrice, ...variant }) => ({
      ...variant,
      price: toAmount(price),
      // Its own flash sale price while one runs (decision 051), else its own discount price.
      discount_price: toAmount(discountPrice),
    })),
  };
}

/** A shelf's best sellers' cards in `locale`, as kept until one of them changes or a minute has passed. */
function bestSellersOf(reads: CatalogReads, locale: string, kind: 'sub_category' | 'category', shelf: number): Promise<ProductCard[]> {
  return reads.caches.shelves.get(
    `${locale} ${kind} ${shelf}`,
    async () => (await statements(reads.db, locale).shelf[kind].execute({ shelf })).map(toCard),
    { of: (cards) => listedTags(cards.map((card) => card.id)) },
  );
}

/** A product page in `locale` (names, description, category), with this shopper's hearts. */
export async function readProductDetails(reads: CatalogReads, id: number, locale: string, options: CardOptions = {}): Promise<ProductDetails> {
  const details = await reads.caches.productDetails.get(`${locale} ${id}`, () => loadProductDetails(reads, id, locale), {
    known: [cacheTags.product(id)],
    of: (product) => [cacheTags.shop(product.shop.id), ...listedTags(product.related_products.map((related) => related.id))],
  });
  const [card] = withFavorites([details], options.favoriteIds);
  const related = withFavorites(details.related_products, options.favoriteIds);
  // The shared details themselves when no heart changes them, so the answer's check is not repeated for them (answer-serializer.ts).
  return card === details && related === details.related_products ? details : { ...card!, related_products: related };
}
