import type { Db } from '../../db/client.ts';
import type { Category } from '../../../shared/catalog.contract.ts';
import type { Home, ProductCard, ProductDetails, ProductFilters, ProductList, ShopSummary } from '../../../shared/catalog.contract.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { Caches } from '../../platform/caches.ts';
import type { ListingIndexFeed } from './listing-index-feed.ts';
import type { IndexFacets } from './listing-index.ts';

/** The products selling at a running flash sale's price, with that price (the lowest when in several, as their cards show). */
export interface RunningSales {
  prices: Array<{ productId: number; price: number }>;
  /** Changes whenever the prices do: part of the keys of what they are in (totals, facets). */
  key: string;
}

/**
 * What a sample of a broad scope's products (decision 041) tells of the scope: the facets it offers,
 * and how many of the sampled products have each colour and size (by id), for the share of the scope
 * a colour or size filter keeps.
 */
export interface ScopeSample {
  facets: ProductFilters;
  sampled: number;
  optionCounts: { colors: Record<string, number>; sizes: Record<string, number> };
}

/** The brands, colours and sizes a listing may offer as filters, in the order it offers them (active ones, in a language). */
export interface FacetChoices {
  brands: ProductFilters['brands'];
  colors: ProductFilters['colors'];
  sizes: ProductFilters['sizes'];
}

/** A word of a search as it is looked for (search-terms.ts): the start of catalogue words, or one whole word. */
export interface SearchTerm {
  lexeme: string;
  prefix: boolean;
  /** The catalogue words a prefix starts, when few: looked for as these words. */
  words?: string[];
  /** A prefix that starts many catalogue words and is one itself: looked for as that word alone when another word follows it. */
  catalogueWord?: true;
  /** A token that starts no catalogue word (looked for as typed, or as the catalogue word closest to it). */
  startsNone?: true;
  /**
   * A model code's parts ("sv", "912" of "SV-912"): the code matches its joined word (this term) or
   * them one after the other (search-terms.ts searchTokens, migration 0049).
   */
  parts?: SearchTerm[];
}

/**
 * What PostgreSQL's statistics (ANALYZE's sample) say of the products' search words: how many products
 * there are, and the share of them holding each of the most common words.
 */
export interface SearchStatistics {
  products: number;
  words: string[];
  shares: number[];
  /** The share of the least common of `words`: any other word is rarer. */
  rarestShare: number;
  /**
   * The words whose search postings are kept (search_posting_words), each with the share of its
   * products posted: 1 for every one of them, less for a broader word's sample.
   */
  postingShares: Record<string, number>;
}

const MB = 1024 * 1024;

/**
 * The catalogue's cached answers, 34 MB together at most: with the rendered pages (6 MB) and the
 * small regions of settings and content, the app keeps under 45 MB of answers, so the server stays
 * within 256 MB resident under load (issue 14). Popular answers are few and stay; what misses is the
 * long tail, which a larger cache would not keep for long either.
 *
 * Writes invalidate them (catalog-writes.ts); what changes without a write — sales starting and
 * ending on the clock, view counts, sold counts — shows once they are no longer fresh. Listings and
 * home answer a stale value at once while one request reloads it.
 */
export function catalogCaches(caches: Caches) {
  return {
    /** Whole listing answers: the same first pages are asked for again and again, most searches and filters once. */
    listingPages: caches.region<ProductList>('listing-pages', {
      freshMs: 5_000,
      staleMs: 30_000,
      maxBytes: 8 * MB,
      tags: [cacheTags.listings],
      onceLoadedKeysBytes: 1 * MB,
    }),
    /** How many products a broad scope holds (an estimate, decision 041). */
    listingTotals: caches.region<number>('listing-totals', { freshMs: 10_000, staleMs: 60_000, maxBytes: 1 * MB, tags: [cacheTags.listings] }),
    /** A search token as the search uses it (itself, or the catalogue word it is a typo of). */
    searchTerms: caches.region<SearchTerm>('search-terms', { freshMs: 60_000, maxBytes: 1 * MB, tags: [cacheTags.listings] }),
    /** They change when PostgreSQL analyses the products again, after writes: read again after a minute, or a catalogue write. */
    searchStatistics: caches.region<SearchStatistics>('search-statistics', { freshMs: 60_000, maxBytes: 1 * MB, tags: [cacheTags.listings] }),
    scopeSamples: caches.region<ScopeSample>('scope-samples', { freshMs: 60_000, staleMs: 300_000, maxBytes: 4 * MB, tags: [cacheTags.listings] }),
    /** What a scope's products have, from the listing index: the same for every filter and page of it. */
    scopeFacets: caches.region<IndexFacets>('scope-facets', { freshMs: 60_000, maxBytes: 2 * MB, tags: [cacheTags.listings] }),
    /** The filters a listing from the listing index may offer, per language: its facets are ids. */
    facetChoices: caches.region<FacetChoices>('facet-choices', { freshMs: 60_000, maxBytes: 2 * MB, tags: [cacheTags.listings] }),
    /** A flash sale's products (running or not), by sale. */
    flashSaleProducts: caches.region<number[]>('flash-sale-products', { freshMs: 5_000, maxBytes: 1 * MB, tags: [cacheTags.listings, cacheTags.flashSales] }),
    /** Sales start and end on the clock: their prices are read again after at most this long, never served stale. */
    runningSales: caches.region<RunningSales>('running-sales', { freshMs: 5_000, maxBytes: 1 * MB, tags: [cacheTags.listings, cacheTags.flashSales] }),
    home: caches.region<Home>('home', { freshMs: 30_000, staleMs: 300_000, maxBytes: 2 * MB, tags: [cacheTags.home] }),
    /** The category tree per language: every page's header shows it. */
    categories: caches.region<Category[]>('categories', { freshMs: 60_000, staleMs: 300_000, maxBytes: 1 * MB, tags: [cacheTags.categories] }),
    shops: caches.region<ShopSummary[]>('shops', { freshMs: 60_000, staleMs: 300_000, maxBytes: 2 * MB, tags: [cacheTags.shops] }),
    /** A shelf's (sub-category's, else category's) best sellers: every product on it shows them as related. */
    shelves: caches.region<ProductCard[]>('shelves', { freshMs: 60_000, maxBytes: 2 * MB }),
    /** A popular product is read far more often than it changes; most products are opened rarely, and kept from their second opening. */
    productDetails: caches.region<ProductDetails>(cacheTags.productDetails, { freshMs: 60_000, maxBytes: 12 * MB, onceLoadedKeysBytes: 1 * MB }),
  };
}

export type CatalogCaches = ReturnType<typeof catalogCaches>;

/** What the catalogue's reads need: the database, the cached answers and, where listings are made, the listing index. */
export interface CatalogReads {
  db: Db;
  caches: CatalogCaches;
  listingIndex?: ListingIndexFeed;
}

export const catalogReads = (db: Db, caches: Caches, listingIndex?: ListingIndexFeed): CatalogReads => ({ db, caches: catalogCaches(caches), listingIndex });
