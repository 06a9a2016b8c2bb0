import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ShopStatus } from '../../../shared/console.contract.ts';
import type { ShopProfile } from '../../../shared/shops.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { products, type shops } from '../../db/schema.ts';
import { cacheTags, listedTags } from '../../platform/cache-tags.ts';
import { dictionaryTexts, updateSearchWords } from '../catalog/search-terms.ts';

export const SHOP_NOT_FOUND_MESSAGE = 'Shop not found';

export type ShopRow = typeof shops.$inferSelect;

export function presentShop(row: ShopRow): ShopProfile {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    banner: row.banner,
    description: row.description,
    address: row.address,
    phone: row.phone,
    email: row.email,
    delivery_charge: toAmount(row.deliveryCharge),
    status: row.status,
    status_reason: row.statusReason,
    created_at: row.createdAt.toISOString(),
  };
}

/** The fields of a shop the audit log compares: its profile as the console shows it, in minor units. */
export const auditedShop = (row: ShopRow) => {
  const { id: _id, slug: _slug, created_at: _createdAt, delivery_charge: _deliveryCharge, ...fields } = presentShop(row);
  return { ...fields, delivery_charge: row.deliveryCharge };
};

/**
 * Moves the shop's active products in or out of the storefront with its status, in the caller's
 * transaction (decision 029): listings keep reading `products.status` alone, and the typo dictionary
 * follows. Answers the products that changed.
 */
export async function applyShopVisibility(tx: Db, shopId: number, status: ShopStatus): Promise<number[]> {
  const [from, to] = status === 'approved' ? (['withheld', 'active'] as const) : (['active', 'withheld'] as const);
  const changed = await tx
    .update(products)
    .set({ status: to })
    .where(and(eq(products.shopId, shopId), eq(products.status, from)))
    .returning({ id: products.id, name: products.name, keywords: products.keywords, translations: products.translations });
  // The typo dictionary holds the words of active products: a code of a shop just approved is a catalogue word at once.
  if (status === 'approved') await updateSearchWords(tx, changed.map((row) => row.id));
  else await updateSearchWords(tx, [], changed.flatMap(dictionaryTexts));
  return changed.map((row) => row.id);
}

/** What a shop's status change shows in: the shop list and page, its products' details, and every listing that carried them. */
export function invalidateShopVisibility(app: FastifyInstance, shopId: number, productIds: readonly number[]) {
  app.caches.invalidate([cacheTags.shops, cacheTags.shop(shopId), cacheTags.home, cacheTags.listings, cacheTags.flashSales, ...productIds.map(cacheTags.product), ...listedTags(productIds)]);
}
