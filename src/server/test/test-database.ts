import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';

export const adminDatabaseUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function withDatabaseName(name: string) {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(query: string) {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** How a test reaches its PostgreSQL database: `port` (a proxy's) instead of the server's own, and the pool's answer timeout. */
interface Connection {
  logger?: Logger;
  poolSize?: number;
  port?: number;
  answerTimeoutMs?: number;
}

/**
 * A private, migrated and seeded database for one test file, on the driver the project names; on
 * PostgreSQL `logger` sees every query, and `poolSize` connections serve it (5 unless told).
 */
export async function openTestDatabase(connection: Connection = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const template = inject('pgliteTemplate');
    return openDatabase({ driver: 'pglite', loadDataDir: new Blob([template as Uint8Array<ArrayBuffer>]) });
  }
  return ownPostgresDatabase('store_test', `template ${inject('postgresTemplate')}`, connection);
}

/** A database of the test's own on the PostgreSQL server, dropped when it is closed. */
async function ownPostgresDatabase(prefix: string, template = '', { logger, poolSize = 5, port, answerTimeoutMs }: Connection = {}) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} ${template}`);
  const url = new URL(withDatabaseName(name));
  if (port) url.port = String(port);
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize, logger, answerTimeoutMs });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** An empty database, not migrated, for tests of migrations themselves. */
export async function openBlankTestDatabase(): Promise<Database> {
  return process.env.TEST_DB === 'postgres' ? ownPostgresDatabase('store_blank') : openDatabase({ driver: 'pglite' });
}

/** The Redis server the cross-instance tests (shared rate limits, live fan-out) run on. */
export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
