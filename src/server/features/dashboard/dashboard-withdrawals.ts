import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import type { DashboardAnswer } from '../../../shared/dashboard.contract.ts';
import { toAmount } from '../../../shared/money.ts';

const LAST_WITHDRAWALS = 5;

/** Withdrawals the store still has to act on (decision 053): requested ones to decide, approved ones to pay; the store's, or `shopId`'s. */
export async function withdrawalsWaiting(db: Db, shopId: number | null): Promise<number> {
  const conditions: SQL[] = [inArray(withdrawals.status, ['requested', 'approved'])];
  if (shopId !== null) conditions.push(eq(withdrawals.shopId, shopId));
  const [row] = await db.select({ waiting: count() }).from(withdrawals).where(and(...conditions));
  return row?.waiting ?? 0;
}

/** The shop's last withdrawals, newest first. */
export async function lastWithdrawals(db: Db, shopId: number): Promise<NonNullable<DashboardAnswer['withdrawals']>> {
  const rows = await db
    .select({ id: withdrawals.id, amount: withdrawals.amount, status: withdrawals.status, requestedAt: withdrawals.requestedAt })
    .from(withdrawals)
    .where(eq(withdrawals.shopId, shopId))
    .orderBy(desc(withdrawals.id))
    .limit(LAST_WITHDRAWALS);
  return rows.map((row) => ({ id: row.id, amount: toAmount(row.amount), status: row.status, created_at: row.requestedAt.toISOString() }));
}
