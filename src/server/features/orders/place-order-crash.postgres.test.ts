import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher } from '../../test/commerce-fixtures.ts';
import { adminQuery, withDatabaseName } from '../../test/test-database.ts';
import { addShoppers, fillCarts, type Shopper } from '../../test/order-fixtures.ts';

/**
 * The store process killed (SIGKILL: no shutdown, no cleanup) at random moments while shoppers
 * place and cancel orders, then restarted and the interrupted requests retried with their keys.
 * Whatever moment the kill hit, the database must hold only whole placements and releases.
 *
 * PostgreSQL only (a *.postgres.test.ts file, run by the api-postgres project): the server runs as
 * a child process on a database of its own, and an embedded PGlite database belongs to the one
 * process that opened it, so the test could not share it.
 */
const KILLS = 4;
const SHOPPERS = 60;
const PARALLEL = 16;

let database: Database;
let databaseName: string;
beforeAll(async () => {
  databaseName = `store_test_crash_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${databaseName} template ${inject('postgresTemplate')}`);
  database = await openDatabase({ driver: 'postgres', url: withDatabaseName(databaseName), poolSize: 3 });
});
afterAll(async () => {
  await database.close();
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface RunningStore {
  url: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<void>;
}

async function startStore(settings: NodeJS.ProcessEnv = {}): Promise<RunningStore> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-crash-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: withDatabaseName(databaseName),
    DATABASE_POOL_SIZE: '8',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...settings,
  };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, dataDir, child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the store did not start');
}

/** A shopper's one placement (one Idempotency-Key, retried until answered), then maybe a cancel of its first order. */
interface Journey {
  shopper: Shopper;
  key: string;
  body: object;
  wantsCancel: boolean;
  placed?: { status: number; orderIds: number[] };
  cancelled?: number;
}

type Step = () => Promise<void>;

function nextStep(store: RunningStore, journey: Journey): Step | undefined {
  const headers = { authorization: journey.shopper.authorization, 'content-type': 'application/json' };
  if (!journey.placed) {
    return async () => {
      const response = await fetch(`${store.url}/api/place-order`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': journey.key },
        body: JSON.stringify(journey.body),
      });
      const body = (await response.json()) as { data?: { orders: Array<{ id: number }> } };
      journey.placed = { status: response.status, orderIds: body.data?.orders.map((order) => order.id) ?? [] };
    };
  }
  const orderId = journey.placed.orderIds[0];
  if (journey.wantsCancel && orderId && journey.cancelled === undefined) {
    return async () => {
      const response = await fetch(`${store.url}/api/orders/${orderId}/cancel`, { method: 'POST', headers, body: '{}' });
      await response.arrayBuffer();
      journey.cancelled = response.status;
    };
  }
  return undefined;
}

/** Runs the journeys' steps, PARALLEL at a time, until all are done or the store dies under them. */
async function drive(store: RunningStore, journeys: Journey[]) {
  let alive = true;
  void store.exited.then(() => (alive = false));
  const busy = new Set<Journey>();
  const worker = async () => {
    while (alive) {
      const journey = journeys.find((candidate) => !busy.has(candidate) && nextStep(store, candidate));
      if (!journey) return;
      busy.add(journey);
      try {
        await nextStep(store, journey)!();
      } catch {
        // The connection died with the store: the step stays to do, and is retried after the restart.
      } finally {
        busy.delete(journey);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

describe('a store killed while orders are placed and cancelled', () => {
  it('keeps every placement and release whole across restarts', { timeout: 120_000 }, async () => {
    const { db } = database;
    const shop = await addShop(db, { deliveryCharge: 1_00 });
    const productIds = await addProducts(db, [
      { name: 'Crash Kettle', shopId: shop.id, price: 30_00, stock: 40 },
      { name: 'Crash Toaster', shopId: shop.id, price: 45_00, stock: 40 },
      { name: 'Crash Mug', shopId: shop.id, price: 8_00, stock: 25 },
    ]);
    const voucher = await addVoucher(db, shop.id, new Date(), { discountType: 'amount', discount: 3_00, totalLimit: 12 });
    const shoppers = await addShoppers(db, SHOPPERS);
    const journeys: Journey[] = [];
    for (const [index, shopper] of shoppers.entries()) {
      const first = productIds[index % 3]!;
      const second = productIds[(index + 1) % 3]!;
      await fillCarts(db, [shopper], index % 2 ? [{ productId: first, quantity: 1 + (index % 3) }] : [{ productId: first, quantity: 1 }, { productId: second, quantity: 2 }]);
      journeys.push({
        shopper,
        key: randomUUID(),
        body: { shop_ids: [shop.id], address_id: shopper.addressId, payment_method: 'cash', ...(index % 3 === 0 && { coupon_code: voucher.code }) },
        wantsCancel: index % 4 === 1,
      });
    }
    const shelfAndSold = () =>
      queryRows<{ id: number; total: number }>(db, sql`select id, stock + total_sold as total from products order by id`);
    const before = await shelfAndSold();

    for (let kill = 0; kill < KILLS; kill++) {
      const store = await startStore();
      const work = drive(store, journeys);
      await new Promise((resolve) => setTimeout(resolve, randomInt(80, 700)));
      store.child.kill('SIGKILL');
      await store.exited;
      await work;
    }
    const store = await startStore();
    await drive(store, journeys);
    store.child.kill('SIGTERM');
    await store.exited;

    // Every request was answered in the end; each shopper's key placed at most one order.
    expect(journeys.filter((journey) => !journey.placed || nextStep(store, journey))).toEqual([]);
    const statuses = new Set(journeys.map((journey) => journey.placed!.status));
    expect([...statuses].every((status) => [200, 409, 422].includes(status))).toBe(true);
    expect(journeys.filter((journey) => journey.placed!.status === 200).length).toBeGreaterThan(0);
    const paymentsPerShopper = await queryRows<{ user_id: number; payments: number }>(
      db,
      sql`select user_id, count(*)::int as payments from payments group by user_id having count(*) > 1`,
    );
    expect(paymentsPerShopper).toEqual([]);

    const [{ orphans }] = (await queryRows<{ orphans: number }>(
      db,
      sql`select count(*)::int as orphans from orders o
          where not exists (select 1 from order_items i where i.order_id = o.id)
             or not exists (select 1 from order_status_history h where h.order_id = o.id)`,
    )) as [{ orphans: number }];
    expect(orphans).toBe(0);
    expect(await shelfAndSold()).toEqual(before);
    const [usage] = await queryRows<{ used_count: number; live_orders: number; redemptions: number }>(
      db,
      sql`select v.used_count,
                 (select count(*)::int from orders o where o.voucher_id = v.id and o.status <> 'cancelled') as live_orders,
                 (select count(*)::int from voucher_redemptions r where r.voucher_id = v.id) as redemptions
          from vouchers v where v.id = ${voucher.id}`,
    );
    expect(usage!.used_count).toBe(usage!.live_orders);
    expect(usage!.redemptions).toBe(usage!.live_orders);
    const [{ unanswered }] = (await queryRows<{ unanswered: number }>(
      db,
      sql`select count(*)::int as unanswered from idempotency_keys where response is null`,
    )) as [{ unanswered: number }];
    expect(unanswered).toBe(0);
    const [{ cancelled }] = (await queryRows<{ cancelled: number }>(db, sql`select count(*)::int as cancelled from orders where status = 'cancelled'`)) as [
      { cancelled: number },
    ];
    expect(cancelled).toBeGreaterThan(0);
  });
});

/** An SMTP server that takes connections and never answers: a mail sent to it hangs. */
async function startSilentSmtpServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('a store killed with a confirmation mail still queued', () => {
  it('sends the mail after the restart', { timeout: 90_000 }, async () => {
    const { db } = database;
    const shop = await addShop(db);
    const [kettle] = await addProducts(db, [{ name: 'Mail Kettle', shopId: shop.id, price: 20_00, stock: 10 }]);
    const [first, second] = await addShoppers(db, 2);
    await fillCarts(db, [first!, second!], [{ productId: kettle!, quantity: 1 }]);
    const [{ email: to }] = (await queryRows<{ email: string }>(db, sql`select email from users where id = ${second!.userId}`)) as [{ email: string }];
    const mailStatesTo = async (address: string) =>
      (await queryRows<{ state: string }>(db, sql`select state from pgboss.job where name = 'send-mail' and data->>'to' = ${address}`)).map((row) => row.state);
    const place = async (store: RunningStore, shopper: Shopper) => {
      const response = await fetch(`${store.url}/api/place-order`, {
        method: 'POST',
        headers: { authorization: shopper.authorization, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ shop_ids: [shop.id], address_id: shopper.addressId, payment_method: 'cash' }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { orders: Array<{ order_number: string }> } }).data.orders[0]!.order_number;
    };

    // The store's one mail worker takes a mail and hangs on an SMTP server that never answers, so
    // the next confirmation is acknowledged while its mail still waits in the queue.
    const smtp = await startSilentSmtpServer();
    const [{ startedAt }] = (await queryRows<{ startedAt: string }>(db, sql`select now()::text as "startedAt"`)) as [{ startedAt: string }];
    const store = await startStore({ SMTP_URL: smtp.url });
    await place(store, first!);
    await vi.waitFor(
      async () => {
        const sending = await queryRows(db, sql`select id from pgboss.job where name = 'send-mail' and state = 'active' and started_on > ${startedAt}::timestamptz`);
        expect(sending).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    const orderNumber = await place(store, second!);
    expect(await mailStatesTo(to)).toEqual(['created']);
    store.child.kill('SIGKILL');
    await store.exited;
    smtp.close();

    // Restarted without SMTP, the store writes mail to its outbox.
    const restarted = await startStore();
    const outbox = path.join(restarted.dataDir, 'outbox');
    const mailsTo = () =>
      readdirSync(outbox)
        .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; subject: string })
        .filter((mail) => mail.to === to);
    try {
      await vi.waitFor(() => expect(mailsTo()).toHaveLength(1), { timeout: 30_000, interval: 200 });
      expect(mailsTo()[0]!.subject).toBe(`Your order #${orderNumber} at Open Store`);
      await vi.waitFor(async () => expect(await mailStatesTo(to)).toEqual(['completed']));
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  });
});
