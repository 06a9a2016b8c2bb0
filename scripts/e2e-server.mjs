// The server Playwright tests run against: the production build on a fresh embedded database.
import { mkdirSync, rmSync } from 'node:fs';
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { runServer } from './run-server.mjs';

const PORT = process.env.E2E_PORT ?? process.env.PORT ?? '3210';
// One data folder per port, so two runs side by side (two terminals) keep apart.
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.e2e-data-${PORT}`;

ensureBuild();
await buildServer();

rmSync(DATA_DIR, { recursive: true, force: true });
mkdirSync(DATA_DIR);

runServer(SERVER_ENTRY, {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT,
  // The address the browser uses, so links and sitemaps name it (also when DATABASE_URL makes this a production start).
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  DATA_DIR,
  LOG_LEVEL: 'warn',
  // Every browser test signs up its own shoppers from 127.0.0.1.
  IP_RATE_LIMIT_FACTOR: '100',
  // A journey sees a seller's earning become available once its return window has closed, without waiting ten minutes.
  HOUSEKEEPING_SECONDS: '5',
});
