import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-pglite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('was made by the PGlite the store runs on (npm run make-pglite-template after an upgrade)', () => {
  const installed = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  const template = JSON.parse(readFileSync(path.join(import.meta.dirname, 'empty-pglite.json'), 'utf8')) as { pglite: string };
  expect(template.pglite).toBe(installed.version);
});

it('starts a new data directory from the empty template, and opens it again as it was left', async () => {
  const first = await openDatabase({ driver: 'pglite', dataDir });
  expect(await queryRows(first.db, sql`select table_name from information_schema.tables where table_schema = 'public'`)).toEqual([]);
  await first.db.execute(sql`create table kept (note text)`);
  await first.db.execute(sql`insert into kept values ('still here')`);
  await first.close();

  const again = await openDatabase({ driver: 'pglite', dataDir });
  expect(await queryRows(again.db, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
  await again.close();
});
