import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { blogCategories, faqs } from '../../db/schema.ts';
import { validationFailed } from '../../platform/errors.ts';

export const REORDER_INCOMPLETE = 'The ids must list each of them once.';

/**
 * Puts the rows of a table kept in the console's order (`sort_order`, then id) in the order `ids`
 * gives, numbered 1, 2, … in one statement; `ids` must be every row once. The rows are locked first,
 * so two reorders in a row apply one after the other. Answers the order before, for the audit row.
 */
export async function renumber(tx: Db, table: typeof faqs | typeof blogCategories, ids: readonly number[]): Promise<number[]> {
  const current = (await tx.select({ id: table.id }).from(table).orderBy(asc(table.sortOrder), asc(table.id)).for('update')).map((row) => row.id);
  const given = new Set(ids);
  if (given.size !== ids.length || ids.length !== current.length || current.some((id) => !given.has(id))) throw validationFailed({ ids: [REORDER_INCOMPLETE] });
  await tx.execute(sql`update ${table} set sort_order = given.position::int
    from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as given(id, position)
    where ${table}.id = given.id`);
  return current;
}
