import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = process.env.CI === 'true';
// The server's data folder, where tests read the mail it sends (outbox); workers inherit it.
process.env.E2E_DATA_DIR ??= `.e2e-data-${port}`;

export default defineConfig({
  testDir: 'e2e',
  // Spec files run side by side against one server and one database, so every test makes its own
  // data (a fresh account, its own cart) and never counts on rows another test may change.
  fullyParallel: false,
  workers: 2,
  forbidOnly: isCI,
  // On CI a journey that fails is run once more and, if it then passes, named "flaky" in the log
  // (decision 058): one busy moment of the machine does not throw away the run, and the log says which to mend.
  retries: isCI ? 1 : 0,
  // The server hashes passwords at production cost, one at a time on this 2-core machine (half the
  // cores): with two workers signing up shoppers side by side, an answer that waits for a hash can
  // take seconds, so states get longer to appear than Playwright's 5 s default.
  expect: { timeout: 15_000 },
  timeout: 60_000,
  reporter: 'list',
  use: {
    baseURL,
    // An action or a page load that waits past these fails where it waits, instead of hanging until the
    // test's own time runs out with nothing said of where (a disabled button is waited for forever otherwise).
    actionTimeout: 45_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          // No sandbox: we run as root. No background networking: this machine's network is closed.
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // The home page, not the health check: its first render on the fresh embedded database can hold
    // the process past the busy threshold, and what is asked for meanwhile gets 503 (a page whose
    // stylesheet or code got one never comes alive). Tests start once a page answers 200.
    url: `${baseURL}/`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
