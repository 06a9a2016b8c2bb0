import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productColors, products, subCategories } from '../../db/schema.ts';
import type { ProductCard } from '../../../shared/catalog.contract.ts';
import { addProducts, addTaxonomyRecord, catalogAnchors } from '../../test/catalog-fixtures.ts';
import { storeOnBothListingPaths } from '../../test/both-listing-paths.ts';

// A category too large to be read whole for every listing. From the listing index (decision 044) its
// count and facets are exact; from the database (LISTING_INDEX=off, or while the index loads:
// decision 041) it is listed off its indexes, its count is the planner's estimate held to what the
// pages show, its facets a sample's. Every listing here holds on both.
const BROAD = 2_410;
const PER_PAGE = 20;
const soldOf = (index: number) => (index * 7919) % 5000;

let categoryId: number;
let rareBrandId: number;
/** The three products of the rare brand: the last ones added, beyond any sample of the first 2,000. */
let rareIds: number[];
let shopId: number;
/** A sub-category of most of the category's products: too many to be read whole, listed off its own indexes. */
let subCategoryId: number;
let subCategoryIds: number[];
/** A colour every other product of the category has. */
let colorId: number;

const store = storeOnBothListingPaths(async (db) => {
  categoryId = await addTaxonomyRecord(db, 'categories');
  rareBrandId = await addTaxonomyRecord(db, 'brands');
  const ids = await addProducts(
    db,
    Array.from({ length: BROAD }, (_, index) => ({
      name: `Quokkaware Lamp ${index + 1}`,
      categoryId,
      price: 10_00 + (index % 50) * 100,
      totalSold: soldOf(index),
      rating: String(3 + (index % 3)),
    })),
  );
  rareIds = ids.slice(-3);
  shopId = (await catalogAnchors(db)).shop_id;
  await db.update(products).set({ brandId: rareBrandId }).where(inArray(products.id, rareIds));
  const [subCategory] = await db
    .insert(subCategories)
    .values({ categoryId, name: 'Quokkaware Desk Lamps', slug: 'quokkaware-desk-lamps', thumbnail: '/media/placeholder/category/desk.svg' })
    .returning({ id: subCategories.id });
  subCategoryId = subCategory!.id;
  subCategoryIds = ids.slice(800);
  await db.update(products).set({ subCategoryId }).where(inArray(products.id, subCategoryIds));
  colorId = await addTaxonomyRecord(db, 'colors');
  await db.insert(productColors).values(ids.filter((_, index) => index % 2 === 0).map((productId) => ({ productId, colorId })));
  // Laid out in the order they were added, as a bulk import writes them: the updates above moved
  // the rows they wrote to the table's end, and a sample is the scope's first rows.
  await db.execute(sql`cluster products using products_pkey`);
});

async function list(query: string, app = store.context.app) {
  const response = await app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { total: number; products: ProductCard[]; filters: { brands: Array<{ id: number }>; min_price: number; max_price: number } };
}

describe.each([
  ['from the listing index', () => store.context.app],
  ['from the database', () => store.withoutIndex],
] as const)('a broad category %s', (_path, app) => {
  it('shows a full first page in the recommended order and a count near the real one', async () => {
    const listing = await list(`category_id=${categoryId}&per_page=${PER_PAGE}`, app());
    expect(listing.products).toHaveLength(PER_PAGE);
    expect(Math.abs(listing.total - BROAD)).toBeLessThan(BROAD * 0.1);
    const order = listing.products.map((card) => [card.rating, card.total_sold]);
    expect(order).toEqual([...order].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!));
  });

  it('lists the dearest first within a price window, read backwards off the category price index', async () => {
    const listing = await list(`category_id=${categoryId}&max_price=40&sort_type=high_to_low&per_page=${PER_PAGE}`, app());
    const prices = listing.products.map((card) => card.discount_price || card.price);
    expect(prices).toHaveLength(PER_PAGE);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices[0]).toBe(40);
  });

  it('counts exactly on its last page, which is short', async () => {
    const lastPage = Math.ceil(BROAD / PER_PAGE);
    const listing = await list(`category_id=${categoryId}&per_page=${PER_PAGE}&page=${lastPage}&sort_type=newest`, app());
    expect(listing.products).toHaveLength(BROAD % PER_PAGE);
    expect(listing.total).toBe(BROAD);
  });

  it('tests the rest of the listing on the rows its walk reads: a shop that has most of them, best sellers first', async () => {
    const listing = await list(`category_id=${categoryId}&shop_id=${shopId}&sort_type=top_selling&per_page=${PER_PAGE}`, app());
    expect(listing.products).toHaveLength(PER_PAGE);
    expect(listing.products.every((card) => card.shop.id === shopId)).toBe(true);
    const sold = listing.products.map((card) => card.total_sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
  });

  it('finds all of the few products a filter keeps, though a sample of the category would hold none of them', async () => {
    const listing = await list(`category_id=${categoryId}&brand_id=${rareBrandId}&per_page=${PER_PAGE}`, app());
    expect(listing.products.map((card) => card.id).sort()).toEqual([...rareIds].sort());
    expect(listing.total).toBe(3);
  });

  it("lists a large sub-category by price off its own prices: the cheapest and the dearest of its products first", async () => {
    const scope = `category_id=${categoryId}&sub_category_id=${subCategoryId}&per_page=${PER_PAGE}`;
    for (const [sort, first] of [['low_to_high', 10], ['high_to_low', 59]] as const) {
      const listing = await list(`${scope}&sort_type=${sort}`, app());
      expect(listing.products).toHaveLength(PER_PAGE);
      expect(listing.products.every((card) => subCategoryIds.includes(card.id))).toBe(true);
      const prices = listing.products.map((card) => card.price);
      expect(prices).toEqual([...prices].sort((a, b) => (sort === 'low_to_high' ? a - b : b - a)));
      expect(prices[0]).toBe(first);
    }
  });

  it('counts a colour by the share of the sample that has it: half the category', async () => {
    const listing = await list(`category_id=${categoryId}&color_id=${colorId}&per_page=${PER_PAGE}`, app());
    expect(listing.products).toHaveLength(PER_PAGE);
    expect(listing.products.every((card) => card.colors.some((color) => color.id === colorId))).toBe(true);
    expect(Math.abs(listing.total - BROAD / 2)).toBeLessThan(BROAD * 0.05);
  });

  it('offers filters from a sample: the brands and prices found in it', async () => {
    const { filters } = await list(`category_id=${categoryId}&per_page=${PER_PAGE}`, app());
    expect(filters.min_price).toBe(10);
    expect(filters.max_price).toBe(59);
  });
});

describe('a broad search', () => {
  it('lists the best sellers first', async () => {
    const listing = await list(`search=quokkaware&per_page=${PER_PAGE}`);
    expect(listing.products).toHaveLength(PER_PAGE);
    const sold = listing.products.map((card) => card.total_sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(sold[0]).toBe(Math.max(...Array.from({ length: BROAD }, (_, index) => soldOf(index))));
    expect(Math.abs(listing.total - BROAD)).toBeLessThan(BROAD * 0.25);
  });

  it('reads a narrow search whole: exact count, best match first', async () => {
    const listing = await list(`search=${encodeURIComponent('quokkaware lamp 1234')}`);
    expect(listing.total).toBe(1);
    expect(listing.products[0]?.name).toBe('Quokkaware Lamp 1234');
  });
});
