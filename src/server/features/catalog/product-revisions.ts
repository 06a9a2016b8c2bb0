import { and, desc, eq, ne } from 'drizzle-orm';
import type { ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { productRevisions } from '../../db/schema.ts';

/**
 * What the product's editor says of its seller's proposals (decision 033): the latest one while it
 * waits or once it was rejected; nothing once it was approved.
 */
export async function productReviewOf(db: Db, productId: number): Promise<ConsoleProduct['review']> {
  const [latest] = await db
    .select()
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, productId), ne(productRevisions.status, 'superseded')))
    .orderBy(desc(productRevisions.id))
    .limit(1);
  if (!latest || (latest.status !== 'pending' && latest.status !== 'rejected')) return null;
  return {
    id: latest.id,
    status: latest.status,
    changes: latest.changes,
    reason: latest.reason,
    submitted_at: latest.createdAt.toISOString(),
    decided_at: latest.decidedAt?.toISOString() ?? null,
  };
}

/** A product's waiting proposal gives way: to a newer one, or to the product's archiving. */
export async function withdrawPendingRevision(tx: Db, productId: number): Promise<void> {
  await tx.update(productRevisions).set({ status: 'superseded' }).where(and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending')));
}
