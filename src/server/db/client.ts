import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      logger?: Logger;
      /** How long a statement may wait for its answer before its connection is taken for lost (ANSWER_TIMEOUT_MS; 0: as long as it takes). */
      answerTimeoutMs?: number;
    }
  /** dataDir undefined: an in-memory database; loadDataDir starts it from a dump (tests). */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface Database {
  db: Db;
  driver: DatabaseTarget['driver'];
  /** The driver's own client, for a library that speaks SQL text with `$1` parameters (the job queue). */
  driverClient: pg.Pool | PGlite;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a file, to start copies from (tests). */
  dump?(): Promise<Blob | File>;
}

/** A new connection to a database that does not answer gives up after this long: requests get a 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long a query may wait for a free connection of a busy pool; far more than a burst of shoppers takes to get through. */
const POOL_WAIT_TIMEOUT_MS = 30_000;
/** PostgreSQL ends a transaction left idle this long (an instance stuck or cut off), so its row locks stop holding up other shoppers. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

/**
 * A statement whose answer has not come after this long is taken for lost with its connection. A
 * connection whose other end vanished without closing it (a failover to another address, a network
 * cut, a frozen machine) would otherwise wait until TCP gives up, some fifteen minutes, holding its
 * request, its place in the pool and, for a listing, the listing index's catch-up that every other
 * listing waits for. The store's own statements take milliseconds; its slowest, a job's, seconds.
 * Migrations and the seed run without it.
 */
const ANSWER_TIMEOUT_MS = 60_000;

interface ClientConfig extends pg.ClientConfig {
  answerTimeoutMs?: number;
}

/**
 * node-postgres takes one setting for both waits above; its clients get the connect timeout from
 * here. A statement that outlives `answerTimeoutMs` destroys its connection, which fails it and
 * every statement queued behind it with a network error (503), and the pool opens a new one.
 * (node-postgres's `query_timeout` fails the statement but keeps the connection, still busy with it.)
 */
class QuicklyConnectingClient extends pg.Client {
  constructor({ answerTimeoutMs = 0, ...config }: ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    if (answerTimeoutMs > 0) this.query = answeredWithin(this, answerTimeoutMs);
  }
}

/** The client's `query`, each statement's connection destroyed if no answer comes within `ms`. */
function answeredWithin(client: pg.Client, ms: number): pg.Client['query'] {
  const query = pg.Client.prototype.query.bind(client) as (...args: unknown[]) => unknown;
  const loseConnection = () => {
    const { connection } = client as unknown as { connection: { stream: { destroy(error: Error): void } } };
    connection.stream.destroy(Object.assign(new Error(`No answer from the database in ${ms} ms`), { code: 'ETIMEDOUT' }));
  };
  return ((...args: unknown[]) => {
    const timer = setTimeout(loseConnection, ms);
    timer.unref();
    const answered = () => clearTimeout(timer);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      return query(...args.slice(0, -1), (...results: unknown[]) => {
        answered();
        callback(...results);
      });
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(answered, answered);
    else answered();
    return result;
  }) as pg.Client['query'];
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * drizzle-orm 0.45 checks a client out for a transaction and sends BEGIN before its try/finally, so
 * a BEGIN on a dropped connection never gives the client back, and the pool shrinks by one for good
 * (it could not even close). A client handed out here gives itself back, to be discarded, as soon as
 * its connection fails while checked out; its holder's own release after that is ignored.
 */
class SelfReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The pool's own queries check out through the callback form and release on failure themselves.
    if (callback) return super.connect(callback);
    return super.connect().then(releaseOnConnectionLoss);
  }
}

function releaseOnConnectionLoss(client: pg.PoolClient): pg.PoolClient {
  const releaseToPool = client.release;
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', release);
    releaseToPool(error);
  };
  client.release = release;
  client.once('error', release);
  return client;
}

/** How alike (trigram similarity) a catalogue word must be to a shopper's typo: at all, and to be looked among first (search-terms.ts). */
export const TYPO_SIMILARITY = { any: 0.2, close: 0.3 };

/**
 * Settings of every connection. The store's queries are short: compiling one (JIT) costs more than
 * it saves, even on a large listing that PostgreSQL's cost estimate judges worth it (decision 041). A
 * listing's bitmaps of a large category's products stay exact in 16 MB: in the default 4 MB they
 * turn lossy, and every row of their pages is tested again (decision 059). A search's typo lookup
 * (`%`, search-terms.ts) takes words at least this similar: low enough that one swapped pair of
 * letters in a six-letter word still matches; it looks among the words at least
 * `strict_word_similarity_threshold` alike first (`%>>`).
 */
const SESSION_SETTINGS = {
  jit: 'off',
  work_mem: '16MB',
  'pg_trgm.similarity_threshold': String(TYPO_SIMILARITY.any),
  'pg_trgm.strict_word_similarity_threshold': String(TYPO_SIMILARITY.close),
};

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;
/** Any constant works; it only has to be the same for every instance migrating one database. */
const MIGRATION_LOCK_ID = 72_111_001;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.driver === 'postgres') {
    const connection = {
      connectionString: target.url,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      keepAlive: true,
      options: Object.entries(SESSION_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
    };
    const pool = new SelfReleasingPool({
      ...connection,
      max: target.poolSize ?? 10,
      Client: QuicklyConnectingClient,
      connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
      answerTimeoutMs: target.answerTimeoutMs ?? ANSWER_TIMEOUT_MS,
    } as pg.PoolConfig & ClientConfig);
    // A connection can drop at any moment (a restart, a failover, a terminated backend, a timeout).
    // node-postgres fails the query in flight, which answers 503, drops the client from the pool, and
    // also emits `error` on the client, idle or checked out: unheard, that event would end the process.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema, logger: target.logger }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      driverClient: pool,
      async migrate() {
        // A connection of its own, without the answer timeout: a migration may rewrite every product.
        const client = new QuicklyConnectingClient(connection);
        client.on('error', () => undefined);
        await client.connect();
        try {
          // Several instances may start at once; only one applies migrations.
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          await client.end();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const loadDataDir = target.loadDataDir ?? (isNewDataDir(target.dataDir) ? emptyDataDirTemplate() : undefined);
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir, extensions: { pg_trgm } });
  // PGlite is one connection, for as long as it is open.
  await client.exec(Object.entries(SESSION_SETTINGS).map(([name, value]) => `set ${name} = '${value}';`).join('\n'));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    driverClient: client,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async ping() {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dump: () => client.dumpDataDir('none'),
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const isNewDataDir = (dataDir: string | undefined) => dataDir === undefined || !existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * A freshly initialised PGlite data directory (scripts/make-pglite-template.mjs). PGlite's own
 * initdb needs more memory than a 512 MB container allows; starting from this copy needs far less,
 * so a first `npm start` fits one (decision 036).
 */
export const EMPTY_PGLITE_TEMPLATE = new URL('./empty-pglite.tar.gz', import.meta.url).pathname;
const emptyDataDirTemplate = () => new Blob([readFileSync(EMPTY_PGLITE_TEMPLATE)]);
