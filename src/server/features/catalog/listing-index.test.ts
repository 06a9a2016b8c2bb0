import { describe, expect, it } from 'vitest';
import { ListingIndex, type IndexedProduct, type IndexOrder, type IndexQuery } from './listing-index.ts';

const product = (id: number, facts: Partial<IndexedProduct> = {}): IndexedProduct => ({
  id,
  categoryId: 1,
  subCategoryId: 0,
  shopId: 1,
  brandId: 0,
  price: 10_00,
  discountPrice: 0,
  rating: 0,
  rankedSold: 0,
  popularViews: 0,
  createdAt: id * 1_000_000,
  inStock: true,
  colorIds: [],
  sizeIds: [],
  stockedOptions: [],
  ...facts,
});

const indexOf = (...products: IndexedProduct[]) => {
  const index = new ListingIndex();
  for (const each of products) index.put(each);
  return index;
};

const NO_SALES = new Map<number, number>();
const query = (facts: Partial<IndexQuery> = {}): IndexQuery => ({ order: 'recommended', salePrices: NO_SALES, offset: 0, limit: 20, ...facts });
const idsOf = (index: ListingIndex, facts: Partial<IndexQuery> = {}) => index.list(query(facts)).pageIds;

describe('the listing index', () => {
  it('orders as the listing statements do, ties by id the same way', () => {
    const index = indexOf(
      product(1, { rankedSold: 5, popularViews: 9, rating: 450, price: 30_00, createdAt: 7 }),
      product(2, { rankedSold: 5, popularViews: 1, rating: 450, price: 20_00, discountPrice: 15_00, createdAt: 7 }),
      product(3, { rankedSold: 9, popularViews: 9, rating: 400, price: 15_00, createdAt: 8 }),
      product(4, { rankedSold: 0, popularViews: 0, rating: 500, price: 40_00, discountPrice: 10_00, createdAt: 1 }),
    );
    const orders: Array<[IndexOrder, number[]]> = [
      ['top_selling', [3, 2, 1, 4]],
      ['popular_product', [3, 1, 2, 4]],
      ['newest', [3, 2, 1, 4]],
      // Rating first, then sales, then the newest id.
      ['recommended', [4, 2, 1, 3]],
      // By the price it sells at: a discount's.
      ['low_to_high', [4, 2, 3, 1]],
      ['high_to_low', [1, 3, 2, 4]],
    ];
    for (const [order, ids] of orders) expect(idsOf(index, { order }), order).toEqual(ids);
    // The Best Deal page: discounted products, the largest share off first.
    expect(idsOf(index, { order: 'best_deal', discounted: true })).toEqual([4, 2]);
  });

  it('lists a given order (a search’s matches as ranked) as given, filtered and paged, leaving out what it does not hold', () => {
    const index = indexOf(product(1, { brandId: 7 }), product(2), product(3, { brandId: 7 }), product(4, { brandId: 7 }), product(5, { brandId: 7 }));
    const only = [4, 99, 1, 5, 2, 3];
    expect(index.list(query({ order: 'given', only }))).toEqual({ total: 5, pageIds: [4, 1, 5, 2, 3] });
    expect(index.list(query({ order: 'given', only, brandId: 7, offset: 1, limit: 2 }))).toEqual({ total: 4, pageIds: [1, 5] });
    expect(index.list(query({ order: 'given', only, offset: 5 }))).toEqual({ total: 5, pageIds: [] });
  });

  it('pages a given order of thousands of matches across the batches a pass reads them in, and describes them all', () => {
    const count = 10_000;
    const index = indexOf(...Array.from({ length: count }, (_, at) => product(at + 1, { brandId: 1 + (at % 3), price: 1_00 + at })));
    const only = Array.from({ length: count }, (_, at) => count - at);
    const brandTwo = only.filter((id) => (id - 1) % 3 === 1);
    for (const offset of [0, 1_360, 1_365, 3_300]) {
      expect(index.list(query({ order: 'given', only, brandId: 2, offset, limit: 10 })), `offset ${offset}`).toEqual({ total: brandTwo.length, pageIds: brandTwo.slice(offset, offset + 10) });
    }
    expect(index.list(query({ order: 'given', only, offset: 4_090, limit: 12 })).pageIds).toEqual(only.slice(4_090, 4_102));
    const facets = index.facets({ only, salePrices: NO_SALES });
    expect([[...facets.brandIds].sort(), facets.minPrice, facets.maxPrice]).toEqual([[1, 2, 3], 1_00, 1_00 + count - 1]);
  });

  it('sells a product in a running flash sale at the sale’s price: its order, its window and the price range', () => {
    const index = indexOf(product(1, { price: 50_00 }), product(2, { price: 20_00 }), product(3, { price: 30_00 }));
    const salePrices = new Map([[1, 5_00]]);
    expect(idsOf(index, { order: 'low_to_high', salePrices })).toEqual([1, 2, 3]);
    expect(idsOf(index, { maxPrice: 10_00, salePrices })).toEqual([1]);
    expect(index.facets({ salePrices })).toMatchObject({ minPrice: 5_00, maxPrice: 30_00 });
    expect(index.facets({ salePrices: NO_SALES })).toMatchObject({ minPrice: 20_00, maxPrice: 50_00 });
  });

  it('pages through the matches and counts them all', () => {
    const index = indexOf(...Array.from({ length: 45 }, (_, at) => product(at + 1, { rankedSold: at })));
    const pages = [0, 20, 40].map((offset) => index.list(query({ order: 'top_selling', offset: offset, limit: 20 })));
    expect(pages.map((page) => page.total)).toEqual([45, 45, 45]);
    expect(pages.flatMap((page) => page.pageIds)).toEqual(Array.from({ length: 45 }, (_, at) => 45 - at));
    expect(index.list(query({ offset: 60, limit: 20 }))).toEqual({ total: 45, pageIds: [] });
  });

  it('narrows a scope by every filter, and offers what the whole scope has', () => {
    const index = indexOf(
      product(1, { categoryId: 1, subCategoryId: 11, brandId: 7, colorIds: [3], sizeIds: [5], stockedOptions: [3, 5], rating: 420 }),
      product(2, { categoryId: 1, subCategoryId: 12, brandId: 8, colorIds: [3, 4], sizeIds: [5, 6], stockedOptions: [4, 6], rating: 380 }),
      product(3, { categoryId: 1, shopId: 2, inStock: false, colorIds: [4], sizeIds: [6], price: 99_00 }),
      product(4, { categoryId: 2, brandId: 9, colorIds: [9] }),
    );
    expect(index.list(query({ categoryId: 1 })).total).toBe(3);
    expect(idsOf(index, { categoryId: 1, subCategoryId: 12 })).toEqual([2]);
    expect(idsOf(index, { categoryId: 1, shopId: 2 })).toEqual([3]);
    expect(idsOf(index, { categoryId: 1, brandId: 7 })).toEqual([1]);
    expect(idsOf(index, { categoryId: 1, colorId: 4, order: 'newest' })).toEqual([3, 2]);
    expect(idsOf(index, { categoryId: 1, sizeId: 5, order: 'newest' })).toEqual([2, 1]);
    expect(idsOf(index, { categoryId: 1, inStock: true, order: 'newest' })).toEqual([2, 1]);
    // In stock in that colour: product 2 has colour 3, but not a variant of it in stock.
    expect(idsOf(index, { categoryId: 1, colorId: 3, inStock: true })).toEqual([1]);
    expect(idsOf(index, { categoryId: 1, colorId: 4, sizeId: 6, inStock: true })).toEqual([2]);
    expect(idsOf(index, { categoryId: 1, colorId: 4, sizeId: 5, inStock: true })).toEqual([]);
    expect(idsOf(index, { categoryId: 1, rating: 4 })).toEqual([1]);
    expect(idsOf(index, { categoryId: 1, minPrice: 50_00 })).toEqual([3]);

    const facets = index.facets({ categoryId: 1, salePrices: NO_SALES });
    expect([facets.brandIds, facets.colorIds, facets.sizeIds].map((ids) => [...ids].sort())).toEqual([
      [7, 8],
      [3, 4],
      [5, 6],
    ]);
    expect(facets).toMatchObject({ minPrice: 10_00, maxPrice: 99_00 });
    expect(index.facets({ categoryId: 5, salePrices: NO_SALES })).toEqual({ brandIds: [], colorIds: [], sizeIds: [], minPrice: null, maxPrice: null });
  });

  it('lists only a flash sale’s products when given them, and only discounted ones when asked', () => {
    const index = indexOf(product(1), product(2, { discountPrice: 5_00 }), product(3));
    expect(idsOf(index, { only: [3, 1, 99], order: 'newest' })).toEqual([3, 1]);
    expect(idsOf(index, { discounted: true })).toEqual([2]);
  });

  it('prices a flash sale’s product at the sale’s price in a room another product left, and a discount that ends at the price', () => {
    const index = indexOf(product(1, { price: 40_00 }), product(2, { price: 30_00, discountPrice: 20_00 }));
    const salePrices = new Map([[3, 5_00]]);
    expect(idsOf(index, { order: 'low_to_high', salePrices })).toEqual([2, 1]);
    index.remove(1);
    index.put(product(3, { price: 50_00 }));
    expect(index.list(query({ order: 'low_to_high', salePrices, maxPrice: 10_00 }))).toEqual({ total: 1, pageIds: [3] });
    index.put(product(2, { price: 30_00, discountPrice: 0 }));
    expect(idsOf(index, { discounted: true })).toEqual([]);
    expect(idsOf(index, { minPrice: 30_00, maxPrice: 30_00 })).toEqual([2]);
  });

  it('follows a product that moves, changes or leaves, and reuses the room it leaves', () => {
    const index = indexOf(product(1, { categoryId: 1 }), product(2, { categoryId: 1 }), product(3, { categoryId: 2 }));
    expect(idsOf(index, { categoryId: 1 })).toEqual([2, 1]);
    expect(idsOf(index, { brandId: 5 })).toEqual([]);
    index.put(product(2, { categoryId: 2, brandId: 5, colorIds: [1, 2, 3, 4, 5, 6] }));
    expect(idsOf(index, { categoryId: 1 })).toEqual([1]);
    expect(idsOf(index, { brandId: 5 })).toEqual([2]);
    expect(idsOf(index, { categoryId: 2, colorId: 6 })).toEqual([2]);
    index.remove(1);
    expect(idsOf(index, { categoryId: 1 })).toEqual([]);
    expect(idsOf(index, { order: 'newest' })).toEqual([3, 2]);
    expect(index.size).toBe(2);
    index.put(product(7, { categoryId: 1, colorIds: [8] }));
    expect(idsOf(index, { categoryId: 1, colorId: 8 })).toEqual([7]);
    expect(index.facets({ categoryId: 1, salePrices: NO_SALES }).colorIds).toEqual([8]);
    index.remove(42);
    expect(index.size).toBe(3);
  });

  it('keeps every product’s colours through thousands of rewrites of their lists', () => {
    const index = new ListingIndex();
    const colorsOf = (id: number, round: number) => Array.from({ length: 1 + ((id + round) % 7) }, (_, at) => 100 * round + at + 1);
    for (let round = 0; round < 8; round++) {
      for (let id = 1; id <= 3_000; id++) index.put(product(id, { colorIds: colorsOf(id, round) }));
    }
    const last = 7;
    for (const id of [1, 1_234, 3_000]) {
      const colors = colorsOf(id, last);
      expect(idsOf(index, { colorId: colors.at(-1)!, only: [id] }), `product ${id}`).toEqual([id]);
    }
    // The rounds before left nothing behind.
    expect(index.list(query({ colorId: 101 })).total).toBe(0);
    expect(index.list(query({ colorId: 701 })).total).toBe(3_000);
  });

  it('filters by colour, size and a variant of them in stock as the products have them, through rewrites of their options', () => {
    // Options drawn from a few colours and sizes; now and then a variant of a colour or size the
    // product does not list, and variants of neither.
    let seed = 7;
    const random = (below: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 16) % below;
    };
    const some = (count: number, from: number) => [...new Set(Array.from({ length: random(count + 1) }, () => from + random(6)))];
    const optionsOf = (id: number): IndexedProduct => {
      const colorIds = some(4, 1);
      const sizeIds = some(5, 11);
      const stockedOptions = Array.from({ length: random(8) }, () => [
        random(4) === 0 ? 7 : (colorIds[random(colorIds.length + 1)] ?? 0),
        random(4) === 0 ? 17 : (sizeIds[random(sizeIds.length + 1)] ?? 0),
      ]).flat();
      return product(id, { colorIds, sizeIds, stockedOptions });
    };
    const held = new Map<number, IndexedProduct>();
    const index = new ListingIndex();
    for (let round = 0; round < 4; round++) {
      for (let id = 1; id <= 400; id++) {
        if (random(3) === 0 && round > 0) continue;
        held.set(id, optionsOf(id));
        index.put(held.get(id)!);
      }
      for (const colorId of [0, 1, 3, 6, 7]) {
        for (const sizeId of [0, 11, 14, 16, 17]) {
          for (const inStock of [false, true]) {
            const expected = [...held.values()]
              .filter(({ colorIds, sizeIds, stockedOptions }) => {
                if (colorId !== 0 && !colorIds.includes(colorId)) return false;
                if (sizeId !== 0 && !sizeIds.includes(sizeId)) return false;
                if (!inStock || (colorId === 0 && sizeId === 0)) return true;
                for (let at = 0; at < stockedOptions.length; at += 2) {
                  if ((colorId === 0 || stockedOptions[at] === colorId) && (sizeId === 0 || stockedOptions[at + 1] === sizeId)) return true;
                }
                return false;
              })
              .map(({ id }) => id)
              .sort((a, b) => b - a);
            const listed = index.list(query({ colorId: colorId || undefined, sizeId: sizeId || undefined, inStock, order: 'newest', limit: 400 }));
            expect(listed.pageIds, `round ${round}, colour ${colorId}, size ${sizeId}, in stock ${inStock}`).toEqual(expected);
          }
        }
      }
    }
  });

  it('keeps ids past 16 bits once one comes: places, brands and options', () => {
    const index = indexOf(product(1, { colorIds: [3], sizeIds: [4], stockedOptions: [3, 4] }));
    index.put(product(2, { colorIds: [70_000], sizeIds: [4], stockedOptions: [70_000, 4] }));
    index.put(product(3, { categoryId: 70_001, subCategoryId: 70_002, shopId: 70_003, brandId: 70_004 }));
    expect(idsOf(index, { categoryId: 70_001, subCategoryId: 70_002, shopId: 70_003, brandId: 70_004 })).toEqual([3]);
    expect(idsOf(index, { categoryId: 1, brandId: 70_004 })).toEqual([]);
    expect(idsOf(index, { categoryId: 1, order: 'newest' })).toEqual([2, 1]);
    expect(idsOf(index, { colorId: 70_000, sizeId: 4, inStock: true })).toEqual([2]);
    expect(idsOf(index, { colorId: 3, sizeId: 4, inStock: true })).toEqual([1]);
    expect(index.facets({ salePrices: NO_SALES }).colorIds.sort((a, b) => a - b)).toEqual([3, 70_000]);
  });

  it('finds every product of a place after many moves between places, and none twice', () => {
    const index = new ListingIndex();
    const placeOf = (id: number, round: number) => 1 + ((id * (round + 1)) % 5);
    for (let round = 0; round < 6; round++) {
      for (let id = 1; id <= 500; id++) index.put(product(id, { categoryId: placeOf(id, round), shopId: placeOf(id, round + 1), brandId: placeOf(id, round + 2) }));
      for (let id = 1; id <= 500; id += 7) index.remove(id);
      for (let id = 1; id <= 500; id += 14) index.put(product(id, { categoryId: placeOf(id, round), shopId: placeOf(id, round + 1), brandId: placeOf(id, round + 2) }));
    }
    const listed = Array.from({ length: 500 }, (_, at) => at + 1).filter((id) => (id - 1) % 7 !== 0 || (id - 1) % 14 === 0);
    for (let place = 1; place <= 5; place++) {
      const expected = (shift: number) => listed.filter((id) => placeOf(id, 5 + shift) === place).sort((a, b) => b - a);
      const all = (facts: Partial<IndexQuery>) => index.list(query({ ...facts, order: 'newest', limit: 500 })).pageIds;
      expect(all({ categoryId: place })).toEqual(expected(0));
      expect(all({ shopId: place })).toEqual(expected(1));
      expect(all({ brandId: place })).toEqual(expected(2));
    }
    expect(index.size).toBe(listed.length);
  });

  it('keeps a place’s products past 65,536 rooms, as they come, move between places and leave anywhere among them', () => {
    const count = 140_000;
    const placeOf = new Map<number, number>();
    const index = new ListingIndex();
    const put = (id: number, categoryId: number) => {
      placeOf.set(id, categoryId);
      index.put(product(id, { categoryId }));
    };
    for (let id = 1; id <= count; id++) put(id, 1 + (id % 3));
    // Moves and removals in the first rooms, around 65,536 and in the last ones.
    for (const first of [1, 65_000, 131_000]) {
      for (let id = first; id < first + 2_000; id += 3) put(id, 1 + ((id + 1) % 3));
      for (let id = first + 1; id < first + 2_000; id += 7) {
        placeOf.delete(id);
        index.remove(id);
      }
    }
    for (let id = count + 1; id <= count + 500; id++) put(id, 2);
    for (const categoryId of [1, 2, 3]) {
      const expected = [...placeOf].filter(([, place]) => place === categoryId).map(([id]) => id).sort((a, b) => b - a);
      const listed = index.list(query({ categoryId, order: 'newest', limit: 5 }));
      expect(listed, `category ${categoryId}`).toEqual({ total: expected.length, pageIds: expected.slice(0, 5) });
      expect(index.list(query({ categoryId, order: 'newest', offset: expected.length - 3, limit: 5 })).pageIds).toEqual(expected.slice(-3));
    }
  });

  it('orders tens of thousands of matches, their best anywhere among them, and pages deep into them', () => {
    const count = 20_000;
    // Sales fall and rise again along the slots, so the best sellers sit at both ends and in the middle.
    const soldOf = (id: number) => Math.abs(((id * 7_919) % count) - count / 2);
    const index = new ListingIndex();
    for (let id = 1; id <= count; id++) index.put(product(id, { rankedSold: soldOf(id), price: 1_00 + ((id * 31) % 977) }));
    const ids = Array.from({ length: count }, (_, at) => at + 1);
    const bySales = [...ids].sort((a, b) => soldOf(b) - soldOf(a) || b - a);
    expect(idsOf(index, { order: 'top_selling' })).toEqual(bySales.slice(0, 20));
    expect(idsOf(index, { order: 'top_selling', offset: 9_000, limit: 30 })).toEqual(bySales.slice(9_000, 9_030));
    const priceOf = (id: number) => 1_00 + ((id * 31) % 977);
    const byPrice = [...ids].sort((a, b) => priceOf(a) - priceOf(b) || a - b);
    expect(index.list(query({ order: 'low_to_high', offset: 19_990 }))).toEqual({ total: count, pageIds: byPrice.slice(19_990) });
  });
});
