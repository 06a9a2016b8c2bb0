import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { openBlankTestDatabase } from './test-database.ts';

const migrationsFolder = path.join(import.meta.dirname, '..', 'db', 'migrations');

/**
 * A copy of the migrations folder that ends just before the migration tagged `tag`, so a test can
 * build a store as it was before it, then run the rest and look at what the migration made of it.
 */
function migrationsBefore(tag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 1) throw new Error(`no migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

async function migrateWith(database: Database, folder: string) {
  if (database.driver === 'postgres') await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
}

/**
 * A blank database migrated to just before the migration tagged `tag`, given `rows` (statements
 * separated by `;`, run one at a time as PGlite takes them), then migrated to the end: the store as
 * that migration found it, and what it made of it.
 */
export async function migratedAcross(tag: string, rows: string): Promise<Database> {
  const earlier = migrationsBefore(tag);
  try {
    const database = await openBlankTestDatabase();
    await migrateWith(database, earlier.folder);
    for (const statement of rows.split(';')) await database.db.execute(sql.raw(statement));
    await migrateWith(database, migrationsFolder);
    return database;
  } finally {
    earlier.remove();
  }
}
