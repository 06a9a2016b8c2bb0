import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { EXACT_TOTAL_BELOW, type ConsoleProductPage, type ProductConsoleListQuery } from '../../../shared/catalog-console.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { products, productVariants, shops } from '../../db/schema.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { afterPosition, estimatedCount, isRecordId, isTimeKey, keysetPage, likeEscaped, microsecondKey, readCursor } from '../../platform/keyset-pages.ts';

type Sort = ProductConsoleListQuery['sort'];
const isName = (value: unknown): value is string => typeof value === 'string';

const createdKey = microsecondKey(products.createdAt);

/**
 * How a name search finds its products: `index` collects every match from the trigram index of
 * lower(name), cheap when few products match; `walk` tests names along the list's own order, cheap
 * when many do (it meets a page of them soon): a word in thousands of names is found sooner by
 * walking than by collecting them all from the index.
 */
type NameMatch = 'index' | 'walk';

function filtersOf(identity: ConsoleIdentity, query: ProductConsoleListQuery, nameMatch: NameMatch): SQL[] {
  const namePattern = query.search ? `%${likeEscaped(query.search.toLowerCase())}%` : undefined;
  const ownShop = shopScope(identity);
  const conditions: Array<SQL | undefined> = [
    ownShop === null ? undefined : eq(products.shopId, ownShop),
    query.shop_id === undefined ? undefined : eq(products.shopId, query.shop_id),
    query.status === undefined ? undefined : eq(products.status, query.status),
    query.category_id === undefined ? undefined : eq(products.categoryId, query.category_id),
    // Part of the name: `ilike` on the bare column is one the trigram index of lower(name) cannot serve.
    namePattern === undefined ? undefined : nameMatch === 'index' ? sql`lower(${products.name}) like ${namePattern}` : sql`${products.name} ilike ${namePattern}`,
    // The product's own SKU or a variant's, looked up on their unique indexes first: written as an
    // `or` of the two, the planner would walk the whole list's index, testing every product.
    query.sku
      ? inArray(
          products.id,
          sql`(select ${products.id} from ${products} where ${products.sku} = ${query.sku}
               union select ${productVariants.productId} from ${productVariants} where ${productVariants.sku} = ${query.sku})`,
        )
      : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * `GET /api/console/products`: every status, newest first or by name, one keyset page at a time
 * (`products_created_idx`, `products_name_idx`, the shop and category indexes under the filters). A
 * seller's people see their own shop's products only.
 */
export async function listConsoleProducts(db: Db, identity: ConsoleIdentity, query: ProductConsoleListQuery): Promise<ConsoleProductPage> {
  const indexed = filtersOf(identity, query, 'index');
  const estimatedTotal = await estimatedCount(db, db.select({ one: sql`1` }).from(products).where(and(...indexed)), EXACT_TOTAL_BELOW);
  if (estimatedTotal === 0) return { products: [], next_cursor: null, estimated_total: 0 };
  const filters = query.search && estimatedTotal >= EXACT_TOTAL_BELOW ? filtersOf(identity, query, 'walk') : indexed;
  const byName = query.sort === 'name';
  // Where a page ended: the sort it was in (a cursor of the other sort is refused), its last product's sort key and id.
  const after = readCursor<[Sort, string, number]>(query.cursor, (value): value is Sort => value === query.sort, byName ? isName : isTimeKey, isRecordId);
  const keyset =
    after && (byName ? afterPosition('asc', [products.name, products.id], [after[1], after[2]]) : afterPosition('desc', [products.createdAt, products.id], [sql`${after[1]}::timestamptz`, after[2]]));
  const rows = await db
    .select({ product: products, shopName: shops.name, createdKey })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(...filters, keyset))
    .orderBy(...(byName ? [asc(products.name), asc(products.id)] : [desc(products.createdAt), desc(products.id)]))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [query.sort, byName ? row.product.name : row.createdKey, row.product.id]);
  return {
    products: page.map(({ product, shopName }) => ({
      id: product.id,
      name: product.name,
      thumbnail: product.thumbnail,
      sku: product.sku,
      status: product.status,
      price: toAmount(product.price),
      discount_price: toAmount(product.discountPrice),
      stock: product.stock,
      category_id: product.categoryId,
      shop: { id: product.shopId, name: shopName },
      created_at: product.createdAt.toISOString(),
    })),
    next_cursor,
    estimated_total: estimatedTotal,
  };
}
