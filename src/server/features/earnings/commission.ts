import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products, shops } from '../../db/schema.ts';
import { readStoreSetting } from '../settings/settings.service.ts';

/**
 * The commission rate (basis points) on each product's lines: its shop's own, else its category's,
 * else the store's (decision 052). Read when an order is placed and kept on its lines.
 */
export async function commissionRates(tx: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const storeRate = await readStoreSetting(tx, 'commission_rate');
  const rows = await tx
    .select({ productId: products.id, rate: sql<number | null>`coalesce(${shops.commissionRate}, ${categories.commissionRate})` })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((row) => [row.productId, row.rate ?? storeRate]));
}

/** The commission on a line's total at a rate in basis points, rounded to the minor unit. */
export const commissionOn = (lineTotal: number, rate: number) => Math.round((lineTotal * rate) / 10_000);
