import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favoriteProducts } from '../../db/schema.ts';

/** The shopper's hearts, to mark the catalogue's shared cards; undefined for a visitor. */
export async function favoriteIdsOf(db: Db, userId: number | undefined): Promise<Set<number> | undefined> {
  if (userId === undefined) return undefined;
  const rows = await db.select({ id: favoriteProducts.productId }).from(favoriteProducts).where(eq(favoriteProducts.userId, userId));
  return new Set(rows.map((row) => row.id));
}
