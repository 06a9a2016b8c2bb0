import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Tests that need a database: the HTTP API (*.routes.test.ts) and data code (*.db.test.ts).
const databaseTests = ['src/server/**/*.routes.test.ts', 'src/server/**/*.db.test.ts'];
// Tests only a database server can run: several processes sharing one database (PGlite is in-process).
const serverOnlyTests = ['src/server/**/*.postgres.test.ts'];

/**
 * The embedded database (PGlite, the zero-setup default) runs a smoke subset; every database test
 * runs on PostgreSQL (decision 023). The subset proves the default works: a migrated database gets
 * the demo store, jobs run on it, and each feature's main journey passes. A new feature adds its
 * journey here; TEST_PGLITE=all runs every database test on PGlite (after a change to the driver).
 */
const pgliteSmokeTests = [
  // The embedded default itself: migrate and seed the demo store, its orders, background jobs.
  'src/server/seed/seed.db.test.ts',
  'src/server/seed/demo-activity.seed.db.test.ts',
  'src/server/db/variants-migration.db.test.ts',
  'src/server/db/console-roles-migration.db.test.ts',
  'src/server/db/units-migration.db.test.ts',
  'src/server/db/variant-pictures-migration.db.test.ts',
  'src/server/db/fulfilment-migration.db.test.ts',
  'src/server/db/product-option-ids-migration.db.test.ts',
  'src/server/db/guest-link-migration.db.test.ts',
  'src/server/db/pglite-template.db.test.ts',
  'src/server/platform/jobs.db.test.ts',
  // One journey per feature.
  'src/server/features/health/health.routes.test.ts',
  'src/server/features/i18n/answer-language.routes.test.ts',
  'src/server/features/settings/settings.routes.test.ts',
  'src/server/features/catalog/categories.routes.test.ts',
  'src/server/features/catalog/catalog.console.routes.test.ts',
  'src/server/features/catalog/product-bulk.routes.test.ts',
  'src/server/features/stock/stock.console.routes.test.ts',
  'src/server/features/admin/order-fulfilment.routes.test.ts',
  'src/server/features/invoices/invoices.routes.test.ts',
  'src/server/features/returns/returns.routes.test.ts',
  'src/server/features/returns/stripe-refunds.routes.test.ts',
  'src/server/features/account/customers.console.routes.test.ts',
  'src/server/features/catalog/review-moderation.console.routes.test.ts',
  'src/server/features/support/tickets.console.routes.test.ts',
  'src/server/features/catalog/taxonomy.console.routes.test.ts',
  'src/server/features/catalog/product-review.console.routes.test.ts',
  'src/server/features/catalog/search-terms.db.test.ts',
  'src/server/features/media/media.console.routes.test.ts',
  'src/server/features/storefront/storefront.routes.test.ts',
  'src/server/features/content/content-heads.routes.test.ts',
  'src/server/features/content/store-face.routes.test.ts',
  'src/server/features/auth/registration.routes.test.ts',
  'src/server/features/account/favorites.routes.test.ts',
  'src/server/features/cart/cart.routes.test.ts',
  'src/server/features/vouchers/vouchers.routes.test.ts',
  'src/server/features/vouchers/vouchers.console.routes.test.ts',
  'src/server/features/orders/orders.routes.test.ts',
  'src/server/features/orders/order-housekeeping.routes.test.ts',
  'src/server/features/orders/guest-order-links.routes.test.ts',
  'src/server/features/live/live.routes.test.ts',
  'src/server/features/contact/contact.routes.test.ts',
  'src/server/features/support/support.routes.test.ts',
  'src/server/features/admin/admin.routes.test.ts',
  'src/server/features/admin/orders.console.routes.test.ts',
  'src/server/features/console/console-staff.routes.test.ts',
  'src/server/features/notifications/notifications.routes.test.ts',
];
const missingSmokeTests = pgliteSmokeTests.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missingSmokeTests.length > 0) throw new Error(`vitest.config.ts lists PGlite smoke tests that do not exist: ${missingSmokeTests.join(', ')}`);

const includeOn = {
  pglite: process.env.TEST_PGLITE === 'all' ? databaseTests : pgliteSmokeTests,
  postgres: [...databaseTests, ...serverOnlyTests],
};

// The database tests on the embedded database and on a real PostgreSQL server.
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: includeOn[db],
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/one-statement-per-connection.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...databaseTests, ...serverOnlyTests],
          environment: 'node',
        },
      },
      apiProject('api-pglite', 'pglite'),
      apiProject('api-postgres', 'postgres'),
    ],
  },
});
