import { and, asc, eq, inArray } from 'drizzle-orm';
import { MAX_AMOUNT, type ProductBulk, type ProductBulkResult, type ProductStatus } from '../../../shared/catalog-console.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { products, productVariants } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import type { CatalogWrites } from './catalog-writes.ts';
import { checkReferences, keywordsOf, PRODUCT_NOT_FOUND_MESSAGE, productWriteTags, storedStatus } from './product-editing.service.ts';
import { dictionaryTexts, updateSearchWords } from './search-terms.ts';

type ProductRow = typeof products.$inferSelect;
type StatusAction = 'publish' | 'unpublish' | 'archive';

const MAX_MINOR = toMinor(MAX_AMOUNT);

/** The named products in the identity's scope, locked in id order; one of another shop (or none) makes the whole batch not found. */
async function lockedProducts(tx: Db, identity: ConsoleIdentity, ids: readonly number[]): Promise<ProductRow[]> {
  const shopId = shopScope(identity);
  const rows = await tx
    .select()
    .from(products)
    .where(and(inArray(products.id, [...ids]), shopId === null ? undefined : eq(products.shopId, shopId)))
    .orderBy(asc(products.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  return rows;
}

/** Publish (active, or withheld while the shop is not approved: decision 029), unpublish (draft) or archive. */
async function changeStatuses(tx: Db, rows: readonly ProductRow[], action: StatusAction, context: AuditContext): Promise<number[]> {
  const changed: Array<{ row: ProductRow; status: ProductStatus }> = [];
  for (const row of rows) {
    const status = action === 'publish' ? await storedStatus(tx, row.shopId, 'active') : action === 'unpublish' ? 'draft' : 'archived';
    if (status === row.status) continue;
    await tx.update(products).set({ status, updatedAt: context.now }).where(eq(products.id, row.id));
    await recordAudit(tx, context, { action: `product.bulk_${action}`, entityType: 'product', entityId: row.id, shopId: row.shopId, before: { status: row.status }, after: { status } });
    changed.push({ row, status });
  }
  // The typo dictionary holds the words of active products only.
  await updateSearchWords(
    tx,
    changed.filter(({ status }) => status === 'active').map(({ row }) => row.id),
    changed.filter(({ row }) => row.status === 'active').flatMap(({ row }) => dictionaryTexts(row)),
  );
  return changed.map(({ row }) => row.id);
}

/** Into a category (and a sub-category of it, or none); the category's words become the products' keywords. */
async function moveProducts(tx: Db, rows: readonly ProductRow[], categoryId: number, subCategoryId: number | null, context: AuditContext): Promise<number[]> {
  await checkReferences(tx, { categoryId, subCategoryId, brandId: null }, []);
  const moved = rows.filter((row) => row.categoryId !== categoryId || row.subCategoryId !== subCategoryId);
  for (const row of moved) {
    const keywords = await keywordsOf(tx, { categoryId, subCategoryId, brandId: row.brandId });
    await tx.update(products).set({ categoryId, subCategoryId, keywords, updatedAt: context.now }).where(eq(products.id, row.id));
    await recordAudit(tx, context, {
      action: 'product.bulk_move',
      entityType: 'product',
      entityId: row.id,
      shopId: row.shopId,
      before: { category_id: row.categoryId, sub_category_id: row.subCategoryId },
      after: { category_id: categoryId, sub_category_id: subCategoryId },
    });
  }
  await updateSearchWords(
    tx,
    moved.map((row) => row.id),
    moved.flatMap(dictionaryTexts),
  );
  return moved.map((row) => row.id);
}

/**
 * Every price and discount price of the products and their variants by `percent`, rounded to whole
 * minor units. The batch is refused, under `percent`, if any price would fall below 0.01 or above the
 * largest amount, any discount below 0.01, or a discount would no longer be below its price.
 */
async function adjustPrices(tx: Db, rows: readonly ProductRow[], percent: number, context: AuditContext): Promise<number[]> {
  const hundredths = Math.round(percent * 100);
  const scaled = (minor: number) => Math.round((minor * (10_000 + hundredths)) / 10_000);
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, price: productVariants.price, discountPrice: productVariants.discountPrice })
    .from(productVariants)
    .where(inArray(productVariants.productId, rows.map((row) => row.id)))
    .orderBy(asc(productVariants.id));

  const errors: string[] = [];
  const plans = rows.map((row) => {
    const refusedBefore = errors.length;

    const amountOf = (minor: number | null) => {
      if (minor === null || minor === 0) return minor;
      const next = scaled(minor);
      if (next < 1) errors.push(`The prices of ${row.name} would fall below 0.01.`);
      if (next > MAX_MINOR) errors.push(`The prices of ${row.name} would be greater than ${MAX_AMOUNT}.`);
      return next;
    };
    const price = amountOf(row.price)!;
    const discountPrice = amountOf(row.discountPrice)!;
    const ownVariants = variants.filter((variant) => variant.productId === row.id).map((variant) => ({ ...variant, next: { price: amountOf(variant.price), discountPrice: amountOf(variant.discountPrice) } }));
    const discountNotBelow = discountPrice >= price || ownVariants.some(({ next }) => next.discountPrice !== null && next.discountPrice >= (next.price ?? price));
    // A price already refused says enough about this product.
    if (discountNotBelow && errors.length === refusedBefore) errors.push(`The discount price of ${row.name} would not be below its price.`);
    return { row, price, discountPrice, variants: ownVariants };
  });
  if (errors.length > 0) throw validationFailed({ percent: [...new Set(errors)] });

  const changed: number[] = [];
  for (const plan of plans) {
    const changedVariants = plan.variants.filter((variant) => variant.next.price !== variant.price || variant.next.discountPrice !== variant.discountPrice);
    if (plan.price === plan.row.price && plan.discountPrice === plan.row.discountPrice && changedVariants.length === 0) continue;
    await tx.update(products).set({ price: plan.price, discountPrice: plan.discountPrice, updatedAt: context.now }).where(eq(products.id, plan.row.id));
    for (const variant of changedVariants) await tx.update(productVariants).set(variant.next).where(eq(productVariants.id, variant.id));
    const amountOrNull = (minor: number | null) => (minor === null ? null : toAmount(minor));
    const prices = (price: number, discountPrice: number, variantPrices: Array<{ id: number; price: number | null; discountPrice: number | null }>) => ({
      price: toAmount(price),
      discount_price: toAmount(discountPrice),
      ...Object.fromEntries(variantPrices.flatMap((variant) => [[`variants.${variant.id}.price`, amountOrNull(variant.price)], [`variants.${variant.id}.discount_price`, amountOrNull(variant.discountPrice)]])),
    });
    await recordAudit(tx, context, {
      action: 'product.bulk_adjust_price',
      entityType: 'product',
      entityId: plan.row.id,
      shopId: plan.row.shopId,
      before: prices(plan.row.price, plan.row.discountPrice, plan.variants),
      after: { ...prices(plan.price, plan.discountPrice, plan.variants.map((variant) => ({ id: variant.id, ...variant.next }))), percent },
    });
    changed.push(plan.row.id);
  }
  return changed;
}

/**
 * `POST /api/console/products/bulk`: one action on the named products, in one transaction with one
 * audit row per product changed; the storefront shows the changes at once.
 */
export async function bulkUpdateProducts({ db, caches }: CatalogWrites, identity: ConsoleIdentity, input: ProductBulk, context: AuditContext): Promise<ProductBulkResult> {
  const ids = [...new Set(input.ids)].sort((first, second) => first - second);
  const changed = await inRetriedTransaction(db, async (tx) => {
    const rows = await lockedProducts(tx, identity, ids);
    if (input.action === 'move') return moveProducts(tx, rows, input.category_id!, input.sub_category_id ?? null, context);
    if (input.action === 'adjust_price') return adjustPrices(tx, rows, input.percent!, context);
    return changeStatuses(tx, rows, input.action, context);
  });
  caches.invalidate([...new Set(changed.flatMap(productWriteTags))]);
  return { changed: changed.length, ids: changed };
}
