import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { compiledOnce, queryRowsOfShape } from '../../db/prepared-statements.ts';
import { brands, colors, flashSaleEnrolments, flashSales, products, productVariants, searchPostings, searchPostingWords, sizes } from '../../db/schema.ts';
import type { ProductFilters, ProductList, ProductListQuery } from '../../../shared/catalog.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import { localized } from '../../db/translations.ts';
import { listedTags } from '../../platform/cache-tags.ts';
import type { CatalogReads, FacetChoices, RunningSales, ScopeSample, SearchStatistics, SearchTerm } from './catalog-caches.ts';
import { effectivePrice, pricingEnrolment, productCards, withFavorites, type CardOptions } from './product-cards.ts';
import { estimatedSearchMatches, lookedUpTerms, searchStatistics, searchTerms, searchTsQuery } from './search-terms.ts';
import type { ListingIndexFeed } from './listing-index-feed.ts';
import type { IndexFacets, IndexOrder, IndexQuery, IndexScope, ListingIndex } from './listing-index.ts';

function readRunningSales({ db, caches }: CatalogReads): Promise<RunningSales> {
  return caches.runningSales.get('running', async () => {
    const prices = await db
      .select({ productId: flashSaleEnrolments.productId, price: sql<number>`min(${flashSaleEnrolments.salePrice})::int` })
      .from(flashSaleEnrolments)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleEnrolments.flashSaleId))
      .where(pricingEnrolment)
      .groupBy(flashSaleEnrolments.productId)
      .orderBy(flashSaleEnrolments.productId);
    return { prices, key: createHash('sha256').update(JSON.stringify(prices)).digest('base64url').slice(0, 16) };
  });
}

/**
 * Listing rows priced as the shopper pays (the card's price). Most products sell at their catalogue
 * price, the expression the price indexes hold; the few in a running flash sale at the sale's price.
 * They are read apart, so sorting and filtering by price still walk those indexes.
 */
interface PriceArm {
  from: SQL;
  price: SQL;
  /** The arm's own rows, when there is more than one arm. */
  only?: SQL;
}
type PriceArms = [PriceArm, ...PriceArm[]];

/** Every product at its catalogue price: all there is without a running sale, or where prices do not matter. */
const wholeCatalogue: PriceArms = [{ from: sql`${products}`, price: effectivePrice }];

/** Integers as one array parameter: the statement's text stays the same however many there are (queryRowsOfShape). */
const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;

/** The running sales' prices as rows `sale(product_id, price)`. */
const salePrices = (prices: RunningSales['prices']) =>
  sql`unnest(${intArray(prices.map(({ productId }) => productId))}, ${intArray(prices.map(({ price }) => price))}) as sale(product_id, price)`;

function priceArms({ prices }: RunningSales): PriceArms {
  if (prices.length === 0) return wholeCatalogue;
  return [
    { ...wholeCatalogue[0], only: sql`${products.id} <> all(${intArray(prices.map(({ productId }) => productId))})` },
    { from: sql`${products} join ${salePrices(prices)} on sale.product_id = ${products.id}`, price: sql`sale.price` },
  ];
}

/**
 * A listing in `locale` (product, colour and size names); the shopper's hearts are put on afterwards.
 * Totals and facets may lag the catalogue by seconds, and so may a page's stock figures until a
 * product sells out or comes back (decision 022); prices show at once.
 */
export async function listProducts(reads: CatalogReads, query: ProductListQuery, locale: string, options: CardOptions = {}): Promise<ProductList> {
  const list = await reads.caches.listingPages.get(JSON.stringify({ locale, query }), () => computeListing(reads, query, locale), {
    of: (listed) => listedTags(listed.products.map((product) => product.id)),
  });
  const products = withFavorites(list.products, options.favoriteIds);
  // The shared answer itself when no heart changes it, so the answer's check is not repeated for it (answer-serializer.ts).
  return products === list.products ? list : { ...list, products };
}

/** What a listing is about (search, place in the catalogue); facets describe this scope. */
function scopeConditions(query: ProductListQuery, searched: SQL | null): SQL[] {
  return [...indexedScope(query), ...otherScope(query, searched)];
}

/**
 * Products holding every word of a search (`tsQuery`): those the search index finds for the terms it
 * looks up (`lookedUp`, lookedUpTerms), each tested for the whole query when that asks more.
 * `ts_match_vq` is `@@` as a function, which no index serves; the whole query is built once, in a
 * sub-select (relevanceColumns).
 */
function searchCondition(tsQuery: string, lookedUp: string): SQL {
  const found = sql`${products.searchVector} @@ to_tsquery('simple', ${lookedUp})`;
  return lookedUp === tsQuery ? found : sql`${found} and ts_match_vq(${products.searchVector}, (select to_tsquery('simple', ${tsQuery})))`;
}

const sortsByPrice = (query: ProductListQuery) => query.sort_type === 'high_to_low' || query.sort_type === 'low_to_high';

/**
 * The place in the catalogue a listing's sort index begins with: the sub-category when one is
 * listed by price (its prices are a range of their own, at one end of its category's), else the
 * category, if either is chosen.
 */
function leadingPlace(query: ProductListQuery): { column: typeof products.categoryId | typeof products.subCategoryId; id: number } | undefined {
  if (query.sub_category_id && sortsByPrice(query)) return { column: products.subCategoryId, id: query.sub_category_id };
  if (query.category_id) return { column: products.categoryId, id: query.category_id };
  return undefined;
}

/** The part of the scope the sort indexes begin with: active products, in the leading place if there is one. */
function indexedScope(query: ProductListQuery): SQL[] {
  const place = leadingPlace(query);
  // `= any(array[…])`, not `=`: see ordering().
  return [eq(products.status, 'active'), ...(place ? [sql`${place.column} = any(array[${place.id}]::int[])`] : [])];
}

function otherScope(query: ProductListQuery, searched: SQL | null): SQL[] {
  const conditions: SQL[] = [];
  const leading = leadingPlace(query)?.column;
  if (query.category_id && leading !== products.categoryId) conditions.push(eq(products.categoryId, query.category_id));
  if (searched) conditions.push(searched);
  if (query.shop_id) conditions.push(eq(products.shopId, query.shop_id));
  if (query.sub_category_id && leading !== products.subCategoryId) conditions.push(eq(products.subCategoryId, query.sub_category_id));
  if (query.flash_sale_id) {
    conditions.push(
      sql`exists (select 1 from ${flashSaleEnrolments} where ${flashSaleEnrolments.productId} = ${products.id} and ${flashSaleEnrolments.flashSaleId} = ${query.flash_sale_id} and ${flashSaleEnrolments.status} = 'approved')`,
    );
  }
  if (query.discounted) conditions.push(sql`${products.discountPrice} > 0`);
  return conditions;
}

/** Products with an active variant in stock of the chosen colour and size (either may be open). */
function variantInStock(colorId: number | undefined, sizeId: number | undefined): SQL {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}
    and ${productVariants.isActive} and ${productVariants.stock} > 0
    ${colorId ? sql`and ${productVariants.colorId} = ${colorId}` : sql``}
    ${sizeId ? sql`and ${productVariants.sizeId} = ${sizeId}` : sql``})`;
}

/** The shopper's narrowing within the scope. */
function filterConditions(query: ProductListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.brand_id) conditions.push(eq(products.brandId, query.brand_id));
  // The product's own copy of its colours and sizes (those of its active variants): a GIN index the
  // planner can intersect with the category's, also before it looks for a variant in stock.
  if (query.color_id) conditions.push(sql`${products.colorIds} @> array[${query.color_id}]::int[]`);
  if (query.size_id) conditions.push(sql`${products.sizeIds} @> array[${query.size_id}]::int[]`);
  if (query.in_stock) {
    conditions.push(sql`${products.stock} > 0`);
    if (query.color_id || query.size_id) conditions.push(variantInStock(query.color_id, query.size_id));
  }
  if (query.rating) conditions.push(gte(products.rating, String(query.rating)));
  return conditions;
}

/** The shopper's price window, on a price arm's price. */
function priceWindow(query: ProductListQuery, price: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (query.min_price !== undefined) conditions.push(gte(price, toMinor(query.min_price)));
  if (query.max_price !== undefined) conditions.push(lte(price, toMinor(query.max_price)));
  return conditions;
}

/**
 * Recommended (the listing's own order, Just For You and the home page's row of it): the best rated
 * first, the best selling first among equally rated. It walks the rating index and sorts only each
 * rating's few products by sales (an incremental sort), so it stays an index walk on a large catalogue.
 */
export const recommendedOrder = [desc(products.rating), desc(products.rankedSold), desc(products.id)];

/**
 * `price`: what the price sorts order by, the arm's price (or the listed rows' `paid` column).
 * `broad`: a search with more matches than a sample holds lists them best-selling first (decision 041).
 */
function ordering(query: ProductListQuery, tsQuery: string | null, price: SQL, broad = false): SQL[] {
  const order = orderWithin(query, tsQuery, price, broad);
  // A category's listing is read off the category's own index. Ordered by the sort alone, the
  // planner may walk the whole catalogue's index instead, testing each product for the category:
  // it cannot know that a category's products cluster at one end of that order (decision 041).
  // Ordered by the category first, only the category's index fits; the condition is `= any(…)` so
  // that the planner does not drop the category from the order as a constant. The category goes the
  // way its index is read: backwards for the highest price first.
  const place = leadingPlace(query);
  if (!place) return order;
  return [query.sort_type === 'high_to_low' ? desc(place.column) : asc(place.column), ...order];
}

function orderWithin(query: ProductListQuery, tsQuery: string | null, price: SQL, broad: boolean): SQL[] {
  switch (query.sort_type) {
    case 'top_selling':
      return [desc(products.rankedSold), desc(products.id)];
    case 'popular_product':
      return [desc(products.popularViews), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'just_for_you':
      return recommendedOrder;
    case 'high_to_low':
      return [desc(price), desc(products.id)];
    case 'low_to_high':
      return [asc(price), asc(products.id)];
    case undefined:
      if (tsQuery && broad) return [desc(products.rankedSold), desc(products.id)];
      // What the pass worked out for each product it read (relevanceColumns).
      if (tsQuery) return [desc(sql`exact_name`), desc(sql`relevance`), desc(products.rankedSold), desc(products.id)];
      if (query.discounted) return [desc(sql`(${products.price} - ${products.discountPrice})::float8 / ${products.price}`), desc(products.id)];
      return recommendedOrder;
  }
}

/**
 * A listing whose scope (its search, its place in the catalogue) holds at most `WHOLE_SCOPE`
 * products is answered from one pass over them: page, count and facets from one statement. A
 * broader one is listed off the sort's index, its count is the planner's estimate and its facets
 * come from a sample of the scope, kept per scope (decision 041).
 */
async function computeListing(reads: CatalogReads, query: ProductListQuery, locale: string): Promise<ProductList> {
  const { db, caches } = reads;
  const [terms, sales, statistics] = await Promise.all([
    query.search ? searchTerms(reads, query.search) : [],
    readRunningSales(reads),
    query.search ? searchStatistics(reads) : undefined,
  ]);
  const tsQuery = terms.length > 0 ? searchTsQuery(terms) : null;
  const index = reads.listingIndex;
  if (!tsQuery && index?.loaded) return indexedListing(reads, index, query, sales, locale);
  if (!index?.loaded) void index?.tryLoad();
  const searched = tsQuery && statistics ? searchCondition(tsQuery, searchTsQuery(lookedUpTerms(statistics, terms))) : null;
  const scope = and(...scopeConditions(query, searched))!;
  const { shop_id, category_id, sub_category_id, flash_sale_id, discounted } = query;
  const scopeKey = JSON.stringify({ tsQuery, shop_id, category_id, sub_category_id, flash_sale_id, discounted, sales: sales.key });
  const wholeScope = tsQuery && statistics && index?.loaded ? wholeSearchScope(statistics.products) : WHOLE_SCOPE;
  const estimate = () => caches.listingTotals.get(scopeKey, () => estimatedSize(db, scope));
  const scoped = { query, tsQuery, searched, sales, scope, scopeKey, offset: (query.page - 1) * query.per_page };
  // A search that lists no place, sale or discount besides.
  const searchAlone = [shop_id, category_id, sub_category_id, flash_sale_id, discounted].every((place) => !place);
  const postedWord = searchAlone && statistics && tsQuery ? postedSearchWord(tsQuery, statistics) : undefined;
  const narrowing = [...filterConditions(query), ...priceWindow(query, sql`paid`)];
  const wholePass = () =>
    scopePass(db, locale, scoped, { narrowing: narrowing.length > 0 ? and(...narrowing)! : sql`true`, order: ordering(query, tsQuery, sql`paid`) });
  const answered = async (pass: ScopePass, scopeSize: () => Promise<number>): Promise<ProductList> => {
    if (pass.pageIds) return { total: pass.matching, products: await productCards(db, pass.pageIds, locale), filters: pass.facets };
    // The scope was larger than a pass reads whole: what the pass read is its sample.
    return broadly(await scopeSize(), pass);
  };
  // A narrow scope's listing: with the listing index loaded, the database only finds the search's matches.
  const narrowly = async (scopeSize: () => Promise<number>): Promise<ProductList> => {
    if (!index?.loaded) return answered(await wholePass(), scopeSize);
    return (await indexedSearch(reads, index, scoped, locale, readWhole(wholeScope))) ?? broadly(await scopeSize());
  };
  // An estimate that took a narrow scope for a broad one (statistics not yet analysed again after
  // many products left it) is found out by the scope's sample: the scope is then read whole.
  const broadly = async (scopeSize: number, known?: ScopeSample): Promise<ProductList> =>
    (await broadListing(reads, locale, { ...scoped, scopeSize }, known)) ?? answered(await wholePass(), async () => scopeSize);
  // A posting word's matches are read off its postings' index however many there are, up to
  // POSTED_WHOLE: counted, described and ranked exactly, for less than a broad listing's sample.
  if (postedWord && index?.loaded) {
    const listed = await indexedSearch(reads, index, scoped, locale, POSTED_WHOLE, postedWord);
    if (listed) return listed;
  }
  // A broader word's postings are a sample of its products: a term of such words is counted and described from it.
  const sampled = searchAlone && statistics && tsQuery ? sampledTerm(terms, statistics) : undefined;
  if (sampled && index?.loaded) {
    const listed = await sampledListing(reads, index, scoped, locale, { ...sampled, wholeScope });
    if (listed === 'whole') return narrowly(estimate);
    if (listed) return listed;
  }
  // Nearly every search names a scope not seen for seconds, and most are narrow: the pass is read at
  // once, and the planner asked for the scope's size only when the pass finds it broad (which then
  // stays known, so the scope's next listings go the broad way at once). A search of common words
  // alone is known to be broad from the planner's statistics, without asking it or reading the pass.
  if (tsQuery && caches.listingTotals.peek(scopeKey) === undefined) {
    const broad = searchAlone && statistics ? estimatedSearchMatches(statistics, terms) : undefined;
    if (broad === undefined || broad <= wholeScope) return narrowly(estimate);
    caches.listingTotals.set(scopeKey, broad);
    return broadly(broad);
  }
  const scopeSize = await estimate();
  if (scopeSize <= wholeScope) return narrowly(async () => scopeSize);
  return broadly(scopeSize);
}

/**
 * A listing without a search, from the listing index (decision 044): its exact count, its facets
 * (every brand, colour and size of its scope, and the scope's price range) and its page from one pass
 * over the scope in memory, once the index has taken in every change committed before; then the
 * page's cards from the database.
 */
async function indexedListing(reads: CatalogReads, feed: ListingIndexFeed, query: ProductListQuery, sales: RunningSales, locale: string): Promise<ProductList> {
  const { db, caches } = reads;
  const { shop_id, category_id, sub_category_id, flash_sale_id, discounted } = query;
  const [choices, only] = await Promise.all([
    facetChoices(reads, locale),
    flash_sale_id === undefined ? undefined : caches.flashSaleProducts.get(String(flash_sale_id), () => flashSaleProductIds(db, flash_sale_id)),
    feed.catchUp(),
  ]);
  const index = feed.loaded!;
  const scope = { categoryId: category_id, subCategoryId: sub_category_id, shopId: shop_id, only, discounted, salePrices: salePriceMap(sales) };
  const scopeKey = JSON.stringify({ shop_id, category_id, sub_category_id, flash_sale_id, discounted, sales: sales.key });
  const facets = await caches.scopeFacets.get(scopeKey, async () => index.facets(scope));
  return indexedPage(reads, index, query, { scope, facets, choices, order: indexOrder(query) }, locale);
}

/**
 * A narrow search with the listing index loaded (decision 044): the database finds the scope's
 * matches, ranked when the search lists by relevance; the index counts, filters, pages and describes
 * them as it does a listing's scope. A search of one posting word alone (`postedWord`) reads its
 * postings instead (decision 046), ranked here. Null when the scope holds more than `limit`.
 */
async function indexedSearch(
  reads: CatalogReads,
  feed: ListingIndexFeed,
  listing: Omit<Listing, 'scopeSize'>,
  locale: string,
  limit: number,
  postedWord?: string,
): Promise<ProductList | null> {
  const { query, tsQuery, sales } = listing;
  const unread = feed.unreadChanges();
  const [matches, choices] = await Promise.all([
    postedWord ? postedMatches(reads.db, postedWord, unread, limit, query.search?.toLowerCase() === postedWord) : searchMatches(reads.db, listing, unread, limit),
    facetChoices(reads, locale),
  ]);
  if (matches.ids.length > limit) return null;
  if (matches.unread) await feed.catchUp();
  const index = feed.loaded!;
  const ranked = byRelevance(query, tsQuery);
  const only = postedWord && ranked ? inRelevanceOrder(matches as PostedMatches, index) : matches.ids;
  const scope = { only, salePrices: salePriceMap(sales) };
  return indexedPage(reads, index, query, { scope, facets: index.facets(scope), choices, order: ranked ? 'given' : indexOrder(query) }, locale);
}

/** The posting word a search is of, if it is of one alone: its postings then hold its matches and their ranks. */
const postedSearchWord = (tsQuery: string, statistics: SearchStatistics) => (postingShare(statistics, tsQuery) === 1 ? tsQuery : undefined);

/** The share of a word's products its postings hold (1: all of them), if it is a posting word. */
const postingShare = ({ postingShares }: SearchStatistics, word: string) => (Object.hasOwn(postingShares, word) ? postingShares[word] : undefined);

interface SampledTerm {
  /** The posting words the term is looked for as. */
  words: string[];
  /** Its words that are not posting words (of too few products when last counted): read from the rows. */
  unposted: string[];
  /** The lowest share of its products any of them posts. */
  share: number;
}

/**
 * A search of one term whose words post a sample, one of them at least (decision 046, sessions 32
 * and 33): the term's matches under the lowest share of them (search_sample_point) are then a sample
 * of its matches at that share, each posted by some word, or found in the rows for the words that
 * post nothing ("travel" sampled, "travelis" of a few products).
 */
function sampledTerm(terms: SearchTerm[], statistics: SearchStatistics): SampledTerm | undefined {
  const [term, ...others] = terms;
  if (!term || others.length > 0 || term.parts) return undefined;
  const words = term.words ?? (term.prefix ? undefined : [term.lexeme]);
  if (!words) return undefined;
  const sampled: SampledTerm = { words: [], unposted: [], share: 1 };
  for (const word of words) {
    const wordShare = postingShare(statistics, word);
    if (wordShare === undefined) {
      sampled.unposted.push(word);
    } else {
      sampled.words.push(word);
      sampled.share = Math.min(sampled.share, wordShare);
    }
  }
  return sampled.share < 1 ? sampled : undefined;
}

/**
 * At most this many products of a sampled term's words that post nothing are read from the rows,
 * each a heap page: such words had under 500 products each when last counted, most of them a few.
 */
const UNPOSTED_READ = 2_000;

/**
 * A search of a sampled term alone (sampledTerm): the listing index counts its sample (the products
 * the filters keep) and describes it. Its count is the sample's divided by the share; its page is
 * walked off the sort's index, as any broad listing's. `whole` when by its sample the term now has
 * few enough products to be read whole; undefined when its words that post nothing have more
 * products than are read (UNPOSTED_READ), and it is listed as if none of them were posted.
 */
async function sampledListing(
  reads: CatalogReads,
  feed: ListingIndexFeed,
  listing: Omit<Listing, 'scopeSize'>,
  locale: string,
  { wholeScope, ...term }: SampledTerm & { wholeScope: number },
): Promise<ProductList | 'whole' | undefined> {
  const [sample, choices] = await Promise.all([sampleOfTerm(reads.db, term, feed.unreadChanges()), facetChoices(reads, locale)]);
  if (!sample) return undefined;
  if (sample.unread) await feed.catchUp();
  const index = feed.loaded!;
  // The index holds listed products only: a draft's postings are not counted.
  const scope = { only: sample.ids, salePrices: salePriceMap(listing.sales) };
  const counted = (filters: Partial<IndexQuery>) => index.list({ ...scope, ...filters, order: 'given', offset: 0, limit: 0 }).total;
  const scopeSize = Math.round(counted({}) / term.share);
  if (scopeSize <= wholeScope) return 'whole';
  const estimate = Math.round(counted(indexFilters(listing.query)) / term.share);
  return broadPage(reads.db, locale, listing, estimate, offeredFilters(choices, index.facets(scope)));
}

/**
 * The products of a sampled term under the lowest share of its posting words, each once: a word's
 * postings under its own share are all of them, and the words that post nothing have theirs found
 * in the rows. The share is compared as stored, so the same products come as the triggers posted.
 * Undefined when those words have more than UNPOSTED_READ products.
 */
async function sampleOfTerm(db: Db, { words, unposted }: SampledTerm, unread: SQL): Promise<{ ids: number[]; unread: boolean } | undefined> {
  const inWords = (column: SQLWrapper) => sql`${column} = any(${sql.param(words)}::text[])`;
  const underShare = (id: SQLWrapper) =>
    sql`search_sample_point(${id}) < (select min(${searchPostingWords.share}) from ${searchPostingWords} where ${inWords(searchPostingWords.word)})`;
  const posted = sql`select ${searchPostings.productId} as id from ${searchPostings} where ${inWords(searchPostings.word)} and ${underShare(searchPostings.productId)}`;
  if (unposted.length === 0) {
    const [row] = await queryRowsOfShape<{ ids: number[]; unread: boolean }>(
      db,
      sql`select coalesce(array_agg(distinct sample.id), '{}') as ids, ${unread} as unread from (${posted}) as sample`,
    );
    return row!;
  }
  const [row] = await queryRowsOfShape<{ ids: number[]; unread: boolean; unposted: number }>(
    db,
    sql`with unposted as (select ${products.id} from ${products}
                          where ${products.searchVector} @@ to_tsquery('simple', ${unposted.join(' | ')}) limit ${UNPOSTED_READ + 1})
        select coalesce((select array_agg(distinct sample.id) from (${posted} union all select id from unposted where ${underShare(sql`id`)}) as sample), '{}') as ids,
          (select count(*)::int from unposted) as unposted, ${unread} as unread`,
  );
  return row!.unposted > UNPOSTED_READ ? undefined : row!;
}

/** A posting word's products, each with its relevance and whether its name is the word. */
interface PostedMatches {
  ids: Int32Array;
  relevance: Float32Array;
  wholeNames: Uint8Array;
  unread: boolean;
}

/** A posting as a matches statement packs it: its product id (4 bytes), relevance (4) and whole name (1), as PostgreSQL sends them. */
const POSTING_BYTES = 9;

/**
 * A posting word's products (`limit + 1` at most), in no order. The postings come packed in one
 * binary value (`int4send`, `float4send`, `boolsend`): as three arrays of text, a word's postings
 * made three values each for the collector, and parsing them outweighed the rest of the search
 * (decision 072). Their whole names are the word's, so they count only for a search typed as the
 * word (`typedAsWord`): one typed otherwise (a typo corrected to it) has no exact name, as in the
 * rows' order (relevanceColumns).
 */
async function postedMatches(db: Db, word: string, unread: SQL, limit: number, typedAsWord: boolean): Promise<PostedMatches> {
  const [row] = await queryRowsOfShape<{ postings: Uint8Array; unread: boolean }>(
    db,
    sql`select coalesce(string_agg(int4send(${searchPostings.productId}) || float4send(${searchPostings.relevance}) || boolsend(${searchPostings.wholeName}), ''::bytea), ''::bytea)
          as postings, ${unread} as unread
        from (select * from ${searchPostings} where ${searchPostings.word} = ${word} limit ${limit + 1}) as ${searchPostings}`,
  );
  const { postings, unread: changesUnread } = row!;
  const count = postings.length / POSTING_BYTES;
  const packed = new DataView(postings.buffer, postings.byteOffset, postings.byteLength);
  const matches = { ids: new Int32Array(count), relevance: new Float32Array(count), wholeNames: new Uint8Array(count), unread: changesUnread };
  for (let at = 0; at < count; at++) {
    const offset = at * POSTING_BYTES;
    matches.ids[at] = packed.getInt32(offset);
    matches.relevance[at] = packed.getFloat32(offset + 4);
    if (typedAsWord) matches.wholeNames[at] = packed.getUint8(offset + 8);
  }
  return matches;
}

/** The postings' products in the search's relevance order (orderWithin): the exact name, the rank, then sales, then the id, all highest first. */
function inRelevanceOrder({ ids, relevance, wholeNames }: PostedMatches, index: ListingIndex): number[] {
  const sold = new Float64Array(ids.length);
  for (let at = 0; at < ids.length; at++) sold[at] = index.rankedSoldOf(ids[at]!);
  const order = Array.from({ length: ids.length }, (_, at) => at);
  order.sort((a, b) => wholeNames[b]! - wholeNames[a]! || relevance[b]! - relevance[a]! || sold[b]! - sold[a]! || ids[b]! - ids[a]!);
  return order.map((at) => ids[at]!);
}

/**
 * The scope's products that match a search, `limit + 1` at most, as one array: in relevance order
 * when the search lists by it (relevanceColumns), else in none. And whether the index has changes to
 * read first (`unread`, the feed's condition).
 */
async function searchMatches(db: Db, { query, tsQuery, scope }: Omit<Listing, 'scopeSize'>, unread: SQL, limit: number): Promise<{ ids: number[]; unread: boolean }> {
  const ranked = byRelevance(query, tsQuery);
  const columns = ranked ? sql`${products.id}, ${products.rankedSold}, ${relevanceColumns(query, tsQuery)}` : sql`${products.id}`;
  const order = ranked ? sql` order by ${sql.join(orderWithin(query, tsQuery, sql`paid`, false), sql`, `)}` : sql``;
  const [row] = await queryRowsOfShape<{ ids: number[]; unread: boolean }>(
    db,
    sql`select coalesce(array_agg(products.id${order}), '{}') as ids, ${unread} as unread
        from (select ${columns} from ${products} where ${scope} limit ${limit + 1}) as products`,
  );
  return row!;
}

interface IndexedScope {
  scope: IndexScope;
  facets: IndexFacets;
  choices: FacetChoices;
  order: IndexOrder;
}

/** A listing's page, count and filters from the listing index, then the page's cards from the database. */
async function indexedPage(reads: CatalogReads, index: ListingIndex, query: ProductListQuery, { scope, facets, choices, order }: IndexedScope, locale: string): Promise<ProductList> {
  const { total, pageIds } = index.list({ ...scope, ...indexFilters(query), order, offset: (query.page - 1) * query.per_page, limit: query.per_page });
  return { total, products: await productCards(reads.db, pageIds, locale), filters: offeredFilters(choices, facets) };
}

/** The shopper's filters as the listing index takes them. */
function indexFilters(query: ProductListQuery): Partial<IndexQuery> {
  return {
    brandId: query.brand_id,
    colorId: query.color_id,
    sizeId: query.size_id,
    inStock: query.in_stock,
    rating: query.rating,
    minPrice: query.min_price === undefined ? undefined : toMinor(query.min_price),
    maxPrice: query.max_price === undefined ? undefined : toMinor(query.max_price),
  };
}

/** The filters a listing offers: the choices its facets (ids) name. */
function offeredFilters(choices: FacetChoices, facets: IndexFacets): ProductFilters {
  const offered = <Choice extends { id: number }>(choices: Choice[], ids: number[]) => {
    const present = new Set(ids);
    return choices.filter((choice) => present.has(choice.id));
  };
  return {
    brands: offered(choices.brands, facets.brandIds),
    colors: offered(choices.colors, facets.colorIds),
    sizes: offered(choices.sizes, facets.sizeIds),
    min_price: toAmount(facets.minPrice ?? 0),
    max_price: toAmount(facets.maxPrice ?? 0),
  };
}

/** The active brands, colours and sizes in a language: what an index's facets are offered as. */
const facetChoices = ({ db, caches }: CatalogReads, locale: string) => caches.facetChoices.get(locale, () => readFacetChoices(db, locale));

/** The listing's order as the index sorts (orderWithin without a search). */
function indexOrder(query: ProductListQuery): IndexOrder {
  if (query.sort_type === 'just_for_you') return 'recommended';
  if (query.sort_type) return query.sort_type;
  return query.discounted ? 'best_deal' : 'recommended';
}

const salePriceMaps = new WeakMap<RunningSales, ReadonlyMap<number, number>>();

/** The running sales' prices by product, made once per reading of them. */
function salePriceMap(sales: RunningSales): ReadonlyMap<number, number> {
  let prices = salePriceMaps.get(sales);
  if (!prices) {
    prices = new Map(sales.prices.map(({ productId, price }) => [productId, price]));
    salePriceMaps.set(sales, prices);
  }
  return prices;
}

async function flashSaleProductIds(db: Db, saleId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: flashSaleEnrolments.productId })
    .from(flashSaleEnrolments)
    .where(and(eq(flashSaleEnrolments.flashSaleId, saleId), eq(flashSaleEnrolments.status, 'approved')));
  return rows.map((row) => row.id);
}

/** The active brands, colours and sizes in a language, in the order a pass's facets list them (sampleFacets). */
async function readFacetChoices(db: Db, locale: string): Promise<FacetChoices> {
  const [brandRows, colorRows, sizeRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.isActive, true)).orderBy(brands.sortOrder, brands.name),
    db
      .select({ id: colors.id, name: localized(colors, 'name', locale), code: colors.code })
      .from(colors)
      .where(eq(colors.isActive, true))
      .orderBy(colors.sortOrder, colors.name),
    db.select({ id: sizes.id, name: localized(sizes, 'name', locale) }).from(sizes).where(eq(sizes.isActive, true)).orderBy(sizes.sortOrder, sizes.id),
  ]);
  return { brands: brandRows, colors: colorRows, sizes: sizeRows };
}

interface Listing {
  query: ProductListQuery;
  tsQuery: string | null;
  /** The search's condition (searchCondition). */
  searched: SQL | null;
  sales: RunningSales;
  scope: SQL;
  scopeKey: string;
  /** The planner's estimate. */
  scopeSize: number;
  offset: number;
}

/** A broad scope's listing; null when its own sample holds the whole scope, which is then not broad after all. */
async function broadListing(reads: CatalogReads, locale: string, listing: Listing, known?: ScopeSample): Promise<ProductList | null> {
  const { db, caches } = reads;
  const { query, scope, scopeKey, scopeSize } = listing;
  // The planner cannot know how a colour or size lies in a category (a size only clothes have is
  // most of a clothing category): it would expect a hundredth of the matches. It estimates the rest
  // of the filters; the scope's sample tells the share a colour or size keeps.
  const withoutOptions = { ...query, color_id: undefined, size_id: undefined };
  const conditions = [scope, ...filterConditions(withoutOptions)];
  const priced = query.min_price !== undefined || query.max_price !== undefined;
  const narrowed = conditions.length > 1 || priced;
  const listingKey = JSON.stringify({ scopeKey, ...withoutOptions, page: undefined, per_page: undefined, sort_type: undefined });
  const [plannerEstimate, sample] = await Promise.all([
    narrowed ? caches.listingTotals.get(listingKey, () => estimatedSize(db, and(...conditions, ...priceWindow(query, effectivePrice))!)) : scopeSize,
    caches.scopeSamples.get(`${locale} ${scopeKey}`, async () => sampleOf(known ?? (await scopePass(db, locale, listing)))),
  ]);
  // A pass's rows (`known`) already came from more than a whole scope's worth.
  if (!known && sample.sampled <= FACET_SAMPLE) return null;
  return broadPage(db, locale, listing, Math.round(plannerEstimate * optionShare(query, sample)), sample.facets);
}

/**
 * A broad listing's page, walked off its sort's index; its count the `estimate` of the matches the
 * filters keep, held to what the page shows (totalShown).
 */
async function broadPage(db: Db, locale: string, listing: Omit<Listing, 'scopeSize'>, estimate: number, filters: ProductFilters): Promise<ProductList> {
  const { query, tsQuery, searched, sales, offset } = listing;
  const priced = query.min_price !== undefined || query.max_price !== undefined;
  const arms = priceArms(sales);
  const byPrice = sortsByPrice(query);
  const [catalogue, ...sale] = priced || byPrice ? arms : wholeCatalogue;
  // What the sort's index holds is walked (a price sort's index holds the price window as a range);
  // everything else is tested on the rows walked.
  const listed = (arm: PriceArm): ListedArm => {
    const window = priceWindow(query, arm.price);
    const narrowing = [...otherScope(query, searched), ...filterConditions(query), ...(byPrice ? [] : window)];
    return {
      arm,
      scope: and(...indexedScope(query), arm.only, ...(byPrice ? window : []))!,
      narrowing: narrowing.length > 0 ? and(...narrowing) : undefined,
    };
  };
  const order = (price: SQL) => ordering(query, tsQuery, price, true);
  const options = { few: !tsQuery && estimate <= FEW_MATCHES, searching: tsQuery !== null, limit: query.per_page, offset };
  const pageIds = await pageOfIds(db, listed(catalogue), sale.map(listed), order, options);
  return { total: totalShown(estimate, pageIds.length, query.per_page, offset), products: await productCards(db, pageIds, locale), filters };
}

/** What is kept of a pass over a scope's products: the sample it read. */
const sampleOf = ({ facets, sampled, optionCounts }: ScopeSample): ScopeSample => ({ facets, sampled, optionCounts });

/** The share of a scope's products with the chosen colour and size, as in its sample. */
function optionShare({ color_id, size_id }: ProductListQuery, { sampled, optionCounts }: ScopeSample): number {
  const share = (id: number | undefined, counts: Record<string, number>) => (id === undefined ? 1 : (counts[id] ?? 0) / Math.max(sampled, 1));
  return share(color_id, optionCounts.colors) * share(size_id, optionCounts.sizes);
}

/** A broad listing's count as the shopper sees it: the estimate, held to what the page shows (a short page is the last one). */
function totalShown(estimate: number, listed: number, perPage: number, offset: number): number {
  if (listed === perPage) return Math.max(estimate, offset + perPage);
  if (listed > 0 || offset === 0) return offset + listed;
  return Math.min(estimate, offset);
}

/** The planner's estimate of how many active products match: read off its statistics, without visiting them. */
async function estimatedSize(db: Db, where: SQL): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string }>(
    db,
    sql`explain (format json) select 1 from ${products} where ${where}`,
  );
  const plan = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** A scope estimated at most this large is read whole in one pass (up to `SAMPLE_SIZE` of it: estimates err). */
const WHOLE_SCOPE = 1_500;
/** How many products a listing's pass reads at most: a whole narrow scope (estimates err). */
const SAMPLE_SIZE = 2_000;
/** How many matches a search estimated to match `wholeScope` products reads whole at most (estimates err): as SAMPLE_SIZE is to WHOLE_SCOPE. */
const readWhole = (wholeScope: number) => Math.ceil((wholeScope * SAMPLE_SIZE) / WHOLE_SCOPE);

/**
 * Up to how many postings a search of a posting word reads whole (decision 046): its words had 500 to
 * 5,000 products when last counted, and may have grown since. Reading a word's postings off their
 * index costs less than a broad listing's sample alone, whose rows are a heap page each (decision 072).
 */
const POSTED_WHOLE = 10_000;

/** The end of a search's first page of ten, the default (wholeSearchScope). */
const PAGE_END = 10;

/**
 * With the listing index loaded, a search estimated to match at most this many of `products` is read
 * whole (each match read and ranked, then counted and paged in memory); a broader one is listed off
 * the best sellers' index (decision 041). Read whole, a search of m matches reads m rows; listed
 * broadly, it reads a sample of FACET_SAMPLE and walks about PAGE_END × products / m rows of the
 * best sellers to fill its page. Past WHOLE_SCOPE the two cost about the same near
 * √(PAGE_END × products): 3,162 at 1,000,000 products (1,000 at 100,000, under WHOLE_SCOPE). Near
 * that bound, reading the matches whole costs no more than the broad way's sample and walk, and its
 * count and facets are exact (decision 070).
 */
export const wholeSearchScope = (products: number) => Math.max(WHOLE_SCOPE, Math.round(Math.sqrt(PAGE_END * products)));
/**
 * How many of a broad scope's products its facets come from: enough to hold the brands, colours and
 * sizes of any share above a fraction of a percent, while the pass stays short.
 */
const FACET_SAMPLE = 500;

interface PageOfPass {
  /** The shopper's filters and price window, on the pass's rows (`paid`: the price they sell at). */
  narrowing: SQL;
  order: SQL[];
}

interface ScopePass extends ScopeSample {
  /** Of the products read, how many the filters and price window keep (a listing's pass: when it read the whole scope). */
  matching: number;
  /** The page, when the pass read the whole scope. */
  pageIds: number[] | null;
}

/** A listing's pass that did not read the whole scope answers no count and no page. */
interface ScopePassRow {
  sampled: number;
  matching: number;
  page_ids: number[] | null;
  brands: ProductFilters['brands'];
  colors: ProductFilters['colors'];
  sizes: ProductFilters['sizes'];
  min_price: number | null;
  max_price: number | null;
  color_counts: Record<string, number>;
  size_counts: Record<string, number>;
}

/**
 * One statement over the scope's products, `SAMPLE_SIZE` of them at most (`FACET_SAMPLE` when it
 * only samples a broad scope): each read once into `sample`, then counted, filtered and sorted for
 * the page (only when the sample is the whole scope), and looked up for their brands, colours and
 * sizes (the products' own copies of theirs), each colour and size counted.
 */
async function scopePass(db: Db, locale: string, { scope, sales, tsQuery, query, offset }: Omit<Listing, 'scopeSize'>, page?: PageOfPass): Promise<ScopePass> {
  const onSale = sales.prices.length > 0;
  const paid = onSale ? sql`coalesce(sale.price, ${effectivePrice})` : effectivePrice;
  const from = onSale ? sql`${products} left join ${salePrices(sales.prices)} on sale.product_id = ${products.id}` : sql`${products}`;
  const columns = page && byRelevance(query, tsQuery) ? sql`${sortColumns}, ${relevanceColumns(query, tsQuery)}` : sortColumns;
  const narrowing = page?.narrowing ?? sql`true`;
  const pageIds = page
    ? sql`case when sampled.sampled <= ${SAMPLE_SIZE} then array(select products.id from sample as products where ${narrowing}
            order by ${sql.join(page.order, sql`, `)} limit ${query.per_page} offset ${offset}) end`
    : sql`null::int[]`;
  // A listing's pass counts and pages only when it read the whole scope; past that its rows are a sample.
  const whole = (expression: SQL) => (page ? sql`case when sampled.sampled <= ${SAMPLE_SIZE} then ${expression} end` : expression);
  // A listing's pass runs prepared: most scopes are narrow, and a plan for any of them serves. A broad
  // scope's sample is planned for its own conditions: a generic plan would gather all its matches
  // into a bitmap before taking the first few hundred (decision 061).
  const rowsOf = page ? queryRowsOfShape : queryRows;
  const [row] = await rowsOf<ScopePassRow>(
    db,
    sql`with sample as materialized (
          select ${columns}, ${walkedColumns}, ${paid} as paid from ${from} where ${scope} limit ${(page ? SAMPLE_SIZE : FACET_SAMPLE) + 1}),
        sampled as (select count(*)::int as sampled from sample),
        sample_colors as materialized (select color_id, count(*)::int as products from sample, unnest(sample.color_ids) as color_id group by color_id),
        sample_sizes as materialized (select size_id, count(*)::int as products from sample, unnest(sample.size_ids) as size_id group by size_id)
        select sampled.sampled,
          ${whole(sql`(select count(*)::int from sample as products where ${narrowing})`)} as matching,
          ${pageIds} as page_ids,
          ${sampleFacets(locale)}
        from sampled`,
  );
  const { sampled, matching, page_ids: ids, brands: brandFacets, colors: colorFacets, sizes: sizeFacets, min_price: min, max_price: max } = row!;
  return {
    sampled,
    optionCounts: { colors: row!.color_counts, sizes: row!.size_counts },
    matching,
    pageIds: ids?.map(Number) ?? null,
    facets: { brands: brandFacets, colors: colorFacets, sizes: sizeFacets, min_price: toAmount(min ?? 0), max_price: toAmount(max ?? 0) },
  };
}

const facetsByLocale = new Map<string, SQL>();

/** A pass's facets of its sample in `locale`: its brands, colours and sizes, each colour and size counted, and its prices. */
function sampleFacets(locale: string): SQL {
  let facets = facetsByLocale.get(locale);
  if (facets) return facets;
  facets = compiledOnce(sql`
    (select coalesce(json_agg(json_build_object('id', ${brands.id}, 'name', ${brands.name}) order by ${brands.sortOrder}, ${brands.name}), '[]')
       from ${brands} where ${brands.isActive} and ${brands.id} in (select brand_id from sample)) as brands,
    (select coalesce(json_agg(json_build_object('id', ${colors.id}, 'name', ${localized(colors, 'name', locale)}, 'code', ${colors.code})
              order by ${colors.sortOrder}, ${colors.name}), '[]')
       from ${colors} where ${colors.isActive} and ${colors.id} in (select color_id from sample_colors)) as colors,
    (select coalesce(json_agg(json_build_object('id', ${sizes.id}, 'name', ${localized(sizes, 'name', locale)}) order by ${sizes.sortOrder}, ${sizes.id}), '[]')
       from ${sizes} where ${sizes.isActive} and ${sizes.id} in (select size_id from sample_sizes)) as sizes,
    (select min(paid)::int from sample) as min_price,
    (select max(paid)::int from sample) as max_price,
    (select coalesce(json_object_agg(color_id, products), '{}') from sample_colors) as color_counts,
    (select coalesce(json_object_agg(size_id, products), '{}') from sample_sizes) as size_counts`);
  facetsByLocale.set(locale, facets);
  return facets;
}

/** A search with no other sort chosen is listed by relevance: only a pass that read its whole scope orders by it. */
const byRelevance = (query: ProductListQuery, tsQuery: string | null): tsQuery is string => tsQuery !== null && query.sort_type === undefined;

/**
 * A search's relevance, worked out for each product the pass reads: an exact name match first, then
 * full-text rank (name > brand/category > description). Reading the rank there rather than carrying
 * each product's name and search vector into the sample to rank them later keeps those large values
 * out of the sample, and a pass over many matches cheaper. The query it ranks by is built once, in a
 * sub-select: in a statement planned for any values (prepared-statements.ts), `to_tsquery` of a
 * parameter is worked out again, parse and dictionary, for every row it is called on (decision 067).
 */
const relevanceColumns = (query: ProductListQuery, tsQuery: string) =>
  sql`lower(${products.name}) = lower(${query.search ?? ''}) as exact_name, ts_rank(${products.searchVector}, (select to_tsquery('simple', ${tsQuery}))) as relevance`;

/** Up to this many matches a listing sorts them itself rather than walking a sort index. */
const FEW_MATCHES = 1_000;
/** What the orderings read (besides a search's relevance: relevanceColumns). */
const sortColumns = compiledOnce(
  sql.join(
    [products.id, products.categoryId, products.subCategoryId, products.rankedSold, products.popularViews, products.createdAt, products.rating, products.price, products.discountPrice],
    sql`, `,
  ),
);
/** What the conditions tested on a walk's or a sample's rows read besides, and the facets of a sample. */
const walkedColumns = compiledOnce(sql.join([products.brandId, products.stock, products.shopId, products.colorIds, products.sizeIds], sql`, `));

interface PageOptions {
  few: boolean;
  searching: boolean;
  limit: number;
  offset: number;
}

/** How far down its sort's index a filtered listing looks for its page before taking all its matches instead. */
const WALK_LIMIT = 2_000;

/** The first rows of one arm in the listing's order: `select` of what the caller needs. */
function firstRows({ scope, narrowing }: ListedArm, order: SQL[], select: SQL, page: PageOptions): SQL {
  const orderBy = sql.join(order, sql`, `);
  const where = and(scope, narrowing)!;
  if (page.few) {
    // Filters that match few products: left to choose, the planner may walk a whole sort index,
    // testing every row against them (decision 041). The matches are taken first and sorted; they
    // keep the table's name, so the orderings read them unchanged.
    return sql`with matched as materialized (select ${sortColumns} from ${products} where ${where})
               select ${select} from matched as products order by ${orderBy} limit ${page.limit} offset ${page.offset}`;
  }
  if (!narrowing || page.searching) return sql`select ${select} from ${products} where ${where} order by ${orderBy} limit ${page.limit} offset ${page.offset}`;
  // A filter the planner expects to keep many of the scope's products may keep none (a brand or
  // size the category does not have): walked unbounded, the index is read to its end, the whole
  // scope tested row by row (decision 041). The walk stops at WALK_LIMIT rows; a page it does not
  // fill is taken from all the matches instead (pageOfIds).
  return sql`select ${select} from (
               select ${sortColumns}, ${walkedColumns} from ${products} where ${scope} order by ${orderBy} limit ${WALK_LIMIT}) as products
             where ${narrowing} order by ${orderBy} limit ${page.limit} offset ${page.offset}`;
}

interface ListedArm {
  arm: PriceArm;
  /** What the sort's index can read as a range: active products, the category, the arm's own rows (and a price sort's window). */
  scope: SQL;
  /** The rest of the listing's conditions, if any. */
  narrowing: SQL | undefined;
}

/**
 * The page's product ids. A filtered walk that leaves the page short may have stopped before the
 * matches it needed: the page is then taken from all of them.
 */
async function pageOfIds(db: Db, catalogue: ListedArm, sale: ListedArm[], order: (price: SQL) => SQL[], page: PageOptions): Promise<number[]> {
  const ids = await pageOfIdsOnce(db, catalogue, sale, order, page);
  const walked = !page.few && !page.searching && catalogue.narrowing !== undefined;
  return walked && ids.length < page.limit ? pageOfIdsOnce(db, catalogue, sale, order, { ...page, few: true }) : ids;
}

async function pageOfIdsOnce(db: Db, catalogue: ListedArm, sale: ListedArm[], order: (price: SQL) => SQL[], page: PageOptions): Promise<number[]> {
  if (sale.length === 0) {
    const rows = await queryRowsOfShape<{ id: number }>(db, firstRows(catalogue, order(catalogue.arm.price), sql`${products.id}`, page));
    return rows.map((row) => row.id);
  }
  // Products in a running sale: the page is the first rows of the catalogue's arm (its indexes as
  // ever) and the sale's few, merged by the price they sell at. The merge keeps the table's name.
  const catalogueRows = firstRows(catalogue, order(catalogue.arm.price), sql`${sortColumns}, ${catalogue.arm.price} as paid`, {
    ...page,
    limit: page.offset + page.limit,
    offset: 0,
  });
  const saleRows = sale.map(({ arm, scope, narrowing }) => sql`(select ${sortColumns}, ${arm.price} as paid from ${arm.from} where ${and(scope, narrowing)})`);
  const rows = await queryRowsOfShape<{ id: number }>(
    db,
    sql`select id from ((${catalogueRows}) union all ${sql.join(saleRows, sql` union all `)}) as products
        order by ${sql.join(order(sql`paid`), sql`, `)} limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((row) => row.id);
}
