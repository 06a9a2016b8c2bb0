import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, colors, flashSaleProducts, flashSales, productColors, products, productSizes, shops, sizes } from '../../db/schema.ts';
import type { ProductCard } from '../../../shared/catalog.contract.ts';
import { discountPercentage, toAmount } from '../../../shared/money.ts';

/** A flash sale runs between its start and end while active; only then does its price apply. */
export const runningSale = sql`${flashSales.isActive} and ${flashSales.startsAt} <= now() and ${flashSales.endsAt} > now()`;

/** The selling price the catalogue shows before any flash sale (spec §5 unit price). */
export const effectivePrice = sql`(case when ${products.discountPrice} > 0 then ${products.discountPrice} else ${products.price} end)`;

export interface CardOptions {
  favoriteIds?: ReadonlySet<number>;
}

/** The product cards for these ids, in the order given (DESIGN §4 product shape). */
export async function productCards(db: Db, ids: number[], options: CardOptions = {}): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const [rows, colorRows, sizeRows, saleRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
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
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(inArray(products.id, ids)),
    db
      .select({ productId: productColors.productId, id: colors.id, name: colors.name, code: colors.code })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(inArray(productColors.productId, ids))
      .orderBy(asc(colors.id)),
    db
      .select({ productId: productSizes.productId, id: sizes.id, name: sizes.name })
      .from(productSizes)
      .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
      .where(inArray(productSizes.productId, ids))
      .orderBy(asc(sizes.sortOrder), asc(sizes.id)),
    runningSalePrices(db, ids),
  ]);

  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const sale = saleRows.get(id);
    const discountMinor = sale?.price ?? row.discountPrice;
    return [
      {
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
        is_favorite: options.favoriteIds?.has(row.id) ?? false,
        unit: row.unit,
        brand: row.brandId !== null && row.brandName !== null ? { id: row.brandId, name: row.brandName } : null,
        shop: { id: row.shopId, name: row.shopName, rating: Number(row.shopRating) },
        colors: colorRows.filter((color) => color.productId === id).map(({ id, name, code }) => ({ id, name, code })),
        sizes: sizeRows.filter((size) => size.productId === id).map(({ id, name }) => ({ id, name })),
        flash_sale: sale ? { id: sale.flashSaleId, ends_at: sale.endsAt.toISOString() } : null,
      },
    ];
  });
}

/** The lowest running flash-sale price per product, with its sale. */
export async function runningSalePrices(db: Db, ids: number[]) {
  const rows = await db
    .select({
      productId: flashSaleProducts.productId,
      price: flashSaleProducts.price,
      flashSaleId: flashSales.id,
      endsAt: flashSales.endsAt,
    })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(and(inArray(flashSaleProducts.productId, ids), runningSale))
    .orderBy(asc(flashSaleProducts.price));
  const lowest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!lowest.has(row.productId)) lowest.set(row.productId, row);
  return lowest;
}
