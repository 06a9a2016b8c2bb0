import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client.ts';

/** A value as SQL text, for `execute name(…)` of a statement prepared in SQL. */
export const sqlLiteral = (value: unknown): string =>
  Array.isArray(value) ? `'{${value.join(',')}}'` : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * How PostgreSQL's plan cache served a statement prepared once on a connection and then run with each
 * of `runs`' parameters, as the store's connections run their prepared statements: how many runs
 * were planned for their own values (custom) and how many ran its one generic plan.
 */
export async function planCacheUse(db: Db, text: string, runs: unknown[][]): Promise<{ custom: number; generic: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare probe as ${text}`));
    for (const values of runs) await tx.execute(sql.raw(`execute probe(${values.map(sqlLiteral).join(', ')})`));
    const [use] = await queryRows<{ custom: number; generic: number }>(
      tx,
      sql`select custom_plans::int as custom, generic_plans::int as generic from pg_prepared_statements where name = 'probe'`,
    );
    await tx.execute(sql`deallocate probe`);
    return use!;
  });
}

/**
 * The plan PostgreSQL keeps for `query` once it plans it for any values (its generic plan, as a
 * prepared statement gets after five runs), as `explain` shows it: what the store's connections run.
 */
export async function genericPlan(db: Db, query: SQL): Promise<string> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare probe as ${text}`));
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain (costs off) execute probe(${params.map(sqlLiteral).join(', ')})`));
    await tx.execute(sql`deallocate probe`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
