import type { Db } from './client.ts';

const RETRYABLE_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 4;

/** A deadlock or serialization failure: PostgreSQL rolled the transaction back and it may simply run again. */
function isRetryableConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (RETRYABLE_CODES.has((current as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/**
 * Runs `work` in a transaction, again when PostgreSQL aborted it for a deadlock. Row locks are taken
 * in one order everywhere (products by id, then vouchers) so deadlocks should not happen; a shopper
 * changing their cart while it is being ordered is the remaining way, and a retry settles it.
 */
export async function inRetriedTransaction<Result>(db: Db, work: (tx: Db) => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
    }
  }
}
