import { defineConfig } from 'vitest/config';

// Tests that need a database: the HTTP API (*.routes.test.ts) and data code (*.db.test.ts).
const databaseTests = ['src/server/**/*.routes.test.ts', 'src/server/**/*.db.test.ts'];
// Tests only a database server can run: several processes sharing one database (PGlite is in-process).
const serverOnlyTests = ['src/server/**/*.postgres.test.ts'];

// Same API tests twice: once on the embedded database, once on a real PostgreSQL server.
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: db === 'postgres' ? [...databaseTests, ...serverOnlyTests] : databaseTests,
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup: ['src/server/test/global-setup.ts'],
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
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...databaseTests, ...serverOnlyTests],
          environment: 'node',
        },
      },
      apiProject('api-pglite', 'pglite'),
      apiProject('api-postgres', 'postgres'),
    ],
  },
});
