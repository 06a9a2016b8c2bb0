import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from './client.ts';
import { compiledOnce, MAX_NAMED_SHAPES, queryRowsOfShape, RUNS_BEFORE_NAMING } from './prepared-statements.ts';
import { products } from './schema.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { startAppInstance } from '../test/test-app.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  // One connection: every statement below is prepared (or not) on the connection the check reads.
  database = await openTestDatabase({ poolSize: 1 });
  app = await startAppInstance(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The statements prepared by their text's name on the pool's one connection, and how often each ran. */
const namedShapes = () =>
  queryRows<{ statement: string; runs: number }>(
    database.db,
    sql`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name like 'shape\\_%' order by prepare_time`,
  );

describe('statements whose text is built per request', () => {
  it('run every search of one kind as one statement, prepared once on a connection when it has come a few times', async () => {
    const terms = ['phone', 'lamp', 'shirt', 'watch', 'book', 'chair', 'bag'];
    for (const term of terms) {
      const response = await app.inject({ method: 'GET', url: `/api/products?search=${term}` });
      expect(response.statusCode, response.body).toBe(200);
    }
    // A narrow search's statement: its matches, ranked, for the listing index (decision 044).
    const matches = (await namedShapes()).filter(({ statement }) => statement.includes('array_agg(products.id order by exact_name desc'));
    expect(matches).toEqual([{ statement: expect.any(String), runs: terms.length - RUNS_BEFORE_NAMING + 1 }]);
  });

  it('leave a text that came once or twice unnamed', async () => {
    const before = await namedShapes();
    for (let run = 1; run < RUNS_BEFORE_NAMING; run++) {
      expect(await queryRowsOfShape(database.db, sql`select ${run}::int as run, 'rare' as text`)).toEqual([{ run, text: 'rare' }]);
    }
    expect(await namedShapes()).toEqual(before);
  });

  it(`name at most ${MAX_NAMED_SHAPES} texts in a process; the rest still answer, unnamed`, async () => {
    for (let n = 1; n <= MAX_NAMED_SHAPES + 5; n++) {
      for (let run = 0; run < RUNS_BEFORE_NAMING; run++) {
        const rows = await queryRowsOfShape<{ sum: number }>(database.db, sql`select ${n}::int + ${sql.raw(String(n))} as sum`);
        expect(rows).toEqual([{ sum: 2 * n }]);
      }
    }
    expect(await namedShapes()).toHaveLength(MAX_NAMED_SHAPES);
  });

  it('take a fragment compiled once as it was, its parameters numbered in the statement it is put in', async () => {
    const fragment = sql`${products.name} in (${'Compiled Lamp'}, ${'Compiled Mug'}) and ${products.status} = ${'active'}`;
    const [compiled, asBuilt] = [compiledOnce(fragment), fragment].map((part) => sql`select count(*)::int as count from ${products} where ${products.id} > ${0} and ${part}`);
    expect(await queryRowsOfShape(database.db, compiled!)).toEqual(await queryRowsOfShape(database.db, asBuilt!));
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(compiled!)).toEqual(dialect.sqlToQuery(asBuilt!));
  });
});
