/**
 * The listed products held in memory, column by column, for listings and narrow searches (decision
 * 044): a listing's matches, exact count and page come from one pass over its scope's products here
 * (a search's scope is the matches the database found for its words), its facets from another, and
 * only the page's cards from the database. It is what a listing's statements read of a product and
 * nothing else (cards are read fresh by id); listing-index-feed.ts fills it and keeps it in step
 * with the catalogue.
 */

/** A listed (active) product as the index holds it. */
export interface IndexedProduct {
  id: number;
  categoryId: number;
  /** 0: none. */
  subCategoryId: number;
  shopId: number;
  /** 0: none. */
  brandId: number;
  /** Minor units, as the catalogue has them (before any flash sale). */
  price: number;
  discountPrice: number;
  /** Hundredths of a star. */
  rating: number;
  rankedSold: number;
  popularViews: number;
  /** Microseconds since 1970: the catalogue's own precision, so products made in one millisecond keep their order. */
  createdAt: number;
  inStock: boolean;
  colorIds: readonly number[];
  sizeIds: readonly number[];
  /** Its active variants in stock, as colour and size id pairs (0 where a variant has none), one after the other. */
  stockedOptions: readonly number[];
}

/**
 * The orders a listing can take (the listing's sort, or its default: recommended, or the best deal
 * first for discounted products), or `given`: the order of the scope's `only` (a search's matches as
 * the database ranked them).
 */
export type IndexOrder = 'top_selling' | 'popular_product' | 'newest' | 'recommended' | 'high_to_low' | 'low_to_high' | 'best_deal' | 'given';

/** What a listing is about: its place in the catalogue (facets describe this), and the prices its products sell at now. */
export interface IndexScope {
  categoryId?: number;
  subCategoryId?: number;
  shopId?: number;
  /** Only these products (a flash sale's, a search's matches). */
  only?: readonly number[] | Int32Array;
  discounted?: boolean;
  /** The running flash sales' prices by product: what those products sell at now. */
  salePrices: ReadonlyMap<number, number>;
}

/** A scope narrowed by the shopper's filters, in an order, a page of it. */
export interface IndexQuery extends IndexScope {
  brandId?: number;
  colorId?: number;
  sizeId?: number;
  inStock?: boolean;
  /** Whole stars: products rated at least this. */
  rating?: number;
  /** Minor units, on the price the product sells at now. */
  minPrice?: number;
  maxPrice?: number;
  order: IndexOrder;
  offset: number;
  limit: number;
}

export interface IndexPage {
  /** How many of the scope's products the filters keep. */
  total: number;
  pageIds: number[];
}

/** What a scope's products have, whatever the filters keep: the filters a listing offers. */
export interface IndexFacets {
  /** In no order. */
  brandIds: number[];
  colorIds: number[];
  sizeIds: number[];
  /** The lowest and highest price as sold now; null for an empty scope. */
  minPrice: number | null;
  maxPrice: number | null;
}

const LISTED = 1;
const IN_STOCK = 2;
const DISCOUNTED = 4;

/** How much room a full column, pool or group grows by: a quarter, not twice its size (a large catalogue's doubling would hold much room it may never use; decision 069). */
const GROWTH = 1.25;

/** A count in a record's header (its colours', its sizes'): 15 bits, the sizes' 16th marking listed pairs. */
const MAX_COUNT = 0x7fff;
/** On a record's size count: its pairs are listed as values, not a grid of bits. */
const LISTED_PAIRS = 0x8000;
/** A grid's bits per value of the pool, whichever width its values take. */
const GRID_BITS = 16;

/**
 * Each slot's colours, sizes and in-stock (colour, size) pairs as one record in one growing array:
 * `[colour count, size count, colours…, sizes…, pairs…]`. The pairs are a bit each in a grid of the
 * record's own colours by its sizes (each with "none" first) when every pair is in it, else listed as
 * values after their count (LISTED_PAIRS), whichever is shorter. A pair of no colour and no size is
 * never asked about and not kept, and a slot with nothing left to keep has no record. A record is
 * rewritten in place when it fits, else appended (and the array compacted when half of it is old
 * records). Values take 16 bits each until one needs more. (Far less memory than every pair listed,
 * or three lists of 32-bit values with an offset and a length each: decisions 069 and 071.)
 */
class OptionLists {
  // The first value is never a record's: offset 0 is a slot without one.
  private pool: Uint16Array | Int32Array = new Uint16Array(1024);
  private used = 1;
  private wasted = 0;
  private offsets: Int32Array;

  constructor(capacity: number) {
    this.offsets = new Int32Array(capacity);
  }

  grow(capacity: number) {
    this.offsets = copied(this.offsets, new Int32Array(capacity));
  }

  set(slot: number, colorIds: readonly number[], sizeIds: readonly number[], stockedOptions: readonly number[]) {
    const colors = colorIds.slice(0, MAX_COUNT);
    const sizes = sizeIds.slice(0, MAX_COUNT);
    const pairs: number[] = [];
    for (let index = 0; index + 1 < stockedOptions.length && pairs.length < 2 * 0xffff; index += 2) {
      if (stockedOptions[index] !== 0 || stockedOptions[index + 1] !== 0) pairs.push(stockedOptions[index]!, stockedOptions[index + 1]!);
    }
    if (colors.length + sizes.length + pairs.length === 0) return this.clear(slot);
    const grid = gridOf(colors, sizes, pairs);
    const length = 2 + colors.length + sizes.length + (grid ? grid.length : 1 + pairs.length);
    if (this.pool instanceof Uint16Array && [colors, sizes, pairs].some((values) => values.some((value) => value > 0xffff))) this.pool = Int32Array.from(this.pool);
    const known = this.offsets[slot]!;
    const room = known === 0 ? 0 : this.lengthAt(known);
    if (length > room) {
      this.clear(slot);
      if (this.used + length > this.pool.length) this.makeRoom(length);
      this.offsets[slot] = this.used;
      this.used += length;
    } else {
      this.wasted += room - length;
    }
    const { pool } = this;
    let at = this.offsets[slot]!;
    pool[at++] = colors.length;
    pool[at++] = sizes.length | (grid ? 0 : LISTED_PAIRS);
    for (const color of colors) pool[at++] = color;
    for (const size of sizes) pool[at++] = size;
    if (grid) {
      pool.set(grid, at);
      return;
    }
    pool[at++] = pairs.length / 2;
    for (const value of pairs) pool[at++] = value;
  }

  clear(slot: number) {
    const offset = this.offsets[slot]!;
    if (offset === 0) return;
    this.wasted += this.lengthAt(offset);
    this.offsets[slot] = 0;
  }

  hasColor(slot: number, id: number): boolean {
    const offset = this.offsets[slot]!;
    return offset !== 0 && this.positionOf(offset + 2, this.pool[offset]!, id) !== 0;
  }

  hasSize(slot: number, id: number): boolean {
    const offset = this.offsets[slot]!;
    return offset !== 0 && this.positionOf(offset + 2 + this.pool[offset]!, this.pool[offset + 1]! & MAX_COUNT, id) !== 0;
  }

  /** Whether the slot has the pair (`color`, `size`) in stock, either 0 for any (not both). */
  hasPair(slot: number, color: number, size: number): boolean {
    const offset = this.offsets[slot]!;
    if (offset === 0) return false;
    const { pool } = this;
    const colorCount = pool[offset]!;
    const sizeCount = pool[offset + 1]! & MAX_COUNT;
    const pairs = offset + 2 + colorCount + sizeCount;
    if ((pool[offset + 1]! & LISTED_PAIRS) !== 0) {
      const end = pairs + 1 + 2 * pool[pairs]!;
      for (let index = pairs + 1; index < end; index += 2) {
        if ((color === 0 || pool[index] === color) && (size === 0 || pool[index + 1] === size)) return true;
      }
      return false;
    }
    // Every pair is in the grid: a colour or size the record does not hold has none.
    const row = color === 0 ? -1 : this.positionOf(offset + 2, colorCount, color);
    const column = size === 0 ? -1 : this.positionOf(offset + 2 + colorCount, sizeCount, size);
    if (row === 0 || column === 0) return false;
    const width = sizeCount + 1;
    if (row !== -1 && column !== -1) return this.gridBit(pairs, row * width + column);
    for (let at = 0; at <= (row === -1 ? colorCount : sizeCount); at++) {
      if (this.gridBit(pairs, row === -1 ? at * width + column : row * width + at)) return true;
    }
    return false;
  }

  private gridBit(grid: number, bit: number): boolean {
    return ((this.pool[grid + Math.floor(bit / GRID_BITS)]! >> bit % GRID_BITS) & 1) === 1;
  }

  /** Adds the slot's colours (then its sizes) not yet marked with `pass` to `colors` (`sizes`), and marks them. */
  collect(slot: number, pass: number, colorMarks: Int32Array, colors: number[], sizeMarks: Int32Array, sizes: number[]) {
    const offset = this.offsets[slot]!;
    if (offset === 0) return;
    const start = offset + 2;
    const middle = start + this.pool[offset]!;
    this.collectRange(start, middle, colorMarks, pass, colors);
    this.collectRange(middle, middle + (this.pool[offset + 1]! & MAX_COUNT), sizeMarks, pass, sizes);
  }

  get bytes() {
    return this.pool.byteLength + this.offsets.byteLength;
  }

  private lengthAt(offset: number): number {
    const { pool } = this;
    const colorCount = pool[offset]!;
    const sizeCount = pool[offset + 1]! & MAX_COUNT;
    const pairs = offset + 2 + colorCount + sizeCount;
    const pairValues = (pool[offset + 1]! & LISTED_PAIRS) !== 0 ? 1 + 2 * pool[pairs]! : gridValues(colorCount, sizeCount);
    return 2 + colorCount + sizeCount + pairValues;
  }

  /** 1 + where `value` is among the `count` values from `start`, 0 when it is not. */
  private positionOf(start: number, count: number, value: number): number {
    for (let index = 0; index < count; index++) if (this.pool[start + index] === value) return index + 1;
    return 0;
  }

  private collectRange(start: number, end: number, marks: Int32Array, pass: number, found: number[]) {
    for (let index = start; index < end; index++) {
      const value = this.pool[index]!;
      if (marks[value] !== pass) {
        marks[value] = pass;
        found.push(value);
      }
    }
  }

  private makeRoom(needed: number) {
    const wide = this.pool instanceof Int32Array;
    const sized = (length: number) => (wide ? new Int32Array(length) : new Uint16Array(length));
    if (this.wasted * 2 > this.used) {
      // Compact: copy every slot's record to the front of a new pool, in slot order.
      const pool = sized(Math.max(1024, Math.ceil((this.used - this.wasted + needed) * GROWTH)));
      let used = 1;
      for (let slot = 0; slot < this.offsets.length; slot++) {
        const offset = this.offsets[slot]!;
        if (offset === 0) continue;
        const length = this.lengthAt(offset);
        pool.set(this.pool.subarray(offset, offset + length), used);
        this.offsets[slot] = used;
        used += length;
      }
      this.pool = pool;
      this.used = used;
      this.wasted = 0;
    } else {
      const pool = sized(Math.max(Math.ceil(this.pool.length * GROWTH), this.used + needed));
      pool.set(this.pool);
      this.pool = pool;
    }
  }
}

const gridValues = (colorCount: number, sizeCount: number) => Math.ceil(((colorCount + 1) * (sizeCount + 1)) / GRID_BITS);

/**
 * The pairs as bits of a grid: a row per colour (none first) of a bit per size (none first); null
 * when a pair has a colour or size the lists do not, or when listing the pairs takes fewer values.
 */
function gridOf(colors: readonly number[], sizes: readonly number[], pairs: readonly number[]): number[] | null {
  const width = sizes.length + 1;
  const values = gridValues(colors.length, sizes.length);
  if (values > 1 + pairs.length) return null;
  const grid = new Array<number>(values).fill(0);
  for (let index = 0; index < pairs.length; index += 2) {
    const row = pairs[index] === 0 ? 0 : colors.indexOf(pairs[index]!) + 1;
    const column = pairs[index + 1] === 0 ? 0 : sizes.indexOf(pairs[index + 1]!) + 1;
    if (row === 0 && pairs[index] !== 0) return null;
    if (column === 0 && pairs[index + 1] !== 0) return null;
    const at = row * width + column;
    grid[Math.floor(at / GRID_BITS)]! |= 1 << at % GRID_BITS;
  }
  return grid;
}

/** How many matches' sort keys a listing works out at a time. */
const KEY_BATCH = 4096;

type IdColumn = Uint16Array | Int32Array;

const widened = (column: IdColumn): IdColumn => (column instanceof Int32Array ? column : Int32Array.from(column));

function copied<Array extends Int32Array | Uint16Array | Uint8Array | Float64Array>(from: Array, to: Array): Array {
  to.set(from.subarray(0, Math.min(from.length, to.length)) as never);
  return to;
}

/** Slots a group keeps the low 16 bits of, block by block: a block is 65,536 slots. */
const BLOCK_BITS = 16;

/**
 * One value's slots (a category's products, a brand's), in no order within each block of slots: each
 * slot as its low 16 bits, the members of block 0 first, then those of block 1 and so on, with where
 * each block's members end. Half the memory of a 32-bit slot each (decision 071); a member added to
 * or removed from a block before the last shifts the members after it by one, which a load (slots in
 * ascending order) never does.
 */
class SlotGroup {
  private lows = new Uint16Array(16);
  /** Where each block's members end in `lows`; the blocks past the last are empty. */
  private ends = new Int32Array(1);
  private count = 0;

  get size() {
    return this.count;
  }

  get bytes() {
    return this.lows.byteLength + this.ends.byteLength;
  }

  add(slot: number) {
    const block = slot >>> BLOCK_BITS;
    if (block >= this.ends.length) this.ends = Int32Array.from({ length: block + 1 }, (_, at) => this.ends[Math.min(at, this.ends.length - 1)]!);
    if (this.count === this.lows.length) this.lows = copied(this.lows, new Uint16Array(Math.max(16, Math.ceil(this.count * GROWTH))));
    const at = this.ends[block]!;
    this.lows.copyWithin(at + 1, at, this.count);
    this.lows[at] = slot & 0xffff;
    for (let next = block; next < this.ends.length; next++) this.ends[next]!++;
    this.count++;
  }

  remove(slot: number) {
    const block = slot >>> BLOCK_BITS;
    if (block >= this.ends.length) return;
    const start = block === 0 ? 0 : this.ends[block - 1]!;
    const end = this.ends[block]!;
    const found = this.lows.subarray(start, end).indexOf(slot & 0xffff);
    if (found === -1) return;
    // The block's last member takes the place of the one that goes; the blocks after move down by one.
    this.lows[start + found] = this.lows[end - 1]!;
    this.lows.copyWithin(end - 1, end, this.count);
    for (let next = block; next < this.ends.length; next++) this.ends[next]!--;
    this.count--;
  }

  /** Writes the slots of members `from` on into `into`, as many as fit; how many. */
  slotsFrom(from: number, into: Int32Array): number {
    const count = Math.min(into.length, this.count - from);
    let block = 0;
    for (let at = 0; at < count; at++) {
      while (this.ends[block]! <= from + at) block++;
      into[at] = (block << BLOCK_BITS) | this.lows[from + at]!;
    }
    return count;
  }

  /** Gives back the room a load's growth left over. */
  trim() {
    this.lows = this.lows.slice(0, this.count);
  }
}

/**
 * The slots of each value of one column (a category's products, a brand's), kept in step as products
 * come, go and move: a move costs a search of its old group, not a rebuild of every group.
 */
class SlotGroups {
  private readonly groups = new Map<number, SlotGroup>();

  /** The group of `value`, if it has any slots. */
  groupOf(value: number): SlotGroup | undefined {
    return this.groups.get(value);
  }

  /** Value 0 (no sub-category, no brand) is never listed by, and not kept. */
  add(value: number, slot: number) {
    if (value === 0) return;
    let group = this.groups.get(value);
    if (!group) {
      group = new SlotGroup();
      this.groups.set(value, group);
    }
    group.add(slot);
  }

  remove(value: number, slot: number) {
    this.groups.get(value)?.remove(slot);
  }

  trim() {
    for (const group of this.groups.values()) group.trim();
  }

  get bytes() {
    let bytes = 0;
    for (const group of this.groups.values()) bytes += group.bytes;
    return bytes;
  }
}

type GroupColumn = 'categoryIds' | 'subCategoryIds' | 'shopIds' | 'brandIds';

/** Where a pass starts: given slots (a search's matches, a flash sale's products), or a place's group and the column it groups. */
type PassStart = { slots: Int32Array; column?: GroupColumn } | { group: SlotGroup; column: GroupColumn };

/** The grouped columns, each with the product's fact it holds. */
const GROUPED: ReadonlyArray<[GroupColumn, 'categoryId' | 'subCategoryId' | 'shopId' | 'brandId']> = [
  ['categoryIds', 'categoryId'],
  ['subCategoryIds', 'subCategoryId'],
  ['shopIds', 'shopId'],
  ['brandIds', 'brandId'],
];

export class ListingIndex {
  private capacity = 1024;
  private count = 0;
  /** Slot + 1 by product id (0: not listed). */
  private slotById = new Int32Array(1024);
  private readonly freeSlots: number[] = [];
  private highestSlot = 0;

  /** LISTED, IN_STOCK and DISCOUNTED bits. */
  private flags = new Uint8Array(this.capacity);
  private ids = new Int32Array(this.capacity);
  // Places' and brands' ids take 16 bits each until one needs more (widened).
  private categoryIds: IdColumn = new Uint16Array(this.capacity);
  private subCategoryIds: IdColumn = new Uint16Array(this.capacity);
  private shopIds: IdColumn = new Uint16Array(this.capacity);
  private brandIds: IdColumn = new Uint16Array(this.capacity);
  private prices = new Int32Array(this.capacity);
  /** What the product sells at outside a flash sale: its discount price if it has one, else its price. */
  private listedPrices = new Int32Array(this.capacity);
  private ratings = new Uint16Array(this.capacity);
  private rankedSold = new Int32Array(this.capacity);
  private popularViews = new Int32Array(this.capacity);
  private createdAt = new Float64Array(this.capacity);
  private readonly options = new OptionLists(this.capacity);

  /** A place's products (category, sub-category, shop) and a brand's: where a listing's pass starts. */
  private readonly groups: Record<GroupColumn, SlotGroups> = {
    categoryIds: new SlotGroups(),
    subCategoryIds: new SlotGroups(),
    shopIds: new SlotGroups(),
    brandIds: new SlotGroups(),
  };

  /** Marks per facet id, stamped with the pass's number: what a pass has seen, without a set per pass. */
  private seenBrands: Int32Array = new Int32Array(256);
  private seenColors: Int32Array = new Int32Array(256);
  private seenSizes: Int32Array = new Int32Array(256);
  private pass = 0;
  /**
   * A batch of a pass's matches: their slots, the prices they sell at and their sort keys. A pass
   * takes its matches a batch at a time: a large scope's slots, prices and keys all at once would
   * take the server's memory in proportion to the scope (decision 071).
   */
  private readonly slots = new Int32Array(KEY_BATCH);
  private readonly paid = new Int32Array(KEY_BATCH);
  private readonly keys = new Float64Array(KEY_BATCH);
  /** Where in its scope the last batch of a pass ended. */
  private batchEnd = 0;
  /** A batch of a place's slots, for a pass that starts from them. */
  private readonly candidates = new Int32Array(KEY_BATCH);
  /** Slots of products in a running sale, a bit each, for the sale prices last listed with (saleSlotBits). */
  private saleSlots: { prices: ReadonlyMap<number, number> | undefined; slotsVersion: number; bits: Int32Array } = {
    prices: undefined,
    slotsVersion: -1,
    bits: new Int32Array(0),
  };
  /** Counts the slots given to products: a sale's bits are made again after one. */
  private slotsVersion = 0;
  private highestBrandId = 0;
  private highestColorId = 0;
  private highestSizeId = 0;

  /** Room for `expected` products from the start: a load grows no column on the way. */
  constructor(expected = 0) {
    if (expected > this.capacity) this.grow(Math.ceil(expected * 1.02));
  }

  get size() {
    return this.count;
  }

  /** What the index holds in memory, about. */
  get bytes() {
    const columns = [this.flags, this.ids, this.categoryIds, this.subCategoryIds, this.shopIds, this.brandIds, this.prices, this.listedPrices];
    const more = [this.ratings, this.rankedSold, this.popularViews, this.createdAt, this.slotById];
    const groups = GROUPED.reduce((sum, [column]) => sum + this.groups[column].bytes, 0);
    return [...columns, ...more].reduce((sum, column) => sum + column.byteLength, 0) + this.options.bytes + groups;
  }

  /** Gives back the room the places' groups grew into while the index was loaded (decision 071). */
  trimGroups() {
    for (const [column] of GROUPED) this.groups[column].trim();
  }

  /** Adds a listed product, or replaces what is held of it. */
  put(product: IndexedProduct) {
    const known = this.slotOf(product.id);
    const slot = known ?? this.freeSlots.pop() ?? this.newSlot();
    if (known === undefined) {
      this.slotsVersion++;
      this.rememberSlot(product.id, slot);
      this.count++;
    }
    for (const [column, fact] of GROUPED) {
      if (known !== undefined && this[column][slot] === product[fact]) continue;
      if (known !== undefined) this.groups[column].remove(this[column][slot]!, slot);
      if (product[fact] > 0xffff) this[column] = widened(this[column]);
      this[column][slot] = product[fact];
      this.groups[column].add(product[fact], slot);
    }
    this.ids[slot] = product.id;
    this.prices[slot] = product.price;
    this.listedPrices[slot] = product.discountPrice > 0 ? product.discountPrice : product.price;
    this.ratings[slot] = product.rating;
    this.rankedSold[slot] = product.rankedSold;
    this.popularViews[slot] = product.popularViews;
    this.createdAt[slot] = product.createdAt;
    this.flags[slot] = LISTED | (product.inStock ? IN_STOCK : 0) | (product.discountPrice > 0 ? DISCOUNTED : 0);
    this.options.set(slot, product.colorIds, product.sizeIds, product.stockedOptions);
    this.highestBrandId = Math.max(this.highestBrandId, product.brandId);
    this.highestColorId = Math.max(this.highestColorId, ...product.colorIds);
    this.highestSizeId = Math.max(this.highestSizeId, ...product.sizeIds);
  }

  /** A listed product's sales as its listings rank them (0 for one not listed: it is left out of them anyway). */
  rankedSoldOf(id: number): number {
    const slot = this.slotOf(id);
    return slot === undefined ? 0 : this.rankedSold[slot]!;
  }

  /** Drops a product that is no longer listed (or never was). */
  remove(id: number) {
    const slot = this.slotOf(id);
    if (slot === undefined) return;
    this.slotById[id] = 0;
    this.flags[slot] = 0;
    for (const [column] of GROUPED) this.groups[column].remove(this[column][slot]!, slot);
    this.options.clear(slot);
    this.freeSlots.push(slot);
    this.count--;
  }

  /** The scope's products that the filters keep: their count, and the page of them in the order. */
  list(query: IndexQuery): IndexPage {
    const { order, offset, limit } = query;
    if (order === 'given') {
      // A pass keeps its scope's order, so the matches of a given order come in it already.
      const pageIds: number[] = [];
      const total = this.matchPass(query, (count, before) => {
        for (let at = Math.max(0, offset - before); at < Math.min(count, offset + limit - before); at++) pageIds.push(this.ids[this.slots[at]!]!);
      });
      return { total, pageIds };
    }
    const page = new TopRows(offset + limit, order !== 'low_to_high');
    const total = this.matchPass(query, (count) => page.offerAll(this.sortKeys(order, count), this.slots, this.ids, count));
    return { total, pageIds: page.sorted().slice(offset) };
  }

  /**
   * The orderings of product-listing.ts as one number for each of the batch's `count` matches (ties
   * go by id, the same way), each worked out in a loop of its own so every loop reads one kind of
   * column.
   */
  private sortKeys(order: IndexOrder, count: number): Float64Array {
    const { keys, slots, paid, rankedSold, popularViews, createdAt, ratings, prices, listedPrices } = this;
    switch (order) {
      case 'top_selling':
        for (let key = 0; key < count; key++) keys[key] = rankedSold[slots[key]!]!;
        break;
      case 'popular_product':
        for (let key = 0; key < count; key++) keys[key] = popularViews[slots[key]!]!;
        break;
      case 'newest':
        for (let key = 0; key < count; key++) keys[key] = createdAt[slots[key]!]!;
        break;
      case 'recommended':
        // The rating, then sales: a rating's hundredths times 2³¹ leave room for any sales count below it.
        for (let key = 0; key < count; key++) keys[key] = ratings[slots[key]!]! * 2 ** 31 + rankedSold[slots[key]!]!;
        break;
      case 'best_deal':
        for (let key = 0; key < count; key++) {
          const slot = slots[key]!;
          keys[key] = (prices[slot]! - listedPrices[slot]!) / prices[slot]!;
        }
        break;
      case 'high_to_low':
      case 'low_to_high':
        for (let key = 0; key < count; key++) keys[key] = paid[key]!;
        break;
    }
    return keys;
  }

  /** The brands, colours and sizes of the scope's products, and their price range. */
  facets(scope: IndexScope): IndexFacets {
    const facets: IndexFacets = { brandIds: [], colorIds: [], sizeIds: [], minPrice: null, maxPrice: null };
    const pass = ++this.pass;
    this.matchPass(scope, (count) => this.facetBatch(count, pass, facets));
    return facets;
  }

  private facetBatch(count: number, pass: number, facets: IndexFacets) {
    const { slots, paid, brandIds: brandColumn, options } = this;
    const seenBrands = this.marks('seenBrands', this.highestBrandId);
    const seenColors = this.marks('seenColors', this.highestColorId);
    const seenSizes = this.marks('seenSizes', this.highestSizeId);
    const { brandIds, colorIds, sizeIds } = facets;
    for (let at = 0; at < count; at++) {
      const slot = slots[at]!;
      const price = paid[at]!;
      if (facets.minPrice === null || price < facets.minPrice) facets.minPrice = price;
      if (facets.maxPrice === null || price > facets.maxPrice) facets.maxPrice = price;
      const brand = brandColumn[slot]!;
      if (brand !== 0 && seenBrands[brand] !== pass) {
        seenBrands[brand] = pass;
        brandIds.push(brand);
      }
      options.collect(slot, pass, seenColors, colorIds, seenSizes, sizeIds);
    }
  }

  /**
   * The scope's products that the filters (if any) keep, a batch at a time in the scope's order: each
   * batch's slots in `slots`, the prices they sell at now in `paid`, given to `take` with how many
   * came before it; how many in all. A listing's pass may start from its brand's products (its filter
   * keeps no others).
   */
  private matchPass(query: IndexScope & Partial<IndexQuery>, take: (count: number, before: number) => void): number {
    const start = this.scopeSlots(query);
    // A column the pass starts from holds the asked value for every slot it visits, and those slots
    // are all listed: testing them again would read a column for nothing.
    const tested = (column: GroupColumn, id: number | undefined) => (id === undefined || start?.column === column ? -1 : id);
    const conditions = {
      listedOnly: start === undefined,
      categoryId: tested('categoryIds', query.categoryId),
      subCategoryId: tested('subCategoryIds', query.subCategoryId),
      shopId: tested('shopIds', query.shopId),
      brandId: tested('brandIds', query.brandId),
      query,
    };
    let total = 0;
    const visit = (candidates: Int32Array | undefined, end: number) => {
      for (let from = 0; from < end; from = this.batchEnd) {
        const count = this.matchLoop(candidates, from, end, conditions);
        if (count > 0) take(count, total);
        total += count;
      }
    };
    if (!start) visit(undefined, this.highestSlot);
    else if ('slots' in start) visit(start.slots, start.slots.length);
    else for (let from = 0; from < start.group.size; from += KEY_BATCH) visit(this.candidates, start.group.slotsFrom(from, this.candidates));
    return total;
  }

  /**
   * The pass itself. Reading a column is most of what it costs over a large category (decision 069),
   * so a column is read only for a condition that asks it. (Each loop is a method of its own,
   * returning a number: V8 compiles a long loop while it runs, and code after it in the same method
   * would be left to the interpreter on every call.)
   */
  private matchLoop(
    candidates: Int32Array | undefined,
    from: number,
    end: number,
    conditions: { listedOnly: boolean; categoryId: number; subCategoryId: number; shopId: number; brandId: number; query: IndexScope & Partial<IndexQuery> },
  ): number {
    const { slots, paid, flags, ids, categoryIds, subCategoryIds, shopIds, listedPrices } = this;
    const { brandIds, ratings, options } = this;
    // Conditions as plain numbers (-1, 0: any), the columns as locals.
    const { listedOnly, categoryId, subCategoryId, shopId, brandId, query } = conditions;
    const wanted = (listedOnly ? LISTED : 0) | (query.inStock === true ? IN_STOCK : 0) | (query.discounted === true ? DISCOUNTED : 0);
    const colorId = query.colorId ?? 0;
    const sizeId = query.sizeId ?? 0;
    const stockedOption = query.inStock === true && (colorId !== 0 || sizeId !== 0);
    const minRating = (query.rating ?? 0) * 100;
    const minPaid = query.minPrice ?? -1;
    const maxPaid = query.maxPrice ?? 2 ** 31 - 1;
    const { salePrices } = query;
    // A bit per slot tells the few products in a sale, which alone look their price up.
    const saleBits = this.saleSlotBits(salePrices);
    let found = 0;
    let at = from;
    for (; at < end && found < KEY_BATCH; at++) {
      const slot = candidates ? candidates[at]! : at;
      if (wanted !== 0 && (flags[slot]! & wanted) !== wanted) continue;
      if (categoryId !== -1 && categoryIds[slot] !== categoryId) continue;
      if (subCategoryId !== -1 && subCategoryIds[slot] !== subCategoryId) continue;
      if (shopId !== -1 && shopIds[slot] !== shopId) continue;
      if (brandId !== -1 && brandIds[slot] !== brandId) continue;
      if (colorId !== 0 && !options.hasColor(slot, colorId)) continue;
      if (sizeId !== 0 && !options.hasSize(slot, sizeId)) continue;
      if (stockedOption && !options.hasPair(slot, colorId, sizeId)) continue;
      if (minRating > 0 && ratings[slot]! < minRating) continue;
      const listed = listedPrices[slot]!;
      const price = (saleBits[slot >> 5]! & (1 << (slot & 31))) === 0 ? listed : (salePrices.get(ids[slot]!) ?? listed);
      if (price < minPaid || price > maxPaid) continue;
      slots[found] = slot;
      paid[found] = price;
      found++;
    }
    this.batchEnd = at;
    return found;
  }

  /** The slots of the products `salePrices` holds, a bit each (made once per reading of the sales and per set of slots). */
  private saleSlotBits(salePrices: ReadonlyMap<number, number>): Int32Array {
    const known = this.saleSlots;
    if (known.prices === salePrices && known.slotsVersion === this.slotsVersion) return known.bits;
    const bits = new Int32Array((this.highestSlot >> 5) + 1);
    for (const id of salePrices.keys()) {
      const slot = this.slotOf(id);
      if (slot !== undefined) bits[slot >> 5]! |= 1 << (slot & 31);
    }
    this.saleSlots = { prices: salePrices, slotsVersion: this.slotsVersion, bits };
    return bits;
  }

  /** The marks of one facet, long enough for its highest id. */
  private marks(name: 'seenBrands' | 'seenColors' | 'seenSizes', highestId: number): Int32Array {
    if (this[name].length <= highestId) this[name] = copied(this[name], new Int32Array(highestId + 1));
    return this[name];
  }

  /**
   * The slots a pass visits, every one listed: a flash sale's products (or a search's matches), else
   * those of the smallest of the places (and the brand, for a listing's page) the query names, with
   * the column they all share the asked value of; undefined for every slot.
   */
  private scopeSlots(query: IndexScope & { brandId?: number }): PassStart | undefined {
    if (!query.only) return this.placeSlots(query);
    const slots = new Int32Array(query.only.length);
    let count = 0;
    for (const id of query.only) {
      const slot = this.slotOf(id);
      if (slot !== undefined) slots[count++] = slot;
    }
    return { slots: slots.subarray(0, count) };
  }

  private placeSlots({ categoryId, subCategoryId, shopId, brandId }: IndexScope & { brandId?: number }): PassStart | undefined {
    const named: Array<[GroupColumn, number | undefined]> = [
      ['subCategoryIds', subCategoryId],
      ['shopIds', shopId],
      ['brandIds', brandId],
      ['categoryIds', categoryId],
    ];
    let smallest: { group: SlotGroup | undefined; column: GroupColumn } | undefined;
    for (const [column, id] of named) {
      if (id === undefined) continue;
      const group = this.groups[column].groupOf(id);
      if (!smallest || (group?.size ?? 0) < (smallest.group?.size ?? 0)) smallest = { group, column };
    }
    if (!smallest?.group) return smallest && { slots: new Int32Array(0), column: smallest.column };
    return { group: smallest.group, column: smallest.column };
  }

  private slotOf(id: number): number | undefined {
    const slot = id < this.slotById.length ? this.slotById[id]! : 0;
    return slot === 0 ? undefined : slot - 1;
  }

  private rememberSlot(id: number, slot: number) {
    if (id >= this.slotById.length) this.slotById = copied(this.slotById, new Int32Array(Math.max(id + 1, Math.ceil(this.slotById.length * GROWTH))));
    this.slotById[id] = slot + 1;
  }

  private newSlot(): number {
    if (this.highestSlot === this.capacity) this.grow(Math.ceil(this.capacity * GROWTH));
    return this.highestSlot++;
  }

  private grow(capacity: number) {
    this.capacity = capacity;
    this.flags = copied(this.flags, new Uint8Array(capacity));
    this.ids = copied(this.ids, new Int32Array(capacity));
    for (const [column] of GROUPED) this[column] = copied(this[column], this[column] instanceof Int32Array ? new Int32Array(capacity) : new Uint16Array(capacity));
    this.prices = copied(this.prices, new Int32Array(capacity));
    this.listedPrices = copied(this.listedPrices, new Int32Array(capacity));
    this.ratings = copied(this.ratings, new Uint16Array(capacity));
    this.rankedSold = copied(this.rankedSold, new Int32Array(capacity));
    this.popularViews = copied(this.popularViews, new Int32Array(capacity));
    this.createdAt = copied(this.createdAt, new Float64Array(capacity));
    this.options.grow(capacity);
  }
}

/**
 * The first `limit` rows of an order, offered one at a time: a heap with the last of the rows kept
 * at its root, so a pass over thousands of matches sorts only a page's worth.
 */
class TopRows {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  private size = 0;

  constructor(
    private readonly limit: number,
    private readonly descending: boolean,
  ) {
    this.keys = new Float64Array(limit);
    this.ids = new Int32Array(limit);
  }

  /** Offers `count` rows: the first `count` of `keys`, each with the id of its slot in `slots`. */
  offerAll(keys: Float64Array, slots: Int32Array, ids: Int32Array, count: number) {
    const { limit } = this;
    let key = 0;
    for (; key < count && this.size < limit; key++) {
      this.keys[this.size] = keys[key]!;
      this.ids[this.size] = ids[slots[key]!]!;
      this.siftUp(this.size++);
    }
    if (key < count) this.replaceLast(keys, slots, ids, key, count);
  }

  /** The rows from key `first` on, once the heap is full: most come after its last row and are passed over on their key alone. */
  private replaceLast(keys: Float64Array, slots: Int32Array, ids: Int32Array, first: number, count: number) {
    const sign = this.descending ? 1 : -1;
    let lastKey = sign * this.keys[0]!;
    let lastId = sign * this.ids[0]!;
    for (let key = first; key < count; key++) {
      const signedKey = sign * keys[key]!;
      if (signedKey < lastKey) continue;
      const id = sign * ids[slots[key]!]!;
      if (signedKey === lastKey && id < lastId) continue;
      this.keys[0] = keys[key]!;
      this.ids[0] = ids[slots[key]!]!;
      this.siftDown(0);
      lastKey = sign * this.keys[0]!;
      lastId = sign * this.ids[0]!;
    }
  }

  /** The rows' ids in the order. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, index) => index);
    order.sort((a, b) => (this.before(a, b) ? -1 : 1));
    return order.map((index) => this.ids[index]!);
  }

  /** Whether the row at `a` comes before the row at `b`: by key, then by id, both the order's way. */
  private before(a: number, b: number): boolean {
    const keyA = this.keys[a]!;
    const keyB = this.keys[b]!;
    if (keyA !== keyB) return this.descending ? keyA > keyB : keyA < keyB;
    return this.descending ? this.ids[a]! > this.ids[b]! : this.ids[a]! < this.ids[b]!;
  }

  // The root holds the row that comes last; each parent comes after its children.
  private siftUp(index: number) {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(parent, index)) return;
      this.swap(index, parent);
      index = parent;
    }
  }

  private siftDown(index: number) {
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let last = index;
      if (left < this.size && this.before(last, left)) last = left;
      if (right < this.size && this.before(last, right)) last = right;
      if (last === index) return;
      this.swap(index, last);
      index = last;
    }
  }

  private swap(a: number, b: number) {
    const key = this.keys[a]!;
    this.keys[a] = this.keys[b]!;
    this.keys[b] = key;
    const id = this.ids[a]!;
    this.ids[a] = this.ids[b]!;
    this.ids[b] = id;
  }
}
