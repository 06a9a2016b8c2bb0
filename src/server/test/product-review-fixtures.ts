import type { ProductUpdate } from '../../shared/catalog-console.contract.ts';
import type { Db } from '../db/client.ts';
import { productRevisions } from '../db/schema.ts';
import { loadProduct } from '../features/catalog/product-editing.service.ts';

/** A seller's proposed edit of a product, waiting in the store's queue (its `proposed` product is the current one with `changes` laid over). */
export async function addPendingReview(db: Db, productId: number, { changes = { name: 'Proposed Name' }, authorId = null }: { changes?: ProductUpdate; authorId?: number | null } = {}): Promise<number> {
  const product = await loadProduct(db, productId);
  const [row] = await db
    .insert(productRevisions)
    .values({ productId, shopId: product.shop.id, authorId, kind: 'update', changes, proposed: { ...product, ...changes, review: null } as typeof product, createdAt: new Date() })
    .returning({ id: productRevisions.id });
  return row!.id;
}
