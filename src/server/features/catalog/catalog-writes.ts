import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { Caches } from '../../platform/caches.ts';
import { notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { lockStockRows, moveStock } from '../inventory/inventory.service.ts';

/**
 * Catalogue writes for the console, each invalidating what shows it once it is saved (decision 022).
 * Amounts are minor units.
 */
export interface CatalogWrites {
  db: Db;
  caches: Caches;
}

const PRODUCT_NOT_FOUND = 'Product not found';
const VARIANT_NOT_FOUND = 'Variant not found';

/** A price shows on the product's page, on every card of it, and decides listings' price order, ranges and the home page's deals. */
export const priceChangeTags = (productId: number) => [cacheTags.product(productId), cacheTags.listed(productId), cacheTags.listings, cacheTags.home];

export interface StockChange {
  productId: number;
  /** The product sold out, or came back from sold out. */
  crossedZero: boolean;
}

/**
 * Stock shows on the product's page at once. Cards (listings, the home page, related products) show
 * it too, but orders change it all the time: they are invalidated only when a product sells out or
 * comes back, and otherwise show a figure seconds old (the cart and the order check stock for real).
 */
export const stockChangeTags = (changes: readonly StockChange[]) =>
  changes.flatMap(({ productId, crossedZero }) => (crossedZero ? [cacheTags.product(productId), cacheTags.listed(productId)] : [cacheTags.product(productId)]));

/** How a placement's lines, each with its product's stock as it found it (the rows locked), left the shelf. */
export function stockTaken({ shops }: { shops: ReadonlyArray<{ lines: ReadonlyArray<{ productId: number; quantity: number; productStock: number }> }> }): StockChange[] {
  const lines = shops.flatMap((shop) => shop.lines);
  const taken = new Map<number, { stock: number; units: number }>();
  for (const { productId, quantity, productStock } of lines) taken.set(productId, { stock: productStock, units: (taken.get(productId)?.units ?? 0) + quantity });
  return [...taken].map(([productId, { stock, units }]) => ({ productId, crossedZero: stock > 0 && stock - units <= 0 }));
}

/** An order given up puts its units back: a product it brings back from sold out shows on cards again. */
export const stockReturnedTags = (productIds: Iterable<number>) => stockChangeTags([...new Set(productIds)].map((productId) => ({ productId, crossedZero: true })));

/**
 * A review moves the product's rating (its page, its cards, the rating filter and order of listings)
 * and its shop's (the shop list; other products' pages show it once they are reloaded).
 */
export const reviewTags = (productId: number) => [cacheTags.product(productId), cacheTags.listed(productId), cacheTags.listings, cacheTags.shops];

const isMinorAmount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** Sets a product's price and discount price (0: no discount). */
export async function changeProductPrice({ db, caches }: CatalogWrites, productId: number, { price, discountPrice }: { price: number; discountPrice: number }) {
  const errors: FieldErrors = {};
  if (!isMinorAmount(price) || price === 0) errors.price = ['The price must be a positive amount.'];
  if (!isMinorAmount(discountPrice)) errors.discount_price = ['The discount price must be an amount of zero or more.'];
  else if (discountPrice >= price) errors.discount_price = ['The discount price must be below the price.'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const [changed] = await db
    .update(products)
    .set({ price, discountPrice, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  if (!changed) throw notFound(PRODUCT_NOT_FOUND);
  caches.invalidate(priceChangeTags(productId));
}

/**
 * Sets how many units of a variant are on the shelf (a count, a delivery): the difference goes through
 * the stock ledger as a manual adjustment by `actorId` (decision 020), and shows as its product's stock.
 */
export async function changeVariantStock({ db, caches }: CatalogWrites, variantId: number, stock: number, { actorId = null }: { actorId?: number | null } = {}) {
  if (!Number.isSafeInteger(stock) || stock < 0) throw validationFailed({ stock: ['The stock must be a whole number of zero or more.'] });
  const change = await db.transaction(async (tx) => {
    await lockStockRows(tx, [variantId]);
    const [variant] = await tx
      .select({ productId: productVariants.productId, stock: productVariants.stock, productStock: products.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, variantId));
    if (!variant) throw notFound(VARIANT_NOT_FOUND);
    await moveStock(tx, [{ variantId, change: stock - variant.stock }], { reason: 'adjustment', actorId, now: new Date() }, { locked: true });
    const [after] = await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, variant.productId)).returning({ stock: products.stock });
    return { productId: variant.productId, crossedZero: (variant.productStock === 0) !== (after!.stock === 0) };
  });
  caches.invalidate(stockChangeTags([change]));
}
