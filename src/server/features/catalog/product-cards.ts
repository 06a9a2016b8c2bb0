import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { compiledOnce, preparedPerLanguage, valueNotPlannedFor } from '../../db/prepared-statements.ts';
import { localized } from '../../db/translations.ts';
import { brands, colors, flashSaleEnrolments, flashSales, productColors, products, productSizes, productVariants, shops, sizes } from '../../db/schema.ts';
import type { ProductCard } from '../../../shared/catalog.contract.ts';
import { discountPercentage, toAmount } from '../../../shared/money.ts';

/** A flash sale runs between its start and end while active; only then does its price apply. */
export const runningSale = sql`${flashSales.isActive} and ${flashSales.startsAt} <= now() and ${flashSales.endsAt} > now()`;

/**
 * An enrolment that prices now (decision 051): approved, in a running sale (joined as `flash_sales`),
 * its cap (if any) not sold out, its variant still sold.
 */
export const pricingEnrolment = sql`${flashSaleEnrolments.status} = 'approved' and ${runningSale}
  and (${flashSaleEnrolments.stockCap} is null or ${flashSaleEnrolments.sold} < ${flashSaleEnrolments.stockCap})
  and exists (select 1 from ${productVariants} where ${productVariants.id} = ${flashSaleEnrolments.variantId} and ${productVariants.isActive})`;

/** Enrolments with their sale, for `pricingEnrolment`. */
export const enrolmentsWithSale = sql`${flashSaleEnrolments} join ${flashSales} on ${flashSales.id} = ${flashSaleEnrolments.flashSaleId}`;

/** A variant's own flash sale price now (minor units), null outside any: its lowest enrolment that prices now. */
export const variantSalePrice = sql<number | null>`(select min(${flashSaleEnrolments.salePrice}) from ${enrolmentsWithSale}
  where ${flashSaleEnrolments.variantId} = ${productVariants.id} and ${pricingEnrolment})`;

/** The selling price the catalogue shows before any flash sale (docs/product/storefront.md §5 unit price). */
export const effectivePrice = compiledOnce(sql`(case when ${products.discountPrice} > 0 then ${products.discountPrice} else ${products.price} end)`);

/** A variant's price, minor units: its own, else its product's. */
export const variantPrice = sql<number>`coalesce(${productVariants.price}, ${products.price})`;

/** A variant's discount price (0: none), its own or else its product's, and only while below the variant's price. */
export const variantDiscountPrice = sql<number>`(case when coalesce(${productVariants.discountPrice}, ${products.discountPrice}) < ${variantPrice}
  then coalesce(${productVariants.discountPrice}, ${products.discountPrice}) else 0 end)`;

export interface CardOptions {
  favoriteIds?: ReadonlySet<number>;
}

/** The shopper's own hearts on shared (cached) cards: the shared list itself when none of them is hearted. */
export function withFavorites<Card extends ProductCard>(cards: Card[], favoriteIds: ReadonlySet<number> | undefined): Card[] {
  if (!favoriteIds || !cards.some((card) => favoriteIds.has(card.id))) return cards;
  return cards.map((card) => (favoriteIds.has(card.id) ? { ...card, is_favorite: true } : card));
}

interface CardColor {
  id: number;
  name: string;
  code: string;
}
interface CardSize {
  id: number;
  name: string;
}
interface CardSale {
  id: number;
  price: number;
  ends_at: string;
}

/** A card's columns, for a select from products joined with their shop and (left) brand (`selectCards`). */
export function cardColumns(locale: string) {
  return {
    id: products.id,
    name: localized(products, 'name', locale),
    thumbnail: products.thumbnail,
    price: products.price,
    discountPrice: products.discountPrice,
    rating: products.rating,
    reviewCount: products.reviewCount,
    totalSold: products.totalSold,
    stock: products.stock,
    unit: products.unit,
    brandId: brands.id,
    brandName: brands.name,
    shopId: shops.id,
    shopName: shops.name,
    shopRating: shops.rating,
    colors: sql<CardColor[]>`(select coalesce(json_agg(json_build_object('id', ${colors.id}, 'name', ${localized(colors, 'name', locale)}, 'code', ${colors.code}) order by ${colors.id}), '[]')
      from ${productColors} join ${colors} on ${colors.id} = ${productColors.colorId} where ${productColors.productId} = ${products.id})`,
    sizes: sql<CardSize[]>`(select coalesce(json_agg(json_build_object('id', ${sizes.id}, 'name', ${localized(sizes, 'name', locale)}) order by ${sizes.sortOrder}, ${sizes.id}), '[]')
      from ${productSizes} join ${sizes} on ${sizes.id} = ${productSizes.sizeId} where ${productSizes.productId} = ${products.id})`,
    // The lowest price among its variants' enrolments that price now (decision 051).
    sale: sql<CardSale | null>`(select json_build_object('id', ${flashSales.id}, 'price', ${flashSaleEnrolments.salePrice}, 'ends_at', ${flashSales.endsAt})
      from ${enrolmentsWithSale} where ${flashSaleEnrolments.productId} = ${products.id} and ${pricingEnrolment}
      order by ${flashSaleEnrolments.salePrice}, ${flashSales.endsAt} limit 1)`,
  };
}

/** The cards of the products `where` picks: products with their shop and (left) brand. */
export const selectCards = (db: Db, locale: string) =>
  db.select(cardColumns(locale)).from(products).innerJoin(shops, eq(shops.id, products.shopId)).leftJoin(brands, eq(brands.id, products.brandId));

type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

/** docs/design.md §4 product shape of a card row. */
export function toCard(row: CardRow): ProductCard {
  const discountMinor = row.sale?.price ?? row.discountPrice;
  return {
    id: row.id,
    name: row.name,
    thumbnail: row.thumbnail,
    price: toAmount(row.price),
    discount_price: toAmount(discountMinor),
    discount_percentage: discountPercentage(row.price, discountMinor),
    rating: Number(row.rating),
    total_reviews: row.reviewCount,
    total_sold: row.totalSold,
    quantity: row.stock,
    is_favorite: false,
    unit: row.unit,
    brand: row.brandId !== null && row.brandName !== null ? { id: row.brandId, name: row.brandName } : null,
    shop: { id: row.shopId, name: row.shopName, rating: Number(row.shopRating) },
    colors: row.colors,
    sizes: row.sizes,
    flash_sale: row.sale ? { id: row.sale.id, ends_at: new Date(row.sale.ends_at).toISOString() } : null,
  };
}

/** The cards of the products with the ids `ids` (a placeholder), planned once whatever their number. */
export const cardsOfIds = (db: Db, locale: string) =>
  selectCards(db, locale).where(sql`${products.id} = any(${valueNotPlannedFor(sql.placeholder('ids'), 'int[]')})`);

/** The cards of the products with these ids: one prepared statement whatever their number. */
const cardsStatement = preparedPerLanguage((db, locale) => cardsOfIds(db, locale).prepare(`product_cards_${locale}`));

/** The product cards for these ids, in the order given (docs/design.md §4 product shape), in one round trip, in `locale`. */
export async function productCards(db: Db, ids: number[], locale: string): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardsStatement(db, locale).execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
}
