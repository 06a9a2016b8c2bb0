import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

const MAX_TERMS = 8;
/** Low enough that one swapped pair of letters in a six-letter word still matches. */
const MIN_SIMILARITY = 0.2;

/** The words of a shopper's query: letters and digits of any script, lower-cased. */
export function searchTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/**
 * Turns the query into a prefix tsquery ("iph" finds "iPhone"). A word that starts no catalogue word
 * is replaced by the closest one by trigram similarity, so "iphnoe" still finds "iPhone".
 * Answers null when nothing is left to search for.
 */
export async function buildTsQuery(db: Db, text: string): Promise<string | null> {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  const rows = await queryRows<{ token: string; term: string }>(
    db,
    sql`select t.token,
          case
            when exists (select 1 from search_words w where w.word like t.token || '%') then t.token
            else coalesce(
              (select w.word from search_words w
                where similarity(w.word, t.token) > ${MIN_SIMILARITY}
                order by similarity(w.word, t.token) desc, w.word
                limit 1),
              t.token)
          end as term
        from unnest(string_to_array(${tokens.join(' ')}, ' ')) with ordinality as t(token, position)
        order by t.position`,
  );
  // Tokens hold only letters and digits, so they are safe tsquery lexemes.
  return rows.map((row) => `${row.term}:*`).join(' & ');
}

/** Rebuilds the dictionary of catalogue words the typo correction draws on. */
export async function refreshSearchWords(db: Db) {
  await db.execute(sql`truncate search_words`);
  await db.execute(sql`
    insert into search_words (word)
    select word from ts_stat('select setweight(to_tsvector(''simple'', name), ''A'') || to_tsvector(''simple'', keywords) from products where status = ''active''')
    where length(word) >= 2
    on conflict do nothing`);
}
