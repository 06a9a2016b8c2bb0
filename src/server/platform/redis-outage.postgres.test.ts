import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { DEMO_ADMIN } from '../seed/accounts.seed.ts';
import { placeCashOrder } from '../test/staff-fixtures.ts';
import { changeProductPrice } from '../features/catalog/catalog-writes.ts';
import { newCustomer } from '../test/auth-fixtures.ts';
import { listen, openEventStream } from '../test/sse-fixtures.ts';
import { createCustomer } from '../test/account-fixtures.ts';
import { addProducts } from '../test/catalog-fixtures.ts';
import { startOwnRedis } from '../test/own-redis.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { startAppInstance } from '../test/test-app.ts';
import { issueAccessToken } from './auth.ts';
import { UNCERTAIN_FRESH_MS } from './caches.ts';

/** This file's own Redis, killed and restarted by the tests; the shared one at 6379 is never touched. */
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let database: Database;
/** Two instances of the store on one database and one Redis, as behind a load balancer. */
let first: FastifyInstance;
let second: FastifyInstance;
let firstUrl: string;
let secondUrl: string;
let admin: string;

const startInstance = () => startAppInstance(database, { redisUrl: redis.url }, { eventsPrefix: 'outage-test' });

beforeAll(async () => {
  redis = await startOwnRedis();
  database = await openTestDatabase();
  first = await startInstance();
  second = await startInstance();
  [firstUrl, secondUrl] = await Promise.all([listen(first), listen(second)]);
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  admin = `Bearer ${(await issueAccessToken(database.db, row!.id, first.clock)).token}`;
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await database?.close();
  await redis?.kill();
});

// A test that failed half-way must not leave the next one without Redis.
afterEach(() => redis.start());

/** How long and how often a test looks again for the state it waits for. */
const WAITING = { timeout: 10_000, interval: 50 };

/** Once Redis is back, waits until the instance counts its hits there again. */
async function untilCountingInRedis(app: FastifyInstance) {
  const probe = new Redis(redis.url);
  const key = `probe:${Math.random()}`;
  try {
    await vi.waitUntil(async () => {
      await app.rateLimiter.hit(key, { limit: 1_000, windowSeconds: 60 });
      return (await probe.exists(`rate:${key}`)) === 1;
    }, WAITING); // the instance counts in Redis again
  } finally {
    probe.disconnect();
  }
}

let lastAddress = 0;
const nextAddress = () => `10.77.0.${++lastAddress}`;

/** Answers the response and how long it took: while Redis is down nothing may wait for it. */
async function timed(call: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const response = await call();
  return { response, milliseconds: performance.now() - started };
}

const contact = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress,
    payload: { name: 'Ada Shopper', email: 'ada@example.com', subject: 'Where is my parcel?', message: 'Could you tell me when my order ships? Thank you.' },
  });

describe('rate limits while Redis is down', () => {
  it('answer sign-ups, logins, codes and contact as usual within a second, limit per instance, and share the limits again once Redis is back', async () => {
    await redis.kill();
    const address = nextAddress();
    const customer = newCustomer();
    const calls = [
      { expected: 200, call: () => first.inject({ method: 'POST', url: '/api/registration', payload: customer, remoteAddress: address }) },
      { expected: 200, call: () => first.inject({ method: 'POST', url: '/api/login', payload: { phone: customer.email, password: customer.password }, remoteAddress: address }) },
      { expected: 422, call: () => second.inject({ method: 'POST', url: '/api/login', payload: { phone: customer.email, password: 'wrong guess' }, remoteAddress: address }) },
      { expected: 200, call: () => second.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: customer.email, forgot_password: false }, remoteAddress: address }) },
      { expected: 201, call: () => contact(first, address) },
    ];
    for (const { expected, call } of calls) {
      const { response, milliseconds } = await timed(call);
      expect(response.statusCode, response.body).toBe(expected);
      expect(milliseconds).toBeLessThan(1000);
    }

    // Five messages an hour per address, counted by each instance on its own until Redis is back.
    const crowd = nextAddress();
    for (let message = 0; message < 5; message++) expect((await contact(first, crowd)).statusCode).toBe(201);
    const refused = await contact(first, crowd);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'Too many attempts. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await contact(second, crowd)).statusCode).toBe(201);

    await redis.start();
    await Promise.all([untilCountingInRedis(first), untilCountingInRedis(second)]);
    const shared = nextAddress();
    for (let message = 0; message < 5; message++) expect((await contact(message % 2 ? first : second, shared)).statusCode).toBe(201);
    expect((await contact(first, shared)).statusCode).toBe(429);
    expect((await contact(second, shared)).statusCode).toBe(429);
  });
});

describe('live events while Redis is down', () => {
  const moveOrder = async (app: FastifyInstance, orderId: number, status: string) => {
    const { response, milliseconds } = await timed(() =>
      app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers: { authorization: admin }, payload: { status } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(milliseconds).toBeLessThan(1000);
  };
  const follow = async (baseUrl: string, authorization: string, lastEventId?: string) => {
    const stream = await openEventStream(baseUrl, { authorization, ...(lastEventId && { 'last-event-id': lastEventId }) });
    await stream.next((frame) => frame.retry !== undefined);
    return stream;
  };
  const status = (frame: { data?: string }) => (JSON.parse(frame.data!) as { status: string }).status;

  it('reach the shopper live and on reconnecting, and every instance replays them once Redis is back', async () => {
    const [shopper, neighbour] = [await createCustomer(first), await createCustomer(first)];
    const order = await placeCashOrder(first, shopper.authorization);
    const neighbourOrder = await placeCashOrder(first, neighbour.authorization);
    const live = await follow(firstUrl, shopper.authorization);
    await moveOrder(first, order.id, 'confirm');
    const seen = await live.next();

    await redis.kill();
    await moveOrder(first, order.id, 'processing');
    const processing = await live.next();
    expect(status(processing)).toBe('processing');
    live.close();
    await moveOrder(first, order.id, 'pickup');
    await moveOrder(second, neighbourOrder.id, 'confirm');

    // Still without Redis, the instance that published replays what the shopper missed.
    const reconnected = await follow(firstUrl, shopper.authorization, processing.id);
    const pickup = await reconnected.next();
    expect(status(pickup)).toBe('pickup');
    reconnected.close();

    await redis.start();
    await vi.waitUntil(async () => (await second.events.eventsAfter(shopper.user.id, seen.id!)).length === 2, WAITING); // the first instance wrote its events to Redis
    // Under the ids the shopper already got them by, so a client that saw one does not get it twice.
    const replay = await follow(secondUrl, shopper.authorization, seen.id);
    expect([await replay.next(), await replay.next()]).toEqual([processing, pickup]);
    replay.close();
    await vi.waitUntil(async () => (await first.events.eventsAfter(neighbour.user.id, '0-0')).length === 1, WAITING); // the second instance wrote its event to Redis
    const neighbourReplay = await follow(firstUrl, neighbour.authorization, '0-0');
    expect(status(await neighbourReplay.next())).toBe('confirm');
    neighbourReplay.close();
  });
});

describe('cached answers while Redis is down', () => {
  const priceOn = async (app: FastifyInstance, productId: number) => {
    const { response, milliseconds } = await timed(() => app.inject({ method: 'GET', url: `/api/products/${productId}` }));
    expect(response.statusCode, response.body).toBe(200);
    expect(milliseconds).toBeLessThan(1000);
    return (response.json() as { data: { product: { price: number } } }).data.product.price;
  };
  const redisHealth = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/health' })).json().data.redis;
  const changePrice = (app: FastifyInstance, productId: number, price: number) =>
    changeProductPrice({ db: database.db, caches: app.caches }, productId, { price, discountPrice: 0 });

  it('answer at once, keep values only briefly on the instance that may miss a change, and share changes again once Redis is back', async () => {
    const [productId] = await addProducts(database.db, [{ name: 'Outage Kettle', price: 30_11 }]);
    expect(await priceOn(first, productId!)).toBe(30.11);
    expect(await priceOn(second, productId!)).toBe(30.11);

    await redis.kill();
    await vi.waitUntil(async () => second.caches.isUncertain, WAITING); // the second instance knows it may miss invalidations
    await vi.waitUntil(async () => (await redisHealth(second)) === 'down', WAITING); // its two connections may notice the loss one after the other
    await changePrice(first, productId!, 20_22);
    expect(await priceOn(first, productId!)).toBe(20.22);
    // Not told, the other instance reads the product again once its value is UNCERTAIN_FRESH_MS old.
    const changed = Date.now();
    await vi.waitUntil(async () => (await priceOn(second, productId!)) === 20.22, WAITING); // the second instance shows the new price
    expect(Date.now() - changed).toBeLessThan(UNCERTAIN_FRESH_MS + 1000);

    await redis.start();
    await vi.waitUntil(async () => !first.caches.isUncertain && !second.caches.isUncertain, WAITING); // both instances hear invalidations again
    await vi.waitUntil(async () => (await redisHealth(first)) === 'up', WAITING); // the first instance can announce invalidations again
    expect(await priceOn(second, productId!)).toBe(20.22);
    await changePrice(first, productId!, 10_33);
    // Faster than a value kept while uncertain would go: the invalidation came through Redis.
    await expect.poll(() => priceOn(second, productId!), { timeout: UNCERTAIN_FRESH_MS / 2, interval: 20 }).toBe(10.33);
  });
});
