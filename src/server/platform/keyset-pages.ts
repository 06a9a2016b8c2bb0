import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { validationFailed } from './errors.ts';

/**
 * What the console's keyset-paginated lists share: one opaque cursor naming where a page ended (read
 * back checked, or refused with 422), the condition for the rows after it, and totals that stay cheap
 * on a million rows.
 */

/** Where a page ended (its last row's sort key and id), as one opaque word. */
export const encodeCursor = (position: readonly unknown[]) => Buffer.from(JSON.stringify(position)).toString('base64url');

function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    return undefined;
  }
}

export const invalidCursor = () => validationFailed({ cursor: ['The cursor is invalid.'] });

/** Says whether one part of a cursor's position is what the list wrote there. */
export type CursorPart<Part> = (value: unknown) => value is Part;

/**
 * The position a list's `cursor` names, each part checked by its own guard; a cursor the list did
 * not write (tampered, another list's, another sort's) is refused with 422. No cursor: the first page.
 */
export function readCursor<const Position extends readonly unknown[]>(cursor: string | undefined, ...parts: { [Index in keyof Position]: CursorPart<Position[Index]> }): Position | undefined {
  if (cursor === undefined) return undefined;
  const position = decodeCursor(cursor);
  const valid = Array.isArray(position) && position.length === parts.length && parts.every((isPart, index) => isPart(position[index]));
  if (!valid) throw invalidCursor();
  return position as unknown as Position;
}

/**
 * Rows after `position` in the list's order on `columns` (descending: the rows before it), by one row
 * comparison so the index on those columns serves it. A part may be SQL (a time key cast to `timestamptz`).
 */
export function afterPosition(order: 'asc' | 'desc', columns: readonly SQLWrapper[], position: readonly unknown[]): SQL {
  const values = sql.join(position.map((part) => sql`${part}`), sql`, `);
  return sql`(${sql.join([...columns], sql`, `)}) ${order === 'asc' ? sql`>` : sql`<`} (${values})`;
}

/** A page of `rows` asked for one more than `limit`: the first `limit`, and the cursor after the last of them when more follow. */
export function keysetPage<Row>(rows: readonly Row[], limit: number, positionOf: (row: Row) => readonly unknown[]): { page: Row[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null };
}

export const isRecordId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
export const isTimeKey = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
export const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

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
