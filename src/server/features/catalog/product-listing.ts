import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { brands, colors, flashSaleProducts, productColors, products, productSizes, sizes } from '../../db/schema.ts';
import type { ProductFilters, ProductList, ProductListQuery } from '../../../shared/catalog.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { effectivePrice, productCards, withFavorites, type CardOptions } from './product-cards.ts';
import { buildTsQuery } from './search-terms.ts';

/** Totals and facets may lag the catalogue by seconds; the page of products itself is always fresh. */
const totals = new TtlCache<number>(10_000);
const facets = new TtlCache<ProductFilters>(60_000);
/**
 * Whole answers for a few seconds: the same first pages are asked for again and again, and a
 * listing's stock figures may lag by seconds (the cart checks stock for real).
 */
const pages = new TtlCache<ProductList>(5_000, 1_000);

export function clearListingCaches() {
  totals.clear();
  facets.clear();
  pages.clear();
}

export async function listProducts(db: Db, query: ProductListQuery, options: CardOptions = {}): Promise<ProductList> {
  const list = await pages.get(JSON.stringify(query), () => computeListing(db, query));
  return { ...list, products: withFavorites(list.products, options.favoriteIds) };
}

/** What a listing is about (search, place in the catalogue); facets describe this scope. */
function scopeConditions(query: ProductListQuery, tsQuery: string | null): SQL[] {
  const conditions: SQL[] = [eq(products.status, 'active')];
  if (tsQuery) conditions.push(sql`${products.searchVector} @@ to_tsquery('simple', ${tsQuery})`);
  if (query.shop_id) conditions.push(eq(products.shopId, query.shop_id));
  if (query.category_id) conditions.push(eq(products.categoryId, query.category_id));
  if (query.sub_category_id) conditions.push(eq(products.subCategoryId, query.sub_category_id));
  if (query.flash_sale_id) {
    conditions.push(
      sql`exists (select 1 from ${flashSaleProducts} where ${flashSaleProducts.productId} = ${products.id} and ${flashSaleProducts.flashSaleId} = ${query.flash_sale_id})`,
    );
  }
  if (query.discounted) conditions.push(sql`${products.discountPrice} > 0`);
  return conditions;
}

/** The shopper's narrowing within the scope. */
function filterConditions(query: ProductListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.brand_id) conditions.push(eq(products.brandId, query.brand_id));
  if (query.color_id) {
    conditions.push(
      sql`exists (select 1 from ${productColors} where ${productColors.productId} = ${products.id} and ${productColors.colorId} = ${query.color_id})`,
    );
  }
  if (query.size_id) {
    conditions.push(
      sql`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${productSizes.sizeId} = ${query.size_id})`,
    );
  }
  if (query.rating) conditions.push(gte(products.rating, String(query.rating)));
  if (query.min_price !== undefined) conditions.push(gte(effectivePrice, toMinor(query.min_price)));
  if (query.max_price !== undefined) conditions.push(lte(effectivePrice, toMinor(query.max_price)));
  return conditions;
}

function ordering(query: ProductListQuery, tsQuery: string | null): SQL[] {
  switch (query.sort_type) {
    case 'top_selling':
      return [desc(products.totalSold), desc(products.id)];
    case 'popular_product':
      return [desc(products.viewCount), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'just_for_you':
      return [desc(products.rating), desc(products.id)];
    case 'high_to_low':
      return [desc(effectivePrice), desc(products.id)];
    case 'low_to_high':
      return [asc(effectivePrice), asc(products.id)];
    case undefined:
      if (tsQuery) {
        // An exact name match first, then full-text relevance (name > brand/category > description).
        return [
          desc(sql`lower(${products.name}) = lower(${query.search ?? ''})`),
          desc(sql`ts_rank(${products.searchVector}, to_tsquery('simple', ${tsQuery}))`),
          desc(products.totalSold),
          desc(products.id),
        ];
      }
      if (query.discounted) return [desc(sql`(${products.price} - ${products.discountPrice})::float8 / ${products.price}`), desc(products.id)];
      return [desc(products.createdAt), desc(products.id)];
  }
}

async function computeListing(db: Db, query: ProductListQuery): Promise<ProductList> {
  const tsQuery = query.search ? await buildTsQuery(db, query.search) : null;
  const scope = scopeConditions(query, tsQuery);
  const where = and(...scope, ...filterConditions(query))!;
  const { page, per_page: perPage, sort_type: _sort, search: _search, ...filtersAndScope } = query;
  const { shop_id, category_id, sub_category_id, flash_sale_id, discounted } = query;
  const scopeKey = JSON.stringify({ tsQuery, shop_id, category_id, sub_category_id, flash_sale_id, discounted });
  const listingKey = JSON.stringify({ tsQuery, ...filtersAndScope });

  const countMatches = async () => {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
    return row?.count ?? 0;
  };
  // The count comes first: it tells how the page is best found.
  const totalAndPage = totals.get(listingKey, countMatches).then(async (total) => {
    const few = !tsQuery && total <= FEW_MATCHES;
    return { total, pageIds: await pageOfIds(db, where, ordering(query, tsQuery), { few, limit: perPage, offset: (page - 1) * perPage }) };
  });
  const [{ total, pageIds }, filters] = await Promise.all([totalAndPage, facets.get(scopeKey, () => scopeFacets(db, and(...scope)!, tsQuery !== null))]);
  return { total, products: await productCards(db, pageIds), filters };
}

/** Up to this many matches a listing sorts them itself rather than walking a sort index. */
const FEW_MATCHES = 2_000;
/** What the orderings of a listing (not a search) read. */
const sortColumns = sql.join(
  [products.id, products.totalSold, products.viewCount, products.createdAt, products.rating, products.price, products.discountPrice],
  sql`, `,
);

async function pageOfIds(db: Db, where: SQL, order: SQL[], page: { few: boolean; limit: number; offset: number }): Promise<number[]> {
  if (!page.few) {
    const rows = await db.select({ id: products.id }).from(products).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
    return rows.map((row) => row.id);
  }
  // Filters that match few products: left to choose, the planner may walk a whole sort index,
  // testing every row against them (120 ms on 100,000 products for none). The matches are taken
  // first and sorted; they keep the table's name, so the orderings read them unchanged.
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with matched as materialized (select ${sortColumns} from ${products} where ${where})
        select id from matched as products order by ${sql.join(order, sql`, `)} limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((row) => row.id);
}

/** The brands, colours, sizes and price range available within a scope, to filter by. */
async function scopeFacets(db: Db, scope: SQL, searching: boolean): Promise<ProductFilters> {
  const [brandRows, colorRows, sizeRows, [range]] = await Promise.all([
    db
      .selectDistinct({ id: brands.id, name: brands.name })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(scope)
      .orderBy(asc(brands.name)),
    db
      .selectDistinct({ id: colors.id, name: colors.name, code: colors.code })
      .from(products)
      .innerJoin(productColors, eq(productColors.productId, products.id))
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(scope)
      .orderBy(asc(colors.name)),
    db
      .selectDistinct({ id: sizes.id, name: sizes.name, sortOrder: sizes.sortOrder })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
      .where(scope)
      .orderBy(asc(sizes.sortOrder)),
    // A search's price range comes from its own matches (`offset 0` keeps that scan): a bare
    // min()/max() lets the planner walk the price index end to end instead, testing every row
    // against the search, which for one matching little or nothing took 250 ms on 100,000
    // products. A place in the catalogue reads its range straight off that index.
    queryRows<{ min: number | null; max: number | null }>(
      db,
      searching
        ? sql`select min(price)::int as min, max(price)::int as max
              from (select ${effectivePrice} as price from ${products} where ${scope} offset 0) as matched`
        : sql`select min(${effectivePrice})::int as min, max(${effectivePrice})::int as max from ${products} where ${scope}`,
    ),
  ]);
  return {
    brands: brandRows,
    colors: colorRows,
    sizes: sizeRows.map(({ id, name }) => ({ id, name })),
    min_price: toAmount(range?.min ?? 0),
    max_price: toAmount(range?.max ?? 0),
  };
}
