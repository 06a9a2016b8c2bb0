// npm run seed [-- --reset] [-- --products N] [-- --orders N]: seeds the database the configuration
// points at; --products N then adds N generated products, --orders N that many orders, for benchmarks.
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { loadDatabaseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedBulkOrders } from './bulk-orders.ts';
import { seedBulkProducts } from './bulk-products.ts';
import { refreshShopRatings } from '../features/catalog/catalog.service.ts';
import { seedDatabase } from './seed.ts';

function countOption(args: string[], name: string): number | undefined {
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index === -1) return undefined;
  const arg = args[index]!;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  const count = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(count)) {
    console.error(`--${name} needs a whole number, e.g. --${name} 100000 (got ${value ?? 'nothing'})`);
    process.exit(2);
  }
  return count;
}

const args = process.argv.slice(2);
const bulkCount = countOption(args, 'products');
const orderCount = countOption(args, 'orders');
const config = loadDatabaseConfig();
// A bulk seed's statements over a million products may take minutes: no answer timeout (db/client.ts).
const database = await openDatabase(config.database.driver === 'postgres' ? { ...config.database, answerTimeoutMs: 0 } : config.database);
try {
  await database.migrate();
  await seedDatabase(database.db, { reset: args.includes('--reset'), demoAccounts: config.appEnv === 'local', appSecret: config.appSecret });
  console.log(`Seeded the ${config.database.driver} database.`);
  if (bulkCount !== undefined && bulkCount > 0) {
    const started = performance.now();
    // PostgreSQL spreads the inserts over several connections (and cores); PGlite has one.
    const concurrency = database.driver === 'postgres' ? Math.min(4, availableParallelism()) : 1;
    await seedBulkProducts(database.db, bulkCount, { concurrency });
    await refreshShopRatings(database.db);
    // Fresh statistics, so the planner picks the listing indexes at once.
    await database.db.execute(sql`analyze`);
    const seconds = (performance.now() - started) / 1000;
    console.log(`Added ${bulkCount.toLocaleString('en-US')} bulk products, their search words and shop ratings in ${seconds.toFixed(1)} s.`);
  }
  if (orderCount !== undefined && orderCount > 0) {
    const started = performance.now();
    await seedBulkOrders(database.db, orderCount);
    const seconds = (performance.now() - started) / 1000;
    console.log(`Added ${orderCount.toLocaleString('en-US')} bulk orders and their customers in ${seconds.toFixed(1)} s.`);
  }
} finally {
  await database.close();
}
