import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { queryRowsOfShape } from '../../db/prepared-statements.ts';
import { productListingChanges } from '../../db/schema.ts';
import { ListingIndex, type IndexedProduct } from './listing-index.ts';

/** How many products one statement of a load or a catch-up reads: larger chunks hold the server's memory higher through a large load (decision 069). */
const CHUNK = 2_000;
/** Changes are kept a day (pruneListingChanges); an index that has not caught up for half of that loads the catalogue again instead. */
const CHANGES_KEPT = '1 day';
const CATCH_UP_AT_LEAST_EVERY_MS = 12 * 60 * 60 * 1000;

interface ProductRow {
  id: number;
  listed: boolean;
  category_id: number;
  sub_category_id: number;
  shop_id: number;
  brand_id: number;
  price: number;
  discount_price: number;
  rating: number;
  ranked_sold: number;
  popular_views: number;
  created_at: number;
  in_stock: boolean;
  color_ids: number[];
  size_ids: number[];
  stocked_options: number[][];
}

/** Where the feed tells how loading went (the server's log). */
interface FeedLog {
  info(facts: object, message: string): void;
  warn(facts: object, message: string): void;
}

/** What a listing reads of a product, and whether it is listed at all (only active products are). */
const productRows = (where: ReturnType<typeof sql>) => sql`
  select p.id, p.status = 'active' as listed, p.category_id, coalesce(p.sub_category_id, 0) as sub_category_id, p.shop_id,
    coalesce(p.brand_id, 0) as brand_id, p.price, p.discount_price, (p.rating * 100)::int as rating, p.ranked_sold, p.popular_views,
    (extract(epoch from p.created_at) * 1000000)::float8 as created_at, p.stock > 0 as in_stock, p.color_ids, p.size_ids,
    coalesce((select array_agg(array[coalesce(v.color_id, 0), coalesce(v.size_id, 0)]) from product_variants v
      where v.product_id = p.id and v.is_active and v.stock > 0), '{}') as stocked_options
  from products p where ${where} order by p.id limit ${CHUNK}`;

const indexed = (row: ProductRow): IndexedProduct => ({
  id: row.id,
  categoryId: row.category_id,
  subCategoryId: row.sub_category_id,
  shopId: row.shop_id,
  brandId: row.brand_id,
  price: row.price,
  discountPrice: row.discount_price,
  rating: row.rating,
  rankedSold: row.ranked_sold,
  popularViews: row.popular_views,
  createdAt: row.created_at,
  inStock: row.in_stock,
  colorIds: row.color_ids,
  sizeIds: row.size_ids,
  stockedOptions: row.stocked_options.flat(),
});

/** The oldest transaction still running: every one before it has committed or rolled back, and what it wrote is there to read. */
const runningHorizon = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/**
 * Fills the listing index with the catalogue's listed products and keeps it in step: triggers note
 * every product whose listed facts change, with the writing transaction (migration 0044); a catch-up
 * reads the products noted by every transaction not yet finished at the last catch-up, whoever wrote
 * them (the console, orders, the rankings job, another instance, a database client).
 */
export class ListingIndexFeed {
  private index: ListingIndex | undefined;
  private horizon = '0';
  private caughtUpAt = 0;
  private loading: Promise<void> | undefined;
  private current: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FeedLog,
  ) {}

  /** The index once the catalogue is loaded into it. */
  get loaded(): ListingIndex | undefined {
    return this.index;
  }

  /** Loads the index unless it is loaded or loading; a load that fails is reported, and tried again at the next call. */
  async tryLoad(): Promise<void> {
    if (this.index || this.loading) return;
    try {
      await this.load();
    } catch (error) {
      this.log.warn({ err: error }, 'The listing index could not load; listings read the database until it does.');
    }
  }

  /** Reads every listed product into a new index, which then replaces the old one (if any). */
  load(): Promise<void> {
    this.loading ??= this.loadAll().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /**
   * Takes in every change committed before this call. One catch-up runs at a time; calls made while
   * one runs share the next one, which starts when it ends (the running one may have read too early).
   */
  catchUp(): Promise<void> {
    if (!this.current) return this.startCatchUp();
    this.next ??= this.current.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  private startNext() {
    this.next = undefined;
    return this.startCatchUp();
  }

  private startCatchUp(): Promise<void> {
    this.current = this.readChanges().finally(() => (this.current = undefined));
    return this.current;
  }

  /**
   * A condition, for a statement that runs before the index answers, that holds when changes were
   * noted since the last catch-up (or that was long ago): then catchUp() must run first. A search's
   * statement asks it instead of a catch-up's own round trip, which nearly always finds nothing.
   */
  unreadChanges(): SQL {
    if (this.overdue()) return sql`true`;
    // The newest note off the end of its index, whatever plan a prepared statement keeps (an `exists`
    // planned for any horizon read the whole table when nothing had changed).
    return sql`coalesce((select max(${productListingChanges.transactionId}) from ${productListingChanges}) >= ${this.horizon}::bigint, false)`;
  }

  private overdue() {
    return Date.now() - this.caughtUpAt > CATCH_UP_AT_LEAST_EVERY_MS;
  }

  private async readChanges() {
    const index = this.index;
    if (!index) return;
    if (this.overdue()) return this.load();
    const [row] = await queryRowsOfShape<{ horizon: string; ids: number[] }>(
      this.db,
      sql`select ${runningHorizon} as horizon, coalesce((select array_agg(distinct ${productListingChanges.productId})
        from ${productListingChanges} where ${productListingChanges.transactionId} >= ${this.horizon}::bigint), '{}') as ids`,
    );
    const ids = row!.ids;
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const rows = await queryRows<ProductRow>(this.db, productRows(sql`p.id = any(${sql.param(chunk)}::int[])`));
      const found = new Set<number>();
      for (const product of rows) {
        found.add(product.id);
        if (product.listed) index.put(indexed(product));
        else index.remove(product.id);
      }
      for (const id of chunk) if (!found.has(id)) index.remove(id);
    }
    this.horizon = row!.horizon;
    this.caughtUpAt = Date.now();
  }

  private async loadAll() {
    const startedAt = Date.now();
    const [row] = await queryRows<{ horizon: string; listed: number }>(
      this.db,
      sql`select ${runningHorizon} as horizon, (select count(*)::int from products where status = 'active') as listed`,
    );
    const index = new ListingIndex(row!.listed);
    let after = 0;
    for (;;) {
      const rows = await queryRows<ProductRow>(this.db, productRows(sql`p.id > ${after} and p.status = 'active'`));
      for (const product of rows) index.put(indexed(product));
      if (rows.length < CHUNK) break;
      after = rows.at(-1)!.id;
    }
    index.trimGroups();
    // Whatever changed while the chunks were read was written by a transaction at or past the horizon: the first catch-up reads it.
    this.index = index;
    this.horizon = row!.horizon;
    this.caughtUpAt = startedAt;
    this.log.info({ products: index.size, megabytes: Math.round(index.bytes / 2 ** 20), ms: Date.now() - startedAt }, 'The listing index is loaded.');
  }
}

/** Forgets the changes every index has long read (a day's). */
export async function pruneListingChanges(db: Db) {
  await db.execute(sql`delete from ${productListingChanges} where ${productListingChanges.changedAt} < now() - ${CHANGES_KEPT}::interval`);
}
