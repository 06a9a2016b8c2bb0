import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createCustomer } from '../test/account-fixtures.ts';
import { ManualClock } from '../test/manual-clock.ts';
import { createTestApp, FAKE_ASSET, TEST_PASSWORD_HASH, type TestContext } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from './error-handler.ts';
import { createPasswordHasher, type DeriveKey } from './passwords.ts';

/** How long and how often a test looks again for the state it waits for. */
const WAITING = { timeout: 10_000, interval: 20 };

const TOO_MANY = 'Too many attempts. Please try again later.';

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

/** scrypt as the store runs it, held until the test lets the hashes finish; every key it makes is zeros. */
function heldHashing() {
  const started: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const deriveKey: DeriveKey = async (password) => {
    started.push(password);
    await released;
    return Buffer.alloc(32);
  };
  return { started, release, deriveKey };
}

describe('password hashing under a burst of logins', () => {
  let database: Database;
  let app: FastifyInstance;
  /** A store on two cores: one hash at a time, eight waiting. */
  let stormedApp: FastifyInstance;
  const { started, release, deriveKey: heldKey } = heldHashing();
  const storm = heldHashing();

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = { ...loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'store-data-')), LOG_LEVEL: 'silent' }), webRoot: undefined, maxEventLoopDelayMs: 0 };
    app = await buildApp({ config, database, passwords: createPasswordHasher(TEST_PASSWORD_HASH, { concurrency: 1, maxWaiting: 1 }, heldKey) });
    stormedApp = await buildApp({ config, database, passwords: createPasswordHasher(TEST_PASSWORD_HASH, { concurrency: 1, maxWaiting: 8 }, storm.deriveKey) });
    await Promise.all([app.ready(), stormedApp.ready()]);
  });
  afterAll(async () => {
    await app?.close();
    await stormedApp?.close();
    await database?.close();
  });

  const login = (account: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { phone: account, password: 'a wrong guess' } });

  it('refuses logins past the queue with 429 and Retry-After at once, without hashing them', async () => {
    const answers: LightMyRequestResponse[] = [];
    const logins = Array.from({ length: 6 }, (_, index) =>
      app
        .inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.9.9', payload: { phone: `ghost-${index}@example.com`, password: `guess-${index}` } })
        .then((answer) => {
          answers.push(answer);
          return answer;
        }),
    );
    // One hash runs, one waits; the other four are answered while those two still hold their places.
    await vi.waitUntil(() => answers.length === 4, WAITING); // the logins past the queue are answered
    expect(started).toHaveLength(1);
    for (const refused of answers) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: TOO_MANY });
      expect(refused.headers['retry-after']).toBe('3');
    }

    // A login turned away because the store is busy is not a failed attempt: twelve of them from one
    // address leave that address its ten tries at the account.
    const busy = Array.from({ length: 12 }, () => login('shared@example.com', '10.9.9.9'));
    expect((await Promise.all(busy)).map((answer) => answer.statusCode)).toEqual(Array(12).fill(429));

    release();
    const statuses = (await Promise.all(logins)).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(2);
    expect(started).toHaveLength(2);
    expect((await login('shared@example.com', '10.9.9.9')).statusCode).toBe(422);
  });

  it('lets a shopper from a quiet address sign in while 24 other addresses storm it with bad logins', async () => {
    // A stored hash whose key is the zeros the held scrypt makes: any password matches it.
    const email = 'quiet-shopper@example.com';
    const zeros = (bytes: number) => Buffer.alloc(bytes).toString('base64');
    await database.db.insert(users).values({ name: 'Quiet Shopper', email, country: 'United States', passwordHash: `scrypt$1024$8$1$${zeros(16)}$${zeros(32)}` });
    const answered: number[] = [];
    const stormers = Array.from({ length: 24 }, (_, address) => `10.20.0.${address + 1}`);
    const badLogins = stormers.flatMap((address, index) =>
      Array.from({ length: 3 }, (_, attempt) =>
        stormedApp
          .inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { phone: `storm-${index}-${attempt}@example.com`, password: 'a wrong guess' } })
          .then((answer) => answered.push(answer.statusCode)),
      ),
    );
    // One hash runs and eight wait, at most two of them of one address; the others are turned away.
    await vi.waitUntil(() => answered.length === 72 - 9, WAITING);
    expect(answered).toEqual(Array(63).fill(429));

    const shopper = stormedApp.inject({ method: 'POST', url: '/api/login', remoteAddress: '198.51.100.7', payload: { phone: email, password: 'the right one' } });
    // The quiet address takes the place of the newest login of a storming address, which is turned away.
    await vi.waitUntil(() => answered.length === 64, WAITING);
    storm.release();
    const signedIn = await shopper;
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await Promise.all(badLogins);
    expect(answered.filter((status) => status === 422)).toHaveLength(8);
  });
});

describe('anonymous searches and filtered listings', () => {
  const list = (query: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/products?${query}`, remoteAddress, headers });

  it('allow 120 a minute per address, then answer 429 until the minute is over', async () => {
    const address = '10.44.0.1';
    for (let page = 1; page <= 120; page++) {
      const query = page % 2 ? `search=quokka&page=${page}` : `min_price=1&max_price=${page}`;
      expect((await list(query, address)).statusCode).toBe(200);
    }
    const refused = await list('brand_id=1', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: TOO_MANY });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Plain pages, signed-in shoppers and other addresses go on.
    expect((await list('category_id=1&page=2', address)).statusCode).toBe(200);
    const shopper = await createCustomer(ctx.app);
    expect((await list('search=quokka', address, { authorization: shopper.authorization })).statusCode).toBe(200);
    expect((await list('search=quokka', '10.44.0.2')).statusCode).toBe(200);

    clock.advance({ minutes: 1, seconds: 1 });
    expect((await list('search=quokka', address)).statusCode).toBe(200);
  });

  it('count IPv6 clients per /64', async () => {
    const sameNetwork = ['2001:db8:44:1::1', '2001:db8:44:1:abcd::2'];
    for (let page = 1; page <= 120; page++) expect((await list(`search=mug&page=${page}`, sameNetwork[page % 2]!)).statusCode).toBe(200);
    expect((await list('search=mug', sameNetwork[0]!)).statusCode).toBe(429);
    expect((await list('search=mug', '2001:db8:44:2::1')).statusCode).toBe(200);
  });
});

describe('a saturated event loop', () => {
  let busyCtx: TestContext;
  beforeAll(async () => {
    busyCtx = await createTestApp({ maxEventLoopDelayMs: 100 });
  });
  afterAll(() => busyCtx.close());
  /** Keeps the event loop busy, as a request hogging the CPU would. */
  const hogEventLoop = (milliseconds: number) => {
    const end = performance.now() + milliseconds;
    while (performance.now() < end);
  };

  it('gets 503 with Retry-After while the health check and static files still answer, and serves again once it calms down', async () => {
    let busy: LightMyRequestResponse | undefined;
    await vi.waitUntil(async () => {
      for (let turn = 0; turn < 3; turn++) {
        hogEventLoop(300);
        await new Promise((resolve) => setImmediate(resolve));
      }
      busy = await busyCtx.app.inject({ method: 'GET', url: '/api/categories' });
      return busy.statusCode === 503;
    }, WAITING); // the store refuses work
    expect(busy!.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
    expect(busy!.headers['retry-after']).toBe('5');
    const health = await busyCtx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // A page is work and waits; the files and pictures of a page already sent still come.
    const [page, script, picture] = await Promise.all([
      busyCtx.app.inject({ method: 'GET', url: '/' }),
      busyCtx.app.inject({ method: 'GET', url: FAKE_ASSET }),
      busyCtx.app.inject({ method: 'GET', url: '/media/placeholder/category/desk-lamps.svg' }),
    ]);
    expect(page.statusCode).toBe(503);
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("storefront");');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);

    await vi.waitUntil(async () => (await busyCtx.app.inject({ method: 'GET', url: '/api/categories' })).statusCode === 200, WAITING); // the store serves again
  });
});
