import { and, count, desc, eq } from 'drizzle-orm';
import type { FavoriteProducts } from '../../../shared/account.contract.ts';
import type { Db } from '../../db/client.ts';
import { favoriteProducts, products } from '../../db/schema.ts';
import { validationFailed } from '../../platform/errors.ts';
import { productCards, withFavorites } from '../catalog/product-cards.ts';

/** Only products still on sale count: a withdrawn product drops out of the wishlist and its count. */
const onSale = (userId: number) => and(eq(favoriteProducts.userId, userId), eq(products.status, 'active'));

export async function countFavorites(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(favoriteProducts)
    .innerJoin(products, eq(products.id, favoriteProducts.productId))
    .where(onSale(userId));
  return row?.total ?? 0;
}

/** The wishlist, the latest heart first, as the catalogue's product cards in `locale`. */
export async function listFavorites(
  db: Db,
  userId: number,
  { page, per_page }: { page: number; per_page: number },
  locale: string,
): Promise<FavoriteProducts> {
  const [total, rows] = await Promise.all([
    countFavorites(db, userId),
    db
      .select({ id: favoriteProducts.productId })
      .from(favoriteProducts)
      .innerJoin(products, eq(products.id, favoriteProducts.productId))
      .where(onSale(userId))
      .orderBy(desc(favoriteProducts.createdAt), desc(favoriteProducts.productId))
      .limit(per_page)
      .offset((page - 1) * per_page),
  ]);
  const ids = rows.map((row) => row.id);
  return { total, products: withFavorites(await productCards(db, ids, locale), new Set(ids)) };
}

/** Adding a product already in the wishlist changes nothing and is no error. */
export async function addFavorite(db: Db, userId: number, productId: number): Promise<number> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'active')));
  if (!product) throw validationFailed({ product_id: ['The selected product id is invalid.'] });
  await db.insert(favoriteProducts).values({ userId, productId }).onConflictDoNothing();
  return countFavorites(db, userId);
}

export async function removeFavorite(db: Db, userId: number, productId: number): Promise<number> {
  await db.delete(favoriteProducts).where(and(eq(favoriteProducts.userId, userId), eq(favoriteProducts.productId, productId)));
  return countFavorites(db, userId);
}
