import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Db } from './client.ts';

/**
 * Statements built once per database and language instead of per call: a hot read otherwise pays
 * for Drizzle building its SQL and for PostgreSQL parsing and planning it on every request (issue
 * 14). `build` names its statement after the language (`product_cards_en`), so each connection
 * prepares it once and PostgreSQL may keep a generic plan for it.
 */
export function preparedPerLanguage<Statements>(build: (db: Db, locale: string) => Statements): (db: Db, locale: string) => Statements {
  const byDb = new WeakMap<Db, Map<string, Statements>>();
  return (db, locale) => {
    let byLocale = byDb.get(db);
    if (!byLocale) byDb.set(db, (byLocale = new Map()));
    let statements = byLocale.get(locale);
    if (!statements) byLocale.set(locale, (statements = build(db, locale)));
    return statements;
  };
}

/**
 * How many statement texts built per request one process prepares by name. Their number is bounded
 * by the code's combinations of filters and sorts, not by the data, but that bound is large, and
 * PostgreSQL keeps each prepared text's plans on every connection, hundreds of kilobytes for a
 * listing's pass (decision 061). Past this many texts the rest run unnamed, parsed and planned each
 * time as before.
 */
export const MAX_NAMED_SHAPES = 32;
/** A text is named once it has come this many times: the few frequent shapes, not one-off combinations. */
export const RUNS_BEFORE_NAMING = 3;
/** Texts named, by their hash. */
const namedShapes = new Map<string, string>();
/** How often texts not named yet have come, by their hash: the most recent only. */
const unnamedRuns = new LRUCache<string, number>({ max: 1_000 });
const dialect = new PgDialect();

/** The name a statement text is prepared under, once it has come often enough and while there is room for it. */
function shapeName(text: string): string | undefined {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 24);
  const named = namedShapes.get(hash);
  if (named !== undefined || namedShapes.size >= MAX_NAMED_SHAPES) return named;
  const runs = (unnamedRuns.get(hash) ?? 0) + 1;
  if (runs < RUNS_BEFORE_NAMING) {
    unnamedRuns.set(hash, runs);
    return undefined;
  }
  unnamedRuns.delete(hash);
  const name = `shape_${hash}`;
  namedShapes.set(hash, name);
  return name;
}

/**
 * Rows of a statement whose text is built per request (a listing's pass follows its filters and
 * sort), run as a statement prepared on each connection under a name its text gives. PostgreSQL then
 * parses it once per connection and may keep a generic plan after five runs: planning a search's
 * pass on every run cost more than running it (issue 14, decision 061).
 */
export async function queryRowsOfShape<Row>(db: Db, query: SQL): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const result = (await db._.session.prepareQuery(compiled, undefined, shapeName(compiled.sql), false).execute()) as { rows: Row[] };
  return result.rows;
}

/**
 * A value the planner is not to look at: as a scalar sub-query it is a parameter of the plan rather
 * than a constant of it, so the estimates, and so the plan, are the same whatever the value.
 * PostgreSQL keeps a generic plan of a prepared statement only once it costs no more than the plans
 * made for each run's values; for a statement whose best plan does not depend on its values, plans
 * made for small values (a few ids, a word of few matches) looked cheaper, and it was planned again
 * on every run, which cost more than running it (issue 14, decision 065).
 */
export const valueNotPlannedFor = (value: unknown, type: 'int[]' | 'text' | 'text[]' | 'boolean') => sql`(select ${value}::${sql.raw(type)})::${sql.raw(type)}`;

/**
 * A fragment of statements built per request (a listing's columns, its facets), compiled to its text
 * once: Drizzle otherwise walks each of its columns again for every statement built around it, a
 * good part of the cost of building a search's pass (issue 14, decision 063). Its parameters stay
 * parameters.
 */
export function compiledOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  // The text refers to its parameters as $1, $2, … in order; each becomes a parameter of the statement it is put in.
  const pieces = text.split(/\$(\d+)/);
  return sql.join(pieces.map((piece, index) => (index % 2 === 0 ? sql.raw(piece) : sql.param(params[Number(piece) - 1]))));
}
