import type { SortType } from '../../../shared/catalog.contract.ts';
import { MAX_PAGE_BUTTONS, PAGE_SIZE } from '../../../shared/constants.ts';
import type { ProductListParams } from './catalog-queries.ts';

/**
 * A product listing's state as it lives in the URL query: shareable, kept on reload, stepped by Back.
 * Values are checked here so a hand-edited link drops a bad value instead of getting a 422.
 */

/** The shopper's filters, in the order the active-filter chips show them. */
export const filterKeys = ['category_id', 'sub_category_id', 'brand_id', 'color_id', 'size_id', 'rating', 'min_price', 'max_price'] as const;
export type FilterKey = (typeof filterKeys)[number];
export type FilterValues = Partial<Record<FilterKey, number>>;

/** Mirrors `sortTypes` of the catalog contract, which the storefront may not import (it carries zod). */
const sortTypeSet: ReadonlySet<string> = new Set<SortType>(['top_selling', 'popular_product', 'newest', 'just_for_you', 'high_to_low', 'low_to_high']);

const MAX_ID = 2_147_483_647;
const MAX_PAGE = 10_000;
const MAX_PRICE = 100_000_000;

export function readId(text: string | null): number | undefined {
  if (!text || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= MAX_ID ? value : undefined;
}

function readPrice(text: string | null): number | undefined {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_PRICE ? value : undefined;
}

function readFilter(key: FilterKey, text: string | null): number | undefined {
  switch (key) {
    case 'rating': {
      const value = readId(text);
      return value !== undefined && value <= 5 ? value : undefined;
    }
    case 'min_price':
    case 'max_price':
      return readPrice(text);
    default:
      return readId(text);
  }
}

export function readFilters(params: URLSearchParams, keys: readonly FilterKey[]): FilterValues {
  const values: FilterValues = {};
  for (const key of keys) {
    const value = readFilter(key, params.get(key));
    if (value !== undefined) values[key] = value;
  }
  return values;
}

export function readPage(params: URLSearchParams): number {
  const value = readId(params.get('page'));
  return value !== undefined && value <= MAX_PAGE ? value : 1;
}

export function readSort(params: URLSearchParams): SortType | undefined {
  const value = params.get('sort_type');
  return value !== null && sortTypeSet.has(value) ? (value as SortType) : undefined;
}

export const totalPages = (total: number, perPage = PAGE_SIZE) => Math.max(1, Math.ceil(total / perPage));

/** The page numbers shown: at most MAX_PAGE_BUTTONS, the current one as central as the ends allow (docs/product/storefront.md §9). */
export function pageWindow(page: number, pages: number): number[] {
  const count = Math.min(MAX_PAGE_BUTTONS, pages);
  const first = Math.max(1, Math.min(page - Math.floor(count / 2), pages - count + 1));
  return Array.from({ length: count }, (_, index) => first + index);
}

/** The query string for a change: values set or (undefined) removed; any change but paging goes back to page 1. */
export function withChanges(params: URLSearchParams, changes: Record<string, string | number | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

export const searchOf = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The same listing's first page: where an old link past the end is sent. */
export const firstPageOf = (params: URLSearchParams) => ({ search: searchOf(withChanges(params, { page: undefined })) });

/** What a listing page is about; fixed by the page, never shown as a filter the shopper can remove. */
export type ProductScope = Pick<ProductListParams, 'search' | 'shop_id' | 'category_id' | 'sub_category_id' | 'discounted'>;

export interface ListingSetup {
  scope?: ProductScope;
  /** The page's order when the shopper has not chosen one (Most Popular: popular_product). */
  defaultSort?: SortType;
  /** The Products page: category and sub-category are the shopper's filters. */
  categoryFilter?: boolean;
}

const scopedFilterKeys = filterKeys.filter((key) => key !== 'category_id' && key !== 'sub_category_id');

/**
 * A listing page's URL query read: the shopper's filters, order and page, and the `GET /api/products`
 * request they make (the same for the page and its route loader).
 */
export function readListing(params: URLSearchParams, { scope = {}, defaultSort, categoryFilter = false }: ListingSetup) {
  const values = readFilters(params, categoryFilter ? filterKeys : scopedFilterKeys);
  const sort = readSort(params);
  const page = readPage(params);
  const request: ProductListParams = { ...values, ...scope, sort_type: sort ?? defaultSort, page };
  return { values, sort, page, request };
}

/** The API refuses longer search texts (catalog contract). */
const MAX_SEARCH_LENGTH = 100;

/** The search text of a /products address. */
export const searchTextOf = (params: URLSearchParams) => (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
