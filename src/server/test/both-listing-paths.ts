import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestApp, startAppInstance, type TestContext } from './test-app.ts';

export interface BothListingPaths {
  /** The store, listing from its in-memory index. */
  context: TestContext;
  /** The same store with the listing index off: listings and searches from the products' rows (decision 041). */
  withoutIndex: FastifyInstance;
}

/**
 * For the tests that both listing paths agree: a test store filled by `fill` (and analysed, as a
 * store's statistics would be), and a second instance on its database with the index off. The
 * fields are set once the file's `beforeAll` has run.
 */
export function storeOnBothListingPaths(fill: (db: Db) => Promise<void>): BothListingPaths {
  const store = {} as BothListingPaths;
  beforeAll(async () => {
    store.context = await createTestApp();
    await fill(store.context.database.db);
    await store.context.database.db.execute(sql`analyze products`);
    store.withoutIndex = await startAppInstance(store.context.database, { listingIndex: false });
  }, 120_000);
  afterAll(async () => {
    await store.withoutIndex?.close();
    await store.context?.close();
  });
  return store;
}
