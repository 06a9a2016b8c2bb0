// Checks that the PostgreSQL server the API tests use answers.
// Exit 0: it answers. 1: it does not (under CI, or it cannot be helped). 2: it does not, and local
// dev may skip the PostgreSQL run (scripts/test.mjs says so loudly; never under CI).
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const START_COMMAND = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
const isCI = process.env.CI === 'true';
const isRoot = process.getuid?.() === 0;

const redacted = (() => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
})();

/** Resolves to undefined when the server answers, else to the reason it did not. */
async function problem() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, query_timeout: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

function giveUp(reason, code) {
  console.error(`✗ PostgreSQL at ${redacted} does not answer: ${reason}`);
  console.error(`  Start the local server:  ${START_COMMAND}`);
  console.error('  or point the tests at another one:  TEST_DATABASE_URL=postgres://user@host:5432/db');
  process.exit(code);
}

let reason = await problem();
if (reason && !isCI && isRoot) {
  console.log(`PostgreSQL does not answer (${reason}); starting it: ${START_COMMAND}`);
  spawnSync('sh', ['-c', START_COMMAND], { stdio: 'inherit' });
  const deadline = Date.now() + 10_000;
  reason = await problem();
  while (reason && Date.now() < deadline) {
    await sleep(1000);
    reason = await problem();
  }
}
if (reason) giveUp(reason, isCI ? 1 : 2);
console.log(`✓ PostgreSQL answers at ${redacted}`);
