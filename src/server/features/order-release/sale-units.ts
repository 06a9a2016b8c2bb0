import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flashSaleEnrolments } from '../../db/schema.ts';
import { SALE_CAP_REACHED } from '../../../shared/flash-sales-console.contract.ts';
import { conflict } from '../../platform/errors.ts';

/** An order line's units sold at a flash sale's price (decision 051). */
export interface SaleUnits {
  flashSaleId: number | null;
  variantId: number;
  quantity: number;
}

/**
 * Counts the lines sold at a sale price against their enrolments' caps, in the order's transaction:
 * a conditional update each, so no cap is ever passed. A line that finds no room (another checkout
 * took the last units meanwhile) refuses the whole checkout with a 409 asking the shopper to look again.
 */
export async function claimSaleUnits(tx: Db, lines: readonly SaleUnits[]): Promise<void> {
  for (const { flashSaleId, variantId, quantity } of lines) {
    if (flashSaleId === null) continue;
    const claimed = await tx
      .update(flashSaleEnrolments)
      .set({ sold: sql`${flashSaleEnrolments.sold} + ${quantity}` })
      .where(
        and(
          eq(flashSaleEnrolments.flashSaleId, flashSaleId),
          eq(flashSaleEnrolments.variantId, variantId),
          eq(flashSaleEnrolments.status, 'approved'),
          sql`(${flashSaleEnrolments.stockCap} is null or ${flashSaleEnrolments.sold} + ${quantity} <= ${flashSaleEnrolments.stockCap})`,
        ),
      )
      .returning({ id: flashSaleEnrolments.id });
    if (claimed.length === 0) throw conflict(SALE_CAP_REACHED);
  }
}

/** A cancelled order's units sold at a sale price go back to their enrolments, so others may buy them at it. */
export async function giveBackSaleUnits(tx: Db, lines: readonly SaleUnits[]): Promise<void> {
  for (const { flashSaleId, variantId, quantity } of lines) {
    if (flashSaleId === null) continue;
    await tx
      .update(flashSaleEnrolments)
      .set({ sold: sql`greatest(${flashSaleEnrolments.sold} - ${quantity}, 0)` })
      .where(and(eq(flashSaleEnrolments.flashSaleId, flashSaleId), eq(flashSaleEnrolments.variantId, variantId)));
  }
}
