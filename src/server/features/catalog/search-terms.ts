import { sql, type SQL } from 'drizzle-orm';
import { queryRows, TYPO_SIMILARITY, type Db } from '../../db/client.ts';
import { queryRowsOfShape, valueNotPlannedFor } from '../../db/prepared-statements.ts';
import { products, searchPostingWords, searchWordDeletes, searchWords } from '../../db/schema.ts';
import type { Translations } from '../../db/translations.ts';
import type { CatalogReads, SearchStatistics, SearchTerm } from './catalog-caches.ts';
import { normalizeSearchText } from './search-normalization.ts';

const MAX_TERMS = 8;

/** A word of a shopper's query: a token, or a model code with the runs it is also looked for as (searchTokens). */
export interface QueryWord {
  token: string;
  /** A code's runs of letters and of digits ("sv", "912"), when `token` is its joined form ("sv912"). */
  parts?: string[];
}

/** Letters and digits, joined by hyphens: a word as PostgreSQL's parser and search_code_forms (migration 0049) see it. */
const COMPOUND = /[\p{L}\p{Nd}\p{Nl}]+(?:-[\p{L}\p{Nd}\p{Nl}]+)*/gu;
const DIGITS = /^[0-9]+$/;
/** A model code: a compound with a digit and something else ("sv-912", "a55", "5g"), as search_code_forms takes it. */
const isCode = (compound: string) => /[0-9]/.test(compound) && !DIGITS.test(compound);
const runsOf = (code: string) => code.match(/[0-9]+|[^0-9-]+/g)!;

/**
 * The words of a shopper's query, each once: letters and digits of any script, lower-cased.
 * Superscripts, fractions and other such numbers (`\p{No}`) part words, as PostgreSQL's text-search
 * parser parts the catalogue's: "m²" is indexed as "m", and looked for as it. Hyphens part words
 * ("heavy-duty" is "heavy" and "duty"), but for model codes: "SV-912", "sv912" and "sv 912" (a word of
 * letters beside a number) are all the code "sv912" with its parts "sv" and "912", as migration 0049
 * indexes codes (their joined forms and their numbers). Arabic and Persian letters and digits are
 * written in the one form the catalogue is indexed in (normalizeSearchText).
 */
export function searchTokens(text: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const compound of normalizeSearchText(text).toLowerCase().match(COMPOUND) ?? []) {
    if (isCode(compound)) words.push({ token: compound.replaceAll('-', ''), parts: runsOf(compound) });
    else words.push(...compound.split('-').map((token) => ({ token })));
  }
  const paired: QueryWord[] = [];
  for (let at = 0; at < words.length; at += 1) {
    const [word, next] = [words[at]!, words[at + 1]];
    if (next && typedApart(word, next)) {
      paired.push({ token: word.token + next.token, parts: [word.token, next.token] });
      at += 1;
    } else {
      paired.push(word);
    }
  }
  const seen = new Set<string>();
  return paired.filter(({ token }) => !seen.has(token) && seen.add(token)).slice(0, MAX_TERMS);
}

/**
 * A word of letters next to a number (or a number next to one), each typed alone: the parts of a code
 * typed apart ("sv 912", "128 gb"). Paired from the start of the query, two words to a code.
 */
function typedApart(first: QueryWord, second: QueryWord): boolean {
  if (first.parts || second.parts) return false;
  const number = (word: QueryWord) => DIGITS.test(word.token);
  const letters = (word: QueryWord) => !/[0-9]/.test(word.token);
  return (number(first) && letters(second)) || (letters(first) && number(second));
}

/**
 * Up to this many letters or digits a word is a word of its own ("tv", "4k", "xl"): as a prefix it
 * would start thousands of words in a large catalogue, find products that have nothing to do with
 * it, and take much of a search's database time (decision 062).
 */
const WHOLE_WORD_LENGTH = 2;

/**
 * A prefix that starts at most this many catalogue words is looked for as those words. PostgreSQL's
 * search index gathers every product of a prefix before it can intersect it with the search's other
 * words; whole words it can step through, led by the rarest. So "book cotton" is looked for as
 * `(book | book4 | bookcase | books) & cotton`, which the index answers far sooner than
 * `book:* & cotton:*` (decision 064).
 */
const MAX_WORDS_OF_PREFIX = 16;

/**
 * The query's words as the search looks them up, each a prefix ("iph" finds "iPhone") but for the
 * shortest (WHOLE_WORD_LENGTH) and a finished catalogue word (asTyped); a prefix as the catalogue
 * words it starts, when they are few (MAX_WORDS_OF_PREFIX). A word that starts no catalogue word is replaced by the closest one
 * by trigram similarity, looked for as that whole word, so "iphnoe" still finds "iPhone" (and not
 * every word that "iphone" starts). Empty when nothing is left to search for.
 *
 * Both lookups are index scans of the dictionary (lexemesQuery): the prefix a range of
 * `search_words_prefix_idx`, the closest word through `%` on `search_words_trgm_idx`
 * (`similarity() > x` cannot use an index, and would test every word of the dictionary).
 * What a token became is kept for a minute (`searchTerms`, cleared by every catalogue write with
 * the listings): shoppers' searches are new combinations of the same few thousand words.
 */
export async function searchTerms({ db, caches }: CatalogReads, text: string): Promise<SearchTerm[]> {
  const words = searchTokens(text);
  const tokens = [...new Set(words.flatMap(({ token, parts }) => [token, ...(parts ?? [])]))];
  const terms = new Map(tokens.flatMap((token) => {
    const known = caches.searchTerms.peek(token);
    return known === undefined ? [] : [[token, known] as const];
  }));
  const missing = [...new Set(tokens.filter((token) => !terms.has(token)))];
  if (missing.length > 0) {
    for (const [token, term] of await lookUpTerms(db, missing)) {
      caches.searchTerms.set(token, term);
      terms.set(token, term);
    }
  }
  const last = words.length - 1;
  return words.flatMap(({ token, parts }, at) => {
    const followed = at < last;
    const term = terms.get(token)!;
    if (!parts) return [asTyped(term, followed)];
    const partTerms = parts.map((part, index) => asTyped(terms.get(part)!, followed || index < parts.length - 1));
    // A code no catalogue word is (nor starts) is looked for as its parts alone, as words typed apart always were.
    return term.startsNone ? partTerms : [{ ...asTyped(term, followed), parts: partTerms }];
  });
}

/**
 * A word the shopper typed another after is finished: when it starts many catalogue words but is one
 * itself, it is looked for as itself ("mat barista" is `mat & barista:*`, where `mat:*` would gather
 * every product of the many words "mat" starts before intersecting them; decision 074). The last word
 * stays a prefix, as the search is typed.
 */
// Whether a token starts catalogue words only tells a code's joined word from none (searchTerms): not part of the term.
const asTyped = ({ startsNone: _startsNone, ...term }: SearchTerm, followed: boolean): SearchTerm =>
  followed && term.catalogueWord ? { lexeme: term.lexeme, prefix: false } : term;

/**
 * The tsquery that finds products holding every term, each once (two words may become the same one:
 * a typo corrected to a word also typed). Lexemes hold only letters and digits: safe as they are.
 */
export const searchTsQuery = (terms: SearchTerm[]) => [...new Set(terms.map(tsQueryOfTerm))].join(' & ');

function tsQueryOfTerm({ lexeme, prefix, words, parts }: SearchTerm): string {
  const itself = words ? (words.length === 1 ? words[0]! : `(${words.join(' | ')})`) : prefix ? `${lexeme}:*` : lexeme;
  // The parts one after the other, as a code written apart in the catalogue is ("A 55"): a code written
  // joined or hyphenated there is its joined word. Each part anywhere, "a55" found a round table of 55 cm
  // described as "a" table.
  return parts ? `(${itself} | ${parts.map(tsQueryOfTerm).join(' <-> ')})` : itself;
}

/** Each token as the search uses it: itself when it starts a catalogue word (or none is close), else the closest word, whole. */
async function lookUpTerms(db: Db, tokens: string[]): Promise<Map<string, SearchTerm>> {
  const rows = await queryRowsOfShape<{ position: number; started: string[]; value: string | null }>(db, lexemesQuery(tokens));
  return new Map(
    tokens.map((token, position) => {
      const row = rows.find((candidate) => candidate.position === position);
      const closest = row?.value ?? token;
      const prefix = closest === token && [...token].length > WHOLE_WORD_LENGTH;
      const started = row?.started ?? [];
      const asWords = prefix && started.length > 0 && started.length <= MAX_WORDS_OF_PREFIX;
      const catalogueWord = prefix && !asWords && started.includes(token);
      const startsNone = started.length === 0;
      return [token, { lexeme: closest, prefix, ...(asWords && { words: started.sort() }), ...(catalogueWord && { catalogueWord }), ...(startsNone && { startsNone }) }];
    }),
  );
}

/**
 * Past every word that starts with a prefix, in the byte order of the prefix index (`text_pattern_ops`):
 * the prefix followed by the last code point there is.
 */
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

/**
 * Per token, in one statement: up to one more than MAX_WORDS_OF_PREFIX of the catalogue words it
 * starts (`started`), and the token when there is one, else the catalogue word most like it (ties:
 * the first alphabetically), else null. The closest word is looked for only when no word starts with
 * the token; how alike is enough is a setting of every connection (`pg_trgm.similarity_threshold`,
 * db/client.ts). The prefix is a range of the prefix index rather than `like`, whose pattern a plan
 * made for any tokens could not turn into one: so the statement, prepared for each number of tokens,
 * keeps one plan (queryRowsOfShape); so does the estimate of how many words are alike, which the
 * token is kept from (valueNotPlannedFor).
 *
 * A word one edit from the token comes first, the most alike of those (decision 047): a few index
 * probes of the words' deletions, far cheaper than a lookup through the trigram index, whose
 * candidates for a five-letter token include every word that starts with its first two letters. Only
 * a token with none is looked up by trigrams.
 *
 * By trigrams, the closest word is first looked for among the words at least fairly alike
 * (`pg_trgm.strict_word_similarity_threshold`; for single words strict word similarity is
 * similarity), and among all the words alike enough only when none is: the first finds the same word
 * whenever there is one, from far fewer candidates to test in the heap (decision 062). At 0.3 rather
 * than 0.4 the first step also finds the closest word of a short typo ("boad" and "board" are 0.375
 * alike), which the second step is slow to find; typos of catalogue words find the same words either
 * way. The first step is skipped where its index candidates would be the second's (closeWordsFirst):
 * it would only read them twice, and find the same words.
 */
// `offset 0` keeps the words started a sub-query of their own: pulled up, they were read twice.
export const lexemesQuery = (tokens: string[]) =>
  sql.join(
    tokens.map((token, position) => {
      const alikeTo = valueNotPlannedFor(token, 'text');
      const closest = (alike: SQL) =>
        sql`(select ${searchWords.word} from ${searchWords} where ${alike} order by similarity(${searchWords.word}, ${token}) desc, ${searchWords.word} limit 1)`;
      const started = sql`array(select ${searchWords.word} from ${searchWords}
                                where ${searchWords.word} ~>=~ ${token} and ${searchWords.word} ~<~ ${token + LAST_CODE_POINT} limit ${MAX_WORDS_OF_PREFIX + 1})`;
      const deletions = letterDeletions(token);
      // A word one edit away (decision 047): sharing a deletion with the token (a letter replaced, two
      // swapped), one of the token's deletions (a letter added), or one the token is a deletion of (dropped).
      const edited = sql`(select candidate.word from (
          select ${searchWordDeletes.word} from ${searchWordDeletes} where ${searchWordDeletes.variant} = any(${valueNotPlannedFor(sql.param([token, ...deletions]), 'text[]')})
          union select ${searchWords.word} from ${searchWords} where ${searchWords.word} = any(${valueNotPlannedFor(sql.param(deletions), 'text[]')})) as candidate
        order by similarity(candidate.word, ${token}) desc, candidate.word limit 1)`;
      const closeFirst = sql`case when ${valueNotPlannedFor(closeWordsFirst(token), 'boolean')} then ${closest(sql`${searchWords.word} %>> ${alikeTo}`)} end`;
      // A word of descriptions only is not in the dictionary, yet no typo: it is looked for as typed.
      const described = sql`exists (select 1 from ${products} where ${products.searchVector} @@ to_tsquery('simple', quote_literal(${token})) and ${products.status} = 'active')`;
      return sql`select ${position}::int as position, prefix.started,
                   case when cardinality(prefix.started) > 0 or ${described} then ${token}::text
                        else coalesce(${edited}, ${closeFirst}, ${closest(sql`${searchWords.word} % ${alikeTo}`)}) end as value
                 from (select ${started} as started offset 0) as prefix`;
    }),
    sql` union all `,
  );

/** The token with each one of its letters left out, each once: as the dictionary's `word_deletes` (migration 0046) makes them. */
export function letterDeletions(token: string): string[] {
  const letters = [...token];
  return [...new Set(letters.map((_, at) => [...letters.slice(0, at), ...letters.slice(at + 1)].join('')))];
}

/**
 * Whether looking among the close words first (TYPO_SIMILARITY.close) can be quicker for `token`.
 * pg_trgm's index takes a word as a candidate when it shares at least that share of the token's
 * trigrams ("  word " three characters at a time); when both thresholds ask the same number (a
 * five-letter token's six trigrams: two), the close words' candidates are all of them, and a first
 * step that found none would only have read them twice. Either way the same word is found.
 */
export function closeWordsFirst(token: string): boolean {
  const characters = [' ', ' ', ...token, ' '];
  const trigrams = new Set(characters.slice(2).map((_, index) => characters.slice(index, index + 3).join(''))).size;
  const sharedAt = (threshold: number) => Math.ceil(threshold * trigrams - 1e-9);
  return sharedAt(TYPO_SIMILARITY.close) > sharedAt(TYPO_SIMILARITY.any);
}

/**
 * The dictionary holds the words of active products' names and keywords: the parts of the search
 * vector weighted A and B (descriptions are C), so it matches what a search finds. Only words of
 * letters and digits, as a shopper's tokens are ("heavy-duty" is there as "heavy" and "duty").
 */
const catalogueWordsOf = (productIds: number[]) => sql`
  select distinct word.lexeme from ${products}, unnest(${products.searchVector}) as word
  where ${products.id} = any(string_to_array(${productIds.join(',')}, ',')::int[])
    and ${products.status} = 'active' and word.weights && array['A', 'B']
    and length(word.lexeme) >= 2 and word.lexeme ~ '^[[:alnum:]]+$'`;

/** A product's texts whose words the typo dictionary holds: its name and keywords, and its names in other languages. */
export function dictionaryTexts(product: { name: string; keywords: string; translations: Translations }): string[] {
  return [product.name, product.keywords, ...Object.values(product.translations).map((texts) => texts?.name ?? '')];
}

/**
 * Keeps the typo dictionary in step with products just written: the words of `productIds` join it
 * (when those products are active). `replacedText` is the texts a write replaced (dictionaryTexts of a
 * renamed product, or of one turned draft or archived); their words leave the dictionary unless another active
 * product still has them, so a typo is never corrected to a word nothing matches any more.
 */
export async function updateSearchWords(db: Db, productIds: number[], replacedText: string[] = []) {
  if (productIds.length > 0) {
    await db.execute(sql`insert into ${searchWords} (word) ${catalogueWordsOf(productIds)} on conflict do nothing`);
  }
  if (replacedText.length > 0) {
    await db.execute(sql`
      delete from ${searchWords}
      where ${searchWords.word} in (select lexeme from unnest(product_search_vector(${replacedText.join(' ')}, '', '', '{}'::jsonb)))
        and not exists (
          select 1 from ${products}
          where ${products.status} = 'active'
            and ${products.searchVector} @@ (quote_literal(${searchWords.word}) || ':AB')::tsquery)`);
  }
}

/**
 * Makes the words of enough products posting words, with their postings (migrations 0045, 0047, 0048):
 * after a bulk load, and as a job every few hours, so words a store's new products made frequent are
 * searched from their postings too. How many postings it added.
 */
export async function refreshSearchPostings(db: Db) {
  const [row] = await queryRows<{ added: number }>(db, sql`select refresh_search_postings() as added`);
  return row?.added ?? 0;
}

/**
 * PostgreSQL's statistics of the products' search vectors (the planner's own, kept 60 s): none on a
 * table never analysed, and then nothing is estimated from them. With them, the words whose search
 * postings are kept, whole or sampled (a list that only grows, so never wrong for a minute).
 */
export function searchStatistics({ db, caches }: CatalogReads): Promise<SearchStatistics> {
  return caches.searchStatistics.get('products', async () => {
    const [row] = await queryRows<{
      products: number;
      words: string[] | null;
      shares: number[] | null;
      posting_shares: Record<string, number>;
    }>(
      db,
      sql`select greatest(pg_class.reltuples, 0)::float8 as products,
            stats.most_common_elems::text::text[] as words, stats.most_common_elem_freqs::float8[] as shares,
            (select coalesce(json_object_agg(${searchPostingWords.word}, ${searchPostingWords.share}), '{}') from ${searchPostingWords}) as posting_shares
          from pg_class left join pg_stats as stats
            on stats.schemaname = current_schema() and stats.tablename = 'products' and stats.attname = 'search_vector'
          where pg_class.oid = to_regclass('products')`,
    );
    const words = row?.words ?? [];
    // The frequencies end with the lowest and the highest of them.
    const shares = row?.shares?.slice(0, words.length) ?? [];
    return {
      products: row?.products ?? 0,
      words,
      shares,
      rarestShare: row?.shares?.[words.length] ?? 0,
      postingShares: row?.posting_shares ?? {},
    };
  });
}

/**
 * Up to how many products, estimated, a search's words (besides its prefixes) may match for a prefix
 * to be tested on their products rather than looked up in the search index (lookedUpTerms).
 */
const RARE_ENOUGH = 1_500;

/**
 * The terms the search index looks up; the others are tested on the products it finds. A prefix that
 * starts many words (not looked for as its words) beside rarer words is tested: the index unites the
 * products of every word a prefix starts before it intersects them with the others', so
 * `likafa & mat:*` is far quicker as `likafa` tested for `mat:*` (decision 070). The rarer words must
 * be rare by the statistics: testing every product of a word that is not (`raw & bag:*`) costs more
 * than the index's union. Without statistics, every term is looked up.
 */
export function lookedUpTerms(statistics: SearchStatistics, terms: SearchTerm[]): SearchTerm[] {
  const broadPrefix = (term: SearchTerm) => term.prefix && !term.words && !term.parts;
  const others = terms.filter((term) => !broadPrefix(term));
  if (others.length === 0 || others.length === terms.length) return terms;
  const matches = estimatedSearchMatches(statistics, others);
  return matches !== undefined && matches <= RARE_ENOUGH ? others : terms;
}

/**
 * How many products a search (its terms) matches by those statistics, or undefined without them. A
 * prefix holds the shares of the common words it starts, a whole word its own; one that is not
 * common is taken at half the rarest common word's share, and the words of a search as independent,
 * as PostgreSQL's planner takes them.
 */
export function estimatedSearchMatches({ products, words, shares, rarestShare }: SearchStatistics, terms: SearchTerm[]): number | undefined {
  if (products === 0 || words.length === 0) return undefined;
  const ownShare = ({ lexeme, prefix }: SearchTerm) =>
    words.reduce((sum, word, index) => ((prefix ? word.startsWith(lexeme) : word === lexeme) ? sum + shares[index]! : sum), 0) || rarestShare / 2;
  // A code matches its joined word or all its parts.
  const shareOf = (term: SearchTerm): number =>
    Math.min(1, ownShare(term) + (term.parts ? term.parts.reduce((product, part) => product * shareOf(part), 1) : 0));
  const share = terms.reduce((product, term) => product * shareOf(term), 1);
  return Math.round(share * products);
}
