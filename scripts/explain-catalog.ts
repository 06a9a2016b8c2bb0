// Prints the PostgreSQL plans of the catalogue's hot listing queries, exactly as the service sends them.
//   DATABASE_URL=postgres://… npx tsx scripts/explain-catalog.ts
import type pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { catalogReads } from '../src/server/features/catalog/catalog-caches.ts';
import { listProducts } from '../src/server/features/catalog/product-listing.ts';
import { Caches } from '../src/server/platform/caches.ts';
import type { ProductListQuery } from '../src/shared/catalog.contract.ts';
import { DEFAULT_LOCALE } from '../src/shared/constants.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to explain');

const captured: Array<{ query: string; params: unknown[] }> = [];
const database = await openDatabase({ driver: 'postgres', url, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
// A connection of the service's own pool: its session settings (the typo lookup's threshold among them).
const client = await (database.driverClient as pg.Pool).connect();

const scenarios: Array<[string, ProductListQuery]> = [
  ['listing, page 1, no filter', { page: 1, per_page: 10 }],
  ['full-text search "wireless headphones"', { page: 1, per_page: 10, search: 'wireless headphones' }],
  ['search with typos "wireles hedphones" (dictionary lookups)', { page: 1, per_page: 10, search: 'wireles hedphones' }],
  ['listing, highest price first (products in a running sale at their sale price)', { page: 1, per_page: 10, sort_type: 'high_to_low' }],
  ['filtered: category + price range, cheapest first', { page: 1, per_page: 10, category_id: 1, min_price: 10, max_price: 200, sort_type: 'low_to_high' }],
  ['filtered to few products: category + narrow price range, newest, page 3', { page: 3, per_page: 10, category_id: 8, min_price: 280, max_price: 300, sort_type: 'newest' }],
];

const reads = catalogReads(database.db, new Caches());
for (const [title, query] of scenarios) {
  captured.length = 0;
  await listProducts(reads, query, DEFAULT_LOCALE);
  // The dictionary lookups, the page query and the count are what every request pays; facets are
  // cached for a minute, the running sales' prices for seconds.
  const hot = captured
    .filter(({ query: text }) => /from "(products|search_words)"/.test(text) && !/^explain|distinct|min\(|max\(/.test(text))
    .slice(0, 4);
  console.log(`\n### ${title}\n`);
  for (const { query: text, params } of hot) {
    const { rows } = await client.query(`explain (analyze, buffers, costs off, summary on) ${text}`, params as unknown[]);
    console.log('```');
    console.log(text.length > 400 ? `${text.slice(0, 400)}…` : text);
    console.log('--');
    for (const row of rows) console.log(row['QUERY PLAN']);
    console.log('```');
  }
}
client.release();
await database.close();
