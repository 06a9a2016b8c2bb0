import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { StockMovementReason } from '../../../shared/catalog-console.contract.ts';
import { products, productVariants, stockMovements } from '../../db/schema.ts';

/** Why stock moved and who moved it. */
export interface MovementCause {
  reason: StockMovementReason;
  actorId?: number | null;
  /** A person's words on why (the console's stock moves). */
  note?: string | null;
  now: Date;
}

export interface VariantChange {
  variantId: number;
  /** Signed units: negative takes units off the shelf. */
  change: number;
  /** What the change belongs to, e.g. the order's id for an order or its cancellation. */
  reference?: string | null;
}

/**
 * Locks the rows a stock change writes, in the one order every transaction takes them: products by
 * id, then their variants by id (decision 020), so two transactions never wait on each other in a circle.
 */
export async function lockStockRows(tx: Db, variantIds: readonly number[]) {
  if (variantIds.length === 0) return;
  const ids = [...variantIds];
  const owners = tx.select({ productId: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, ids));
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, owners)).orderBy(asc(products.id)).for('update');
  await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, ids)).orderBy(asc(productVariants.id)).for('update');
}

/** Adds up the changes per variant and reference, dropping the ones that cancel out. */
function netChanges(changes: readonly VariantChange[]): VariantChange[] {
  const net = new Map<string, VariantChange>();
  for (const { variantId, change, reference = null } of changes) {
    const key = JSON.stringify([variantId, reference]);
    net.set(key, { variantId, reference, change: (net.get(key)?.change ?? 0) + change });
  }
  return [...net.values()].filter((entry) => entry.change !== 0).sort((a, b) => a.variantId - b.variantId);
}

/** A variant's stock after a move, and by how much the move changed it. */
export interface StockLevel {
  variantId: number;
  productId: number;
  isActive: boolean;
  stock: number;
  change: number;
}

/**
 * The only way stock changes once a variant exists: each change becomes a ledger row, the variant's
 * counter moves by it and its product's stock (the sum of its active variants) with it, all in the
 * caller's transaction. Unless the caller holds the rows' locks already (`locked`), they are taken here.
 * A change that would take a variant below zero fails on the counter's check and rolls back the lot.
 * Answers each moved variant's new level (what low-stock notifications look at).
 */
export async function moveStock(tx: Db, changes: readonly VariantChange[], cause: MovementCause, { locked = false } = {}): Promise<StockLevel[]> {
  const net = netChanges(changes);
  if (net.length === 0) return [];
  if (!locked) await lockStockRows(tx, [...new Set(net.map((entry) => entry.variantId))]);
  await tx.insert(stockMovements).values(
    net.map(({ variantId, change, reference }) => ({
      variantId,
      change,
      reason: cause.reason,
      reference: reference ?? null,
      actorId: cause.actorId ?? null,
      note: cause.note ?? null,
      createdAt: cause.now,
    })),
  );
  const rows = sql.join(
    net.map(({ variantId, change }) => sql`(${variantId}::int, ${change}::int)`),
    sql`, `,
  );
  return queryRows<StockLevel>(
    tx,
    sql`
    with moved as (
      update ${productVariants} set stock = ${productVariants.stock} + v.change
      from (select id, sum(change)::int as change from (values ${rows}) as changes(id, change) group by id) as v
      where ${productVariants.id} = v.id
      returning ${productVariants.id} as id, ${productVariants.productId} as product_id, ${productVariants.isActive} as is_active, ${productVariants.stock} as stock, v.change
    ), summed as (
      update ${products} set stock = ${products.stock} + m.change
      from (select product_id, sum(change)::int as change from moved where is_active group by product_id) as m
      where ${products.id} = m.product_id
    )
    select id as "variantId", product_id as "productId", is_active as "isActive", stock, change from moved order by id`,
  );
}

export type NewVariant = Omit<typeof productVariants.$inferInsert, 'id' | 'createdAt'>;

/**
 * Creates variants with their starting stock, each recorded in the ledger as an import, and sets
 * their products' stock to the sum of their active variants. Answers the new ids in the given order.
 */
export async function addVariants(tx: Db, variants: readonly NewVariant[], { actorId = null, now }: { actorId?: number | null; now: Date }) {
  if (variants.length === 0) return [];
  const rows = await tx.insert(productVariants).values([...variants]).returning({ id: productVariants.id, stock: productVariants.stock });
  const imported = rows.filter((row) => row.stock !== 0);
  if (imported.length > 0) {
    await tx
      .insert(stockMovements)
      .values(imported.map((row) => ({ variantId: row.id, change: row.stock, reason: 'import' as const, actorId, createdAt: now })));
  }
  const productIds = [...new Set(variants.map((variant) => variant.productId))];
  await tx.execute(sql`update ${products} set stock = coalesce((select sum(stock) from ${productVariants}
      where ${productVariants.productId} = ${products.id} and ${productVariants.isActive}), 0)
    where ${inArray(products.id, productIds)}`);
  return rows.map((row) => row.id);
}

/** Takes a variant off sale (or back on): its stock stops (or starts) counting in its product's. */
export async function setVariantActive(tx: Db, variantId: number, isActive: boolean) {
  await lockStockRows(tx, [variantId]);
  const [changed] = await tx
    .update(productVariants)
    .set({ isActive })
    .where(and(eq(productVariants.id, variantId), ne(productVariants.isActive, isActive)))
    .returning({ productId: productVariants.productId, stock: productVariants.stock });
  if (!changed) return;
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${isActive ? changed.stock : -changed.stock}` })
    .where(eq(products.id, changed.productId));
}

export interface StockDisagreement {
  /** A variant whose counter is not its ledger's sum, or a product whose stock is not its active variants' sum. */
  kind: 'variant' | 'product';
  id: number;
  counter: number;
  expected: number;
}

/** Every counter that disagrees with what it summarises: none in a healthy store. For tests and an operator's check. */
export function stockLedgerDisagreements(db: Db): Promise<StockDisagreement[]> {
  return queryRows<StockDisagreement>(
    db,
    sql`select 'variant' as kind, v.id, v.stock as counter, coalesce(l.total, 0)::int as expected
        from ${productVariants} v
        left join (select variant_id, sum(change) as total from ${stockMovements} group by variant_id) l on l.variant_id = v.id
        where v.stock <> coalesce(l.total, 0)
        union all
        select 'product', p.id, p.stock, coalesce(s.total, 0)::int
        from ${products} p
        left join (select product_id, sum(stock) as total from ${productVariants} where is_active group by product_id) s on s.product_id = p.id
        where p.stock <> coalesce(s.total, 0)
        order by kind, id`,
  );
}
