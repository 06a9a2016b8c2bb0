import { describe, expect, it } from 'vitest';
import { filterKeys, pageWindow, readFilters, readPage, readSort, searchOf, totalPages, withChanges } from './listing-params.ts';

describe('pageWindow (docs/product/storefront.md §9: at most 5 page buttons)', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('keeps the current page central, shifted at the ends', () => {
    expect(pageWindow(1, 24)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 24)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(24, 24)).toEqual([20, 21, 22, 23, 24]);
    expect(pageWindow(23, 24)).toEqual([20, 21, 22, 23, 24]);
  });

  it('counts pages of 10', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(10)).toBe(1);
    expect(totalPages(11)).toBe(2);
  });
});

describe('reading the URL', () => {
  it('keeps valid values and drops what the API would refuse', () => {
    const params = new URLSearchParams('brand_id=3&color_id=x&size_id=0&rating=9&min_price=10.5&max_price=-1&category_id=2');
    expect(readFilters(params, filterKeys)).toEqual({ brand_id: 3, min_price: 10.5, category_id: 2 });
    expect(readFilters(new URLSearchParams('rating=4'), filterKeys)).toEqual({ rating: 4 });
  });

  it('reads the page and the sort, falling back when invalid', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('page=abc'))).toBe(1);
    expect(readPage(new URLSearchParams('page=99999'))).toBe(1);
    expect(readSort(new URLSearchParams('sort_type=high_to_low'))).toBe('high_to_low');
    expect(readSort(new URLSearchParams('sort_type=cheapest'))).toBeUndefined();
  });
});

describe('withChanges', () => {
  const current = new URLSearchParams('search=lamp&brand_id=3&page=4');

  it('goes back to page 1 on any change but paging, keeping the rest', () => {
    expect(searchOf(withChanges(current, { color_id: 7 }))).toBe('?search=lamp&brand_id=3&color_id=7');
    expect(searchOf(withChanges(current, { brand_id: undefined }))).toBe('?search=lamp');
  });

  it('moves between pages, page 1 being the bare URL', () => {
    expect(searchOf(withChanges(current, { page: 5 }))).toBe('?search=lamp&brand_id=3&page=5');
    expect(searchOf(withChanges(current, { page: 1 }))).toBe('?search=lamp&brand_id=3');
    expect(searchOf(withChanges(new URLSearchParams(), { page: 1 }))).toBe('');
  });
});
