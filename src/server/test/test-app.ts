import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../platform/clock.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export const FAKE_ASSET = '/assets/index-Ab12Cd34.js';
const FAKE_SHARED_ASSET = '/assets/react-Ef56Gh78.js';
const FAKE_STYLESHEET = '/assets/index-Ij90Kl12.css';
export const FAKE_CONSOLE_PAGE = '<!doctype html><html lang="en" dir="ltr"><head><meta name="robots" content="noindex, nofollow"></head><body><div id="root"></div></body></html>';

/** A storefront shell with the placeholder the server fills, its script and stylesheet tags and one hashed asset, and the console's page, standing in for the Vite build. */
export function fakeWebRoot() {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en" dir="ltr"><head><!--app-head--><script type="module" crossorigin src="${FAKE_ASSET}"></script>` +
      `<link rel="modulepreload" crossorigin href="${FAKE_SHARED_ASSET}"><link rel="stylesheet" crossorigin href="${FAKE_STYLESHEET}">` +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'console.html'), FAKE_CONSOLE_PAGE);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, FAKE_ASSET), 'console.log("storefront");');
  return dir;
}

/** Cheap scrypt for tests: the rules around passwords are what they check, not the cost. */
export const TEST_PASSWORD_HASH = { N: 2 ** 10, r: 8, p: 1 };

/** What every app a test starts in its own process shares. */
const inProcessTestConfig = {
  // Pages paint in the browser alone unless a test brings a renderer (the real one needs a build).
  webRenderModule: undefined,
  passwordHashParams: TEST_PASSWORD_HASH,
  // In-process PGlite work can hold the event loop past a second on a loaded machine (two instances on
  // one PGlite answered a placement 503 so); load shedding has tests of its own.
  maxEventLoopDelayMs: 0,
} satisfies Partial<AppConfig>;

/**
 * One more instance of the store (API only) on a database a test already holds, as behind a load
 * balancer: its own data folder, cheap hashes, and whatever the test sets besides.
 */
export async function startAppInstance(
  database: Database,
  overrides: Partial<AppConfig> = {},
  dependencies: Omit<AppDependencies, 'config' | 'database'> = {},
): Promise<FastifyInstance> {
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'store-data-')), LOG_LEVEL: 'silent' }),
    webRoot: undefined,
    ...inProcessTestConfig,
    ...overrides,
  };
  const app = await buildApp({ config, database, ...dependencies });
  await app.ready();
  return app;
}

/** The whole app on a private database, ready for `app.inject()`. */

export async function createTestApp(overrides: Partial<AppConfig> = {}, clock?: Clock): Promise<TestContext> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-data-'));
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    webRoot: fakeWebRoot(),
    ...inProcessTestConfig,
    ...overrides,
  };
  const app = await buildApp({ config, database, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
