import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { flashSales } from '../../db/schema.ts';
import type { Caches } from '../../platform/caches.ts';
import { flashSaleCacheTags } from './flash-sales.service.ts';

export const FLASH_SALE_CLOCK_JOB = 'flash-sale-clock';

interface Boundary {
  id: number;
  /** Milliseconds from the database's now to the start or end (negative: passed). */
  in_ms: number;
}

/**
 * The flash sales' clock (decision 051), run once across instances every `everySeconds`: the starts
 * and ends that came since the run before (looked at a few runs back, in case one ran late) drop the
 * cached prices on every instance, and those coming before the next run are waited for, so the
 * storefront's listings, cards, product pages and home follow a sale at its very moment. The time is
 * the database's, the one pricing reads.
 */
export async function followSaleClock(db: Db, caches: Caches, everySeconds: number): Promise<void> {
  const behind = 3 * everySeconds * 1000;
  const ahead = everySeconds * 1000;
  const boundaries = await queryRows<Boundary>(
    db,
    sql`select id, (extract(epoch from moment - now()) * 1000)::int as in_ms from (
          select ${flashSales.id} as id, ${flashSales.startsAt} as moment from ${flashSales}
          union all select ${flashSales.id}, ${flashSales.endsAt} from ${flashSales}) as moments
        where moment > now() - ${behind} * interval '1 millisecond' and moment <= now() + ${ahead} * interval '1 millisecond'
        order by moment`,
  );
  const started = Date.now();
  for (const at of [...new Set(boundaries.map((boundary) => boundary.in_ms))]) {
    const wait = at - (Date.now() - started);
    if (wait > 0) await sleep(wait + 1);
    const ids = boundaries.filter((boundary) => boundary.in_ms === at).map((boundary) => boundary.id);
    caches.invalidate(await flashSaleCacheTags(db, ids));
  }
}
