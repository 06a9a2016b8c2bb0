import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ADMIN } from '../../seed/accounts.seed.ts';
import { issueAccessToken } from '../../platform/auth.ts';
import { REPLAY_LIMIT } from '../../platform/event-bus.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { addConsoleMember } from '../../test/console-fixtures.ts';
import { openTestDatabase, testRedisUrl } from '../../test/test-database.ts';
import { startAppInstance } from '../../test/test-app.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { listen, openEventStream } from '../../test/sse-fixtures.ts';

const REDIS_URL = testRedisUrl();
/** This run's own keys and channel on the shared Redis; removed at the end (never a FLUSHALL). */
const PREFIX = `store-test-${randomUUID()}`;

let database: Database;
/** Two instances of the store on one database and one Redis, as behind a load balancer. */
let first: FastifyInstance;
let second: FastifyInstance;
let secondUrl: string;
let firstUrl: string;
let admin: string;

const startInstance = () => startAppInstance(database, { redisUrl: REDIS_URL }, { eventsPrefix: PREFIX });

beforeAll(async () => {
  database = await openTestDatabase();
  [first, second] = await Promise.all([startInstance(), startInstance()]);
  [firstUrl, secondUrl] = await Promise.all([listen(first), listen(second)]);
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  admin = `Bearer ${(await issueAccessToken(database.db, row!.id, first.clock)).token}`;
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await database?.close();
  const redis = new Redis(REDIS_URL);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${PREFIX}:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

const streams: Array<{ close(): void }> = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function follow(baseUrl: string, headers: Record<string, string>) {
  const stream = await openEventStream(baseUrl, headers);
  streams.push(stream);
  await stream.next((frame) => frame.retry !== undefined);
  return stream;
}

async function moveOrder(orderId: number, status: string) {
  const response = await first.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers: { authorization: admin }, payload: { status } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('live events across instances (Redis)', () => {
  it('a status change made through one instance reaches a client of the other within a second', async () => {
    const shopper = await createCustomer(first);
    const order = await placeCashOrder(first, shopper.authorization);
    const stream = await follow(secondUrl, { authorization: shopper.authorization });

    const started = Date.now();
    await moveOrder(order.id, 'confirm');
    const frame = await stream.next(undefined, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(frame.event).toBe('order.status_changed');
    expect(JSON.parse(frame.data!)).toEqual({ order_id: order.id, order_number: order.orderNumber, status: 'confirm' });
  });

  it('replays what a client missed while away, from either instance, after its Last-Event-ID', async () => {
    const shopper = await createCustomer(first);
    const order = await placeCashOrder(first, shopper.authorization);
    const before = await follow(secondUrl, { authorization: shopper.authorization });
    await moveOrder(order.id, 'confirm');
    const seen = await before.next();
    before.close();

    await moveOrder(order.id, 'processing');
    await moveOrder(order.id, 'pickup');
    for (const baseUrl of [secondUrl, firstUrl]) {
      const after = await follow(baseUrl, { authorization: shopper.authorization, 'last-event-id': seen.id! });
      const missed = [await after.next(), await after.next()];
      expect(missed.map((frame) => JSON.parse(frame.data!).status)).toEqual(['processing', 'pickup']);
      after.close();
    }
  });

  it('keeps each user’s events apart and only the latest ones for replay', async () => {
    const [one, other] = [await createCustomer(first), await createCustomer(first)];
    const otherStream = await follow(secondUrl, { authorization: other.authorization });
    const events = [];
    for (let index = 0; index < REPLAY_LIMIT + 5; index++) events.push(await first.events.publish(one.user.id, 'ticket.replied', { ticket_no: `TCK-${index}` }));
    await first.events.publish(other.user.id, 'ticket.replied', { ticket_no: 'TCK-OTHER' });
    expect(JSON.parse((await otherStream.next()).data!)).toEqual({ ticket_no: 'TCK-OTHER' });

    const kept = await second.events.eventsAfter(one.user.id, '0-0');
    expect(kept).toHaveLength(REPLAY_LIMIT);
    expect(kept.map((event) => event.id)).toEqual(events.slice(5).map((event) => event.id));
    expect(await second.events.eventsAfter(one.user.id, events.at(-2)!.id)).toEqual([events.at(-1)]);
  });

  it("a low-stock notification written through one instance reaches a console member following the other", async () => {
    const member = await addConsoleMember(first, 'catalogue_manager');
    const stream = await follow(secondUrl, { authorization: member.authorization });
    // One above the test store's low-stock threshold (5).
    const [productId] = await addProducts(database.db, [{ name: 'Fanned Out Lamp', stock: 6 }]);
    const [variant] = await variantsOf(database.db, productId!);
    const adjusted = await first.inject({
      method: 'POST',
      url: `/api/console/products/${productId}/variants/${variant!.id}/stock`,
      headers: { authorization: member.authorization },
      payload: { change: -1, reason: 'adjustment' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const frame = await stream.next(undefined, 1000);
    expect(frame.event).toBe('console.notification');
    expect(JSON.parse(frame.data!)).toMatchObject({ notification: { kind: 'low_stock', entity_id: productId, data: { product: 'Fanned Out Lamp', stock: 5 } }, unread_count: 1 });
  });
});
