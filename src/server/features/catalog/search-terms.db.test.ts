import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { genericPlan, planCacheUse } from '../../test/plan-cache.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { Caches } from '../../platform/caches.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { catalogReads } from './catalog-caches.ts';
import { letterDeletions, lexemesQuery, searchTerms, searchTsQuery, updateSearchWords } from './search-terms.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function plan(db: Db, query: SQL) {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (costs off) ${query}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

const whole = (lexeme: string) => ({ lexeme, prefix: false });
/** What each word of a search became, as `lexeme` (a whole word) or `lexeme*` (a prefix). */
const termsOf = async (reads: ReturnType<typeof catalogReads>, text: string) =>
  (await searchTerms(reads, text)).map((term) => (term.prefix ? `${term.lexeme}*` : term.lexeme));

it('keeps a word that starts catalogue words as a prefix, and corrects one that does not to the closest whole word', async () => {
  const reads = catalogReads(database.db, new Caches());
  expect(await termsOf(reads, 'Lapt')).toEqual(['lapt*']);
  // Far from the word (similarity 0.27 for "lpatop"), and near it ("laptopp").
  expect(await searchTerms(reads, 'lpatop bakcpack')).toEqual([whole('laptop'), whole('backpack')]);
  expect(await termsOf(reads, 'laptopp backpacck')).toEqual(['laptop', 'backpack']);
  expect(await termsOf(reads, 'qwrtzzzkk')).toEqual(['qwrtzzzkk*']);
  expect(await searchTerms(reads, ' -- ')).toEqual([]);
});

it('looks for a prefix as the catalogue words it starts when there are at most 16, else as a prefix', async () => {
  const reads = catalogReads(database.db, new Caches());
  const wombats = 'abcdefghijklmnopq'.split('').map((letter) => `wombat${letter}`);
  const words = ['quokkacase', 'quokkastand', 'quokkacover', ...wombats];
  await database.db.execute(sql`insert into search_words (word) select unnest(string_to_array(${words.join(',')}, ','))`);
  try {
    expect(searchTsQuery(await searchTerms(reads, 'quokka wombat'))).toBe('(quokkacase | quokkacover | quokkastand) & wombat:*');
    expect(searchTsQuery(await searchTerms(reads, 'quokkas wombatq'))).toBe('quokkastand & wombatq');
  } finally {
    await database.db.execute(sql`delete from search_words where word = any(string_to_array(${words.join(',')}, ','))`);
  }
});

it('looks for a word that starts many but is a catalogue word itself as that word when another follows it, and as a prefix when last', async () => {
  const reads = catalogReads(database.db, new Caches());
  const words = ['wombat', ...'abcdefghijklmnopq'.split('').map((letter) => `wombat${letter}`), 'quokkacase', 'quokkastand'];
  await database.db.execute(sql`insert into search_words (word) select unnest(string_to_array(${words.join(',')}, ','))`);
  try {
    expect(searchTsQuery(await searchTerms(reads, 'wombat quokka'))).toBe('wombat & (quokkacase | quokkastand)');
    expect(searchTsQuery(await searchTerms(reads, 'quokka wombat'))).toBe('(quokkacase | quokkastand) & wombat:*');
    // Not a catalogue word itself: still every word it starts.
    expect(searchTsQuery(await searchTerms(reads, 'womba quokka'))).toBe('womba:* & (quokkacase | quokkastand)');
    expect(searchTsQuery(await searchTerms(reads, 'Wombat'))).toBe('wombat:*');
  } finally {
    await database.db.execute(sql`delete from search_words where word = any(string_to_array(${words.join(',')}, ','))`);
  }
});

it('corrects a typo to a word one edit away before a word more alike by trigrams', async () => {
  const reads = catalogReads(database.db, new Caches());
  // "travl" is as alike to "travava" as to "travel" (0.44), and "travava" comes first alphabetically;
  // "travel" is one letter added, "travava" two edits.
  const words = ['travava', 'travel'];
  await database.db.execute(sql`insert into search_words (word) select unnest(string_to_array(${words.join(',')}, ',')) on conflict do nothing`);
  try {
    expect(await termsOf(reads, 'travl trvael travvel trabel')).toEqual(['travel', 'travel', 'travel', 'travel']);
  } finally {
    await updateSearchWords(database.db, [], words);
  }
});

it('keeps every word of four letters or more under each of its deletions, as the dictionary changes', async () => {
  const { db } = database;
  const offBy = async () => {
    const [row] = await queryRows<{ missing: number; extra: number }>(
      db,
      sql`with expected as (select v.variant, w.word from search_words w cross join lateral unnest(word_deletes(w.word)) as v(variant) where length(w.word) >= 4)
          select (select count(*)::int from (select * from expected except select variant, word from search_word_deletes) as a) as missing,
                 (select count(*)::int from (select variant, word from search_word_deletes except select * from expected) as b) as extra`,
    );
    return row;
  };
  expect(await offBy()).toEqual({ missing: 0, extra: 0 });
  // The search looks a token up under its own deletions, made the same way.
  for (const word of ['boot', 'قهوه']) {
    const [made] = await queryRows<{ deletions: string[] }>(db, sql`select word_deletes(${word}) as deletions`);
    expect([...made!.deletions].sort()).toEqual(letterDeletions(word).sort());
  }
  await db.execute(sql`insert into search_words (word) values ('quagga'), ('qua')`);
  const [quagga] = await queryRows<{ variants: string[] }>(db, sql`select array_agg(variant order by variant) as variants from search_word_deletes where word = 'quagga'`);
  expect(quagga!.variants).toEqual(['qagga', 'quaga', 'quagg', 'qugga', 'uagga']);
  await db.execute(sql`update search_words set word = 'quaggas' where word = 'quagga'`);
  expect(await offBy()).toEqual({ missing: 0, extra: 0 });
  await db.execute(sql`delete from search_words where word in ('quaggas', 'qua')`);
  expect(await offBy()).toEqual({ missing: 0, extra: 0 });
});

it('looks for a word of one or two letters or digits as a whole word', async () => {
  const reads = catalogReads(database.db, new Caches());
  expect(await termsOf(reads, 'l la lap')).toEqual(['l', 'la', 'lap*']);
});

it('remembers what a word became until the catalogue changes', async () => {
  const caches = new Caches();
  const reads = catalogReads(database.db, caches);
  expect(await termsOf(reads, 'zanzibaar')).toEqual(['zanzibaar*']);
  await database.db.execute(sql`insert into search_words (word) values ('zanzibar')`);
  // Remembered: the word that joined the dictionary is not looked up again yet.
  expect(await termsOf(reads, 'zanzibaar')).toEqual(['zanzibaar*']);
  caches.invalidate([cacheTags.listings]);
  expect(await termsOf(reads, 'zanzibaar')).toEqual(['zanzibar']);
  await updateSearchWords(database.db, [], ['zanzibar']);
});

/**
 * The trigram index looked through for the token, a value of the plan's (valueNotPlannedFor): `$1`
 * on PostgreSQL 15, `(InitPlan 1).col1` on 17 (PGlite).
 */
const trigramScan = (operator: '%' | '%>>') =>
  new RegExp(`Bitmap Index Scan on search_words_trgm_idx\\s+Index Cond: \\(word ${operator} (\\$\\d+|\\(InitPlan \\d+\\)\\.col1)\\)`);

it('looks words up in the dictionary through its indexes: a prefix probe and trigram matches, never a scan of every word', async () => {
  const { db } = database;
  // A dictionary the size of a large catalogue's (the demo's is small enough to read whole), its
  // trigram index merged and its statistics fresh, as after a bulk seed.
  await db.execute(sql`insert into search_words (word) select substr(md5(n::text), 1, 9) from generate_series(1, 20000) as n on conflict do nothing`);
  await db.execute(sql`select gin_clean_pending_list('search_words_trgm_idx'::regclass)`);
  await db.execute(sql`analyze search_words, search_word_deletes`);

  const lookup = await plan(db, lexemesQuery(['lapt', 'xylohponic']));
  expect(lookup).toMatch(/(Index Only Scan using|Index Scan using|Bitmap Index Scan on) search_words_prefix_idx/);
  expect(lookup).toMatch(/(Index Only Scan using|Index Scan using|Bitmap Index Scan on) search_word_deletes_variant_word_pk/);
  expect(lookup).toMatch(trigramScan('%>>'));
  expect(lookup).toMatch(trigramScan('%'));
  expect(lookup).not.toMatch(/Seq Scan on search_words/);

  // Prepared, the lookup is planned once for any tokens: the plan must still use both indexes.
  const generic = await genericPlan(db, lexemesQuery(['lapt', 'xylohponic']));
  expect(generic).toMatch(/(Index Only Scan using|Index Scan using|Bitmap Index Scan on) search_words_prefix_idx/);
  expect(generic).toMatch(/(Index Only Scan using|Index Scan using|Bitmap Index Scan on) search_word_deletes_variant_word_pk/);
  expect(generic).toMatch(trigramScan('%>>'));
  expect(generic).toMatch(trigramScan('%'));
  expect(generic).not.toMatch(/Seq Scan on search_words/);

  // And planned once on a connection, typos and prefixes alike: a plan for each token looked cheaper
  // to PostgreSQL than that one plan, and every lookup was planned anew.
  const dialect = new PgDialect();
  const lookups = ['xylohponic', 'lapt', 'qwertyuio', 'zzzyx', 'mouze', 'bakcpack', 'lpatop', 'chaiir'].map((token) => dialect.sqlToQuery(lexemesQuery([token])));
  expect(await planCacheUse(db, lookups[0]!.sql, lookups.map((lookup) => lookup.params))).toEqual({ custom: 5, generic: 3 });
});
