import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { StockList, StockListQuery, StockMovementPage, StockMovementReason } from '../../../shared/catalog-console.contract.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { colors, products, productVariants, shops, sizes, stockMovements, users } from '../../db/schema.ts';
import { localized } from '../../db/translations.ts';
import type { Caches } from '../../platform/caches.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { notFound } from '../../platform/errors.ts';
import { afterPosition, isCount, isRecordId, isTimeKey, keysetPage, likeEscaped, readCursor } from '../../platform/keyset-pages.ts';
import { PRODUCT_NOT_FOUND_MESSAGE, VARIANT_NOT_FOUND_MESSAGE } from '../catalog/product-editing.service.ts';
import { keptStoreSettings } from '../settings/settings.service.ts';


/**
 * `GET /api/console/stock`: the active variants of products not archived, lowest stock first, a
 * keyset page at a time on `product_variants_stock_idx` (stock, id); the low-stock filter is a range
 * of the same index. A seller's people see their own shop's only. Colours and sizes are named in `locale`, the reader's.
 */
export async function listStock(db: Db, caches: Caches, identity: ConsoleIdentity, query: StockListQuery, locale: string): Promise<StockList> {
  const { low_stock_threshold: threshold } = await keptStoreSettings(caches, db);
  const ownShop = shopScope(identity);
  const after = readCursor<[stock: number, id: number]>(query.cursor, isCount, isRecordId);
  const rows = await db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      stock: productVariants.stock,
      productId: products.id,
      productName: products.name,
      productStatus: products.status,
      shopId: products.shopId,
      shopName: shops.name,
      color: localized(colors, 'name', locale),
      size: localized(sizes, 'name', locale),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(colors, eq(colors.id, productVariants.colorId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .where(
      and(
        eq(productVariants.isActive, true),
        ne(products.status, 'archived'),
        ownShop === null ? undefined : eq(products.shopId, ownShop),
        query.low_stock ? lte(productVariants.stock, threshold) : undefined,
        query.search
          ? or(sql`lower(${products.name}) like ${`%${likeEscaped(query.search.toLowerCase())}%`}`, sql`${productVariants.sku} like ${`${likeEscaped(query.search)}%`}`)
          : undefined,
        after && afterPosition('asc', [productVariants.stock, productVariants.id], after),
      ),
    )
    .orderBy(asc(productVariants.stock), asc(productVariants.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.stock, row.id]);
  return {
    variants: page.map((row) => ({
      id: row.id,
      product: { id: row.productId, name: row.productName, status: row.productStatus },
      shop: { id: row.shopId, name: row.shopName },
      sku: row.sku,
      color: row.color,
      size: row.size,
      stock: row.stock,
      low_stock: row.stock <= threshold,
    })),
    low_stock_threshold: threshold,
    next_cursor,
  };
}

/** The variant of the product, in the identity's scope: another shop's product is not found, as is a variant of another product. */
async function variantInScope(db: Db, identity: ConsoleIdentity, productId: number, variantId: number) {
  const ownShop = shopScope(identity);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), ownShop === null ? undefined : eq(products.shopId, ownShop)));
  if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (!variant) throw notFound(VARIANT_NOT_FOUND_MESSAGE);
}

interface MovementRow {
  id: number;
  change: number;
  reason: StockMovementReason;
  reference: string | null;
  note: string | null;
  actor_id: number | null;
  actor_name: string | null;
  created_at: Date | string;
  created_key: string;
  stock_after: number;
}

/**
 * `GET /api/console/products/{id}/variants/{variantId}/movements`: the variant's stock ledger, newest
 * first, each entry with the stock it left. That is the stock now less every later movement: the ones
 * on pages before this one are summed once, the ones above a row on this page by a window, all in one
 * statement so a movement written meanwhile cannot make the figures disagree.
 */
export async function listStockMovements(db: Db, identity: ConsoleIdentity, productId: number, variantId: number, query: { cursor?: string; limit: number }): Promise<StockMovementPage> {
  await variantInScope(db, identity, productId, variantId);
  const after = readCursor<[createdAt: string, id: number]>(query.cursor, isTimeKey, isRecordId);
  const position = after && sql`(${after[0]}::timestamptz, ${after[1]}::int)`;
  const rows = await queryRows<MovementRow>(
    db,
    sql`with page as (
          select ${stockMovements.id} as id, ${stockMovements.change} as change, ${stockMovements.reason} as reason,
                 ${stockMovements.reference} as reference, ${stockMovements.note} as note, ${stockMovements.actorId} as actor_id, ${stockMovements.createdAt} as created_at,
                 to_char(${stockMovements.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
          from ${stockMovements}
          where ${stockMovements.variantId} = ${variantId} ${position ? sql`and (${stockMovements.createdAt}, ${stockMovements.id}) < ${position}` : sql``}
          order by ${stockMovements.createdAt} desc, ${stockMovements.id} desc
          limit ${query.limit + 1}
        ),
        earlier_pages as (
          select coalesce(sum(${stockMovements.change}), 0)::int as total from ${stockMovements}
          where ${stockMovements.variantId} = ${variantId} and ${position ? sql`(${stockMovements.createdAt}, ${stockMovements.id}) >= ${position}` : sql`false`}
        )
        select page.id, page.change, page.reason, page.reference, page.note, page.actor_id, ${users.name} as actor_name, page.created_at, page.created_key,
               (${productVariants.stock} - earlier_pages.total
                 - coalesce(sum(page.change) over (order by page.created_at desc, page.id desc rows between unbounded preceding and 1 preceding), 0))::int as stock_after
        from page
        cross join earlier_pages
        join ${productVariants} on ${productVariants.id} = ${variantId}
        left join ${users} on ${users.id} = page.actor_id
        order by page.created_at desc, page.id desc`,
  );
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.created_key, row.id]);
  return {
    movements: page.map((row) => ({
      id: row.id,
      change: row.change,
      stock_after: row.stock_after,
      reason: row.reason,
      reference: row.reference,
      note: row.note,
      actor: row.actor_id === null || row.actor_name === null ? null : { id: row.actor_id, name: row.actor_name },
      created_at: new Date(row.created_at).toISOString(),
    })),
    next_cursor,
  };
}
