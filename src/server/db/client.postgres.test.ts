import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { adminQuery, openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

it('takes back a checked-out connection the database dropped, even when its holder never gives it back', async () => {
  database = await openTestDatabase();
  const pool = database.driverClient as pg.Pool;
  // Like drizzle's transaction whose BEGIN fails on a dropped connection: checked out, never released.
  const client = await pool.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  await adminQuery(`select pg_terminate_backend(${rows[0]!.pid})`);
  await expect(client.query('begin')).rejects.toThrow();

  await expect.poll(() => pool.totalCount).toBe(0);
  expect(() => client.release()).not.toThrow();
  const answer = await database.db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
  expect((answer as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
});
