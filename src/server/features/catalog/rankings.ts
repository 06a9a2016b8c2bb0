import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** How many product ids one statement of the refresh looks through. */
const IDS_PER_REFRESH = 10_000;

/** A product whose views grew by at least a twentieth (and at least 5) since the popular order last took them up. */
const movesInPopularOrder = sql`(${products.viewCount} - ${products.popularViews} >= greatest(5, ${products.popularViews} / 20) or ${products.viewCount} < ${products.popularViews})`;

/**
 * The listing orders go by copies of a product's counts, not by the counts themselves: the counts
 * (`view_count`, `total_sold`) are in no index, so counting a view or placing an order rewrites the
 * product's row in place (a HOT update) instead of writing a new entry into each of its two dozen
 * indexes, the search indexes' pending lists among them. The copies (`popular_views`, `ranked_sold`),
 * which the sort indexes hold, are refreshed every few minutes: a product viewed or sold many times in
 * those minutes has its index entries rewritten once.
 *
 * The popular order takes up a product's views once they grew by a twentieth (and at least 5): its
 * place barely moves for less. The sales orders take up every change: sales are far fewer than views,
 * and a product's first sales move it past every product with none. The catalogue is gone through a
 * slice of ids at a time, each slice its own statement, so that no product's row stays locked for
 * long; slices lock their rows in id order, as stock moves do.
 */
export async function refreshRankings(db: Db) {
  const [range] = await queryRows<{ last: number | null }>(db, sql`select max(${products.id}) as last from ${products}`);
  for (let after = 0; after < (range?.last ?? 0); after += IDS_PER_REFRESH) {
    await db.execute(
      sql`update ${products}
          set popular_views = case when ${movesInPopularOrder} then ${products.viewCount} else ${products.popularViews} end, ranked_sold = ${products.totalSold}
          where ${products.id} > ${after} and ${products.id} <= ${after + IDS_PER_REFRESH}
            and (${movesInPopularOrder} or ${products.totalSold} <> ${products.rankedSold})`,
    );
  }
}
