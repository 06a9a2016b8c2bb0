import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** How many products' views one statement writes: their rows stay locked only for that statement. */
const PRODUCTS_PER_WRITE = 200;

/**
 * Counts product views. The popular order does not go by the count itself (`view_count`, in no
 * index, so that counting rewrites a product's row in place) but by a copy of it refreshed every few
 * minutes (rankings.ts). Views are added up in memory and written a few hundred products to a
 * statement every few seconds: an UPDATE per page view would make every view of a hot product wait
 * for the row lock.
 *
 * A product row that another transaction holds (a checkout moving its stock) is skipped, not waited
 * for, and its views are written at the next flush: counting views never delays an order, and can
 * never be one side of a deadlock with one.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    flushEveryMs = 5_000,
  ) {
    this.timer = setInterval(() => void this.flush(), flushEveryMs);
    this.timer.unref();
  }

  record(productId: number, views = 1) {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + views);
  }

  async flush() {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending = new Map();
    for (let start = 0; start < batch.length; start += PRODUCTS_PER_WRITE) {
      // A lost count is harmless; a failed flush must not take the server down.
      await this.write(batch.slice(start, start + PRODUCTS_PER_WRITE)).catch(() => undefined);
    }
  }

  private async write(batch: Array<[productId: number, views: number]>) {
    const ids = batch.map(([id]) => id);
    const counted = await queryRows<{ id: number }>(
      this.db,
      sql`with free as materialized (select ${products.id} from ${products} where ${products.id} = any(${sql.param(ids)}::int[]) for update skip locked)
          update ${products} set view_count = ${products.viewCount} + v.views
          from unnest(${sql.param(ids)}::int[], ${sql.param(batch.map(([, views]) => views))}::int[]) as v(id, views)
          where ${products.id} = v.id and ${products.id} in (select id from free)
          returning ${products.id} as id`,
    );
    if (counted.length === ids.length) return;
    const written = new Set(counted.map((row) => row.id));
    const skipped = batch.filter(([id]) => !written.has(id));
    // Skipped rows were held by another transaction, or their product is gone (its views go with it).
    const held = await queryRows<{ id: number }>(this.db, sql`select ${products.id} as id from ${products} where ${products.id} = any(${sql.param(skipped.map(([id]) => id))}::int[])`);
    const stillThere = new Set(held.map((row) => row.id));
    for (const [id, views] of skipped) if (stillThere.has(id)) this.record(id, views);
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
