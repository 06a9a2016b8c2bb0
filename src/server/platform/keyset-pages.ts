import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { validationFailed } from './errors.ts';

/**
 * What the console's keyset-paginated lists share (products, orders, customers): an opaque cursor
 * naming where a page ended, and totals that stay cheap on a million rows.
 */

/** Where a page ended (its last row's sort key and id), as one opaque word. */
export const encodeCursor = (position: readonly unknown[]) => Buffer.from(JSON.stringify(position)).toString('base64url');

/** The position `encodeCursor` wrote, or an empty array for anything else. */
export function decodeCursor(cursor: string): unknown[] {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    return Array.isArray(decoded) ? decoded : [];
  } catch {
    return [];
  }
}

export const invalidCursor = () => validationFailed({ cursor: ['The cursor is invalid.'] });

export const isRecordId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
export const isTimeKey = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** A timestamp to the microsecond (a JavaScript date keeps milliseconds), so a cursor falls exactly between two rows. */
export const microsecondKey = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `%`, `_` and `\` match themselves in a `like` pattern. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Rows of `query` counted up to `bound` (reading at most that many): the exact count below it, `bound` at it. */
export async function cappedCount(db: Db, query: SQLWrapper, bound: number): Promise<number> {
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${query} limit ${bound}) as capped`);
  return counted!.total;
}

/** The planner's estimate of the rows `query` answers (no rows are read). */
export async function plannedRows(db: Db, query: SQLWrapper | SQL): Promise<number> {
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  const raw = plan!['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/** Exact up to `bound`; past it, the planner's estimate of the rows (at least `bound`). */
export async function estimatedCount(db: Db, query: SQLWrapper, bound: number): Promise<number> {
  const counted = await cappedCount(db, query, bound);
  return counted < bound ? counted : Math.max(bound, await plannedRows(db, query));
}

/**
 * The rows of each of `values` (a list's tabs: its statuses) under the list's other filters, each
 * counted up to `bound` in one statement (at most that many index entries a value); a value that
 * reaches the bound answers the planner's estimate instead, so a million rows cost no more than a
 * thousand (decision 035).
 */
export async function cappedCountsOf<Value extends string>(
  db: Db,
  values: readonly Value[],
  rowsOf: (value: Value) => SQLWrapper,
  bound: number,
): Promise<Record<Value, number>> {
  const capped = sql.join(
    values.map((value) => sql`(select count(*)::int from (${rowsOf(value)} limit ${bound}) as capped) as ${sql.identifier(value)}`),
    sql`, `,
  );
  const [counted] = await queryRows<Record<Value, number>>(db, sql`select ${capped}`);
  const counts = { ...counted! };
  for (const value of values) {
    if (counts[value] >= bound) counts[value] = Math.max(bound, await plannedRows(db, rowsOf(value)));
  }
  return counts;
}
