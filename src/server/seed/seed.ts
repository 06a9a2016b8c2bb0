import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import { refreshShopRatings } from '../features/catalog/catalog.service.ts';
import { seedAccounts } from './accounts.seed.ts';
import { seedCatalog } from './catalog.seed.ts';
import { seedContent } from './content.seed.ts';
import { seedDemoActivity, seedDemoEarnings } from './demo-activity.seed.ts';
import { seedCategories } from './categories.seed.ts';
import { seedStore } from './store.seed.ts';
import { seedVouchers } from './vouchers.seed.ts';

/** Empties every table of the store (not the migration history). */
export async function resetDatabase(db: Db) {
  const rows = await queryRows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = rows.map((row) => `"${row.tablename}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

/**
 * Seeds the demo store; safe to run again (existing rows are kept). The demo accounts, whose
 * passwords are public, only go into a local store (`demoAccounts`): a production database must
 * never get an admin anyone can sign in as.
 */
export async function seedDatabase(db: Db, options: { reset?: boolean; demoAccounts?: boolean; appSecret?: string } = {}) {
  if (options.reset) await resetDatabase(db);
  await seedStore(db);
  await seedCategories(db);
  await seedCatalog(db);
  await refreshShopRatings(db);
  await seedVouchers(db);
  await seedContent(db);
  if (options.demoAccounts ?? true) {
    await seedAccounts(db);
    await seedDemoActivity(db);
    // The demo withdrawal's payout details are sealed under the store's secret (decision 053).
    await seedDemoEarnings(db, options.appSecret);
  }
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ key: settings.key }).from(settings).limit(1);
  return rows.length > 0;
}
