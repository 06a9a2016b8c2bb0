import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { newCustomer } from '../test/auth-fixtures.ts';
import { startAppInstance, TEST_PASSWORD_HASH } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createPasswordHasher, type DeriveKey } from './passwords.ts';

let database: Database;
let app: FastifyInstance;
const logged: string[] = [];
let hashing = false;
let finishHashing = () => {};
const hashFinished = new Promise<void>((resolve) => (finishHashing = resolve));
/** scrypt as the store runs it, held until the test lets the hash finish. */
const heldKey: DeriveKey = async () => {
  hashing = true;
  await hashFinished;
  return Buffer.alloc(32);
};

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startAppInstance(
    database,
    { logLevel: 'info', logStream: { write: (line) => logged.push(line) } },
    { passwords: createPasswordHasher(TEST_PASSWORD_HASH, { concurrency: 1, maxWaiting: 1 }, heldKey) },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => database.close());

const accountsOf = async (email: string) => (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

it('lets a registration whose shopper gave up finish before the store closes its database', async () => {
  const { port } = app.server.address() as AddressInfo;
  const registration = httpRequest({ port, method: 'POST', path: '/api/registration', headers: { 'content-type': 'application/json' } });
  registration.on('error', () => {});
  registration.end(JSON.stringify(newCustomer({ email: 'late@example.com' })));
  await vi.waitUntil(() => hashing, { timeout: 10_000, interval: 20 });
  registration.destroy();

  let accountsWhenClosed: number | undefined;
  // As the store's own shutdown does: the database closes once the app has.
  const closing = app.close().then(async () => {
    accountsWhenClosed = await accountsOf('late@example.com');
  });
  await vi.waitUntil(() => accountsWhenClosed !== undefined || logged.some((line) => line.includes('waiting for running requests to finish')), { timeout: 10_000, interval: 20 });
  finishHashing();
  await closing;

  expect(accountsWhenClosed).toBe(1);
});
