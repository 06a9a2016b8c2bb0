import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { brands, colors, flashSaleProducts, flashSales, productColors, products, productSizes, productVariants, sizes } from '../../db/schema.ts';
import type { ProductFilters, ProductList, ProductListQuery } from '../../../shared/catalog.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import { localized } from '../../db/translations.ts';
import { listedTags } from '../../platform/cache-tags.ts';
import type { CatalogReads, RunningSales } from './catalog-caches.ts';
import { effectivePrice, productCards, runningSale, withFavorites, type CardOptions } from './product-cards.ts';
import { buildTsQuery } from './search-terms.ts';

function readRunningSales({ db, caches }: CatalogReads): Promise<RunningSales> {
  return caches.runningSales.get('running', async () => {
    const prices = await db
      .select({ productId: flashSaleProducts.productId, price: sql<number>`min(${flashSaleProducts.price})::int` })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .where(runningSale)
      .groupBy(flashSaleProducts.productId)
      .orderBy(flashSaleProducts.productId);
    return { prices, key: createHash('sha256').update(JSON.stringify(prices)).digest('base64url').slice(0, 16) };
  });
}

/**
 * Listing rows priced as the shopper pays (the card's price). Most products sell at their catalogue
 * price, the expression the price indexes hold; the few in a running flash sale at the sale's price.
 * They are read apart, so sorting and filtering by price still walk those indexes.
 */
interface PriceArm {
  from: SQL;
  price: SQL;
  /** The arm's own rows, when there is more than one arm. */
  only?: SQL;
}
type PriceArms = [PriceArm, ...PriceArm[]];

/** Every product at its catalogue price: all there is without a running sale, or where prices do not matter. */
const wholeCatalogue: PriceArms = [{ from: sql`${products}`, price: effectivePrice }];

function priceArms({ prices }: RunningSales): PriceArms {
  if (prices.length === 0) return wholeCatalogue;
  const sale = sql.join(prices.map(({ productId, price }) => sql`(${productId}::int, ${price}::int)`), sql`, `);
  return [
    { ...wholeCatalogue[0], only: notInArray(products.id, prices.map(({ productId }) => productId)) },
    { from: sql`${products} join (values ${sale}) as sale(product_id, price) on sale.product_id = ${products.id}`, price: sql`sale.price` },
  ];
}

/**
 * A listing in `locale` (product, colour and size names); the shopper's hearts are put on afterwards.
 * Totals and facets may lag the catalogue by seconds, and so may a page's stock figures until a
 * product sells out or comes back (decision 022); prices show at once.
 */
export async function listProducts(reads: CatalogReads, query: ProductListQuery, locale: string, options: CardOptions = {}): Promise<ProductList> {
  const list = await reads.caches.listingPages.get(JSON.stringify({ locale, query }), () => computeListing(reads, query, locale), {
    of: (listed) => listedTags(listed.products.map((product) => product.id)),
  });
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

/** Products with an active variant in stock of the chosen colour and size (either may be open). */
function variantInStock(colorId: number | undefined, sizeId: number | undefined): SQL {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}
    and ${productVariants.isActive} and ${productVariants.stock} > 0
    ${colorId ? sql`and ${productVariants.colorId} = ${colorId}` : sql``}
    ${sizeId ? sql`and ${productVariants.sizeId} = ${sizeId}` : sql``})`;
}

/** The shopper's narrowing within the scope. */
function filterConditions(query: ProductListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.brand_id) conditions.push(eq(products.brandId, query.brand_id));
  if (query.in_stock) {
    conditions.push(sql`${products.stock} > 0`);
    if (query.color_id || query.size_id) conditions.push(variantInStock(query.color_id, query.size_id));
  } else {
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
  }
  if (query.rating) conditions.push(gte(products.rating, String(query.rating)));
  return conditions;
}

/** The shopper's price window, on a price arm's price. */
function priceWindow(query: ProductListQuery, price: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (query.min_price !== undefined) conditions.push(gte(price, toMinor(query.min_price)));
  if (query.max_price !== undefined) conditions.push(lte(price, toMinor(query.max_price)));
  return conditions;
}

/**
 * Recommended (the listing's own order, Just For You and the home page's row of it): the best rated
 * first, the best selling first among equally rated. It walks the rating index and sorts only each
 * rating's few products by sales (an incremental sort), so it stays an index walk on a large catalogue.
 */
export const recommendedOrder = [desc(products.rating), desc(products.totalSold), desc(products.id)];

/** `price`: what the price sorts order by, the arm's price (or the listed rows' `paid` column). */
function ordering(query: ProductListQuery, tsQuery: string | null, price: SQL): SQL[] {
  switch (query.sort_type) {
    case 'top_selling':
      return [desc(products.totalSold), desc(products.id)];
    case 'popular_product':
      return [desc(products.viewCount), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'just_for_you':
      return recommendedOrder;
    case 'high_to_low':
      return [desc(price), desc(products.id)];
    case 'low_to_high':
      return [asc(price), asc(products.id)];
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
      return recommendedOrder;
  }
}

async function computeListing(reads: CatalogReads, query: ProductListQuery, locale: string): Promise<ProductList> {
  const { db, caches } = reads;
  const [tsQuery, sales] = await Promise.all([query.search ? buildTsQuery(db, query.search) : null, readRunningSales(reads)]);
  const arms = priceArms(sales);
  const scope = scopeConditions(query, tsQuery);
  const conditions = [...scope, ...filterConditions(query)];
  const matching = (arm: PriceArm) => and(...conditions, arm.only, ...priceWindow(query, arm.price))!;
  // Sale prices matter to which products match with a price window, and to the order of a price sort.
  const priced = query.min_price !== undefined || query.max_price !== undefined;
  const byPrice = query.sort_type === 'high_to_low' || query.sort_type === 'low_to_high';
  const { page, per_page: perPage, sort_type: _sort, search: _search, ...filtersAndScope } = query;
  const { shop_id, category_id, sub_category_id, flash_sale_id, discounted } = query;
  const scopeKey = JSON.stringify({ tsQuery, shop_id, category_id, sub_category_id, flash_sale_id, discounted, sales: sales.key });
  const listingKey = JSON.stringify({ tsQuery, ...filtersAndScope, sales: sales.key });

  const countMatches = async () => {
    const parts = (priced ? arms : wholeCatalogue).map((arm) => sql`(select count(*) from ${arm.from} where ${matching(arm)})`);
    const [row] = await queryRows<{ count: number }>(db, sql`select (${sql.join(parts, sql` + `)})::int as count`);
    return row?.count ?? 0;
  };
  // The count comes first: it tells how the page is best found.
  const totalAndPage = caches.listingTotals.get(listingKey, countMatches).then(async (total) => {
    const few = !tsQuery && total <= FEW_MATCHES;
    const [catalogue, ...sale] = priced || byPrice ? arms : wholeCatalogue;
    const listed = (arm: PriceArm) => ({ arm, where: matching(arm) });
    const order = (price: SQL) => ordering(query, tsQuery, price);
    const options = { few, searching: tsQuery !== null, limit: perPage, offset: (page - 1) * perPage };
    return { total, pageIds: await pageOfIds(db, listed(catalogue), sale.map(listed), order, options) };
  });
  const [{ total, pageIds }, filters] = await Promise.all([
    totalAndPage,
    caches.listingFacets.get(`${locale} ${scopeKey}`, () => scopeFacets(db, and(...scope)!, arms, tsQuery !== null, locale)),
  ]);
  return { total, products: await productCards(db, pageIds, locale), filters };
}

/** Up to this many matches a listing sorts them itself rather than walking a sort index. */
const FEW_MATCHES = 2_000;
/** What the orderings of a listing (not a search) read. */
const sortColumns = sql.join(
  [products.id, products.totalSold, products.viewCount, products.createdAt, products.rating, products.price, products.discountPrice],
  sql`, `,
);
/** What the orderings of a search read besides. */
const searchColumns = sql.join([products.name, products.searchVector], sql`, `);

interface PageOptions {
  few: boolean;
  searching: boolean;
  limit: number;
  offset: number;
}

/** The first rows of one arm in the listing's order: `select` of what the caller needs. */
function firstRows(where: SQL, order: SQL[], select: SQL, page: { few: boolean; limit: number; offset: number }): SQL {
  const orderBy = sql.join(order, sql`, `);
  if (!page.few) return sql`select ${select} from ${products} where ${where} order by ${orderBy} limit ${page.limit} offset ${page.offset}`;
  // Filters that match few products: left to choose, the planner may walk a whole sort index,
  // testing every row against them (120 ms on 100,000 products for none). The matches are taken
  // first and sorted; they keep the table's name, so the orderings read them unchanged.
  return sql`with matched as materialized (select ${sortColumns} from ${products} where ${where})
             select ${select} from matched as products order by ${orderBy} limit ${page.limit} offset ${page.offset}`;
}

interface ListedArm {
  arm: PriceArm;
  where: SQL;
}

async function pageOfIds(db: Db, catalogue: ListedArm, sale: ListedArm[], order: (price: SQL) => SQL[], page: PageOptions): Promise<number[]> {
  if (sale.length === 0) {
    const rows = await queryRows<{ id: number }>(db, firstRows(catalogue.where, order(catalogue.arm.price), sql`${products.id}`, page));
    return rows.map((row) => row.id);
  }
  // Products in a running sale: the page is the first rows of the catalogue's arm (its indexes as
  // ever) and the sale's few, merged by the price they sell at. The merge keeps the table's name.
  const columns = page.searching ? sql`${sortColumns}, ${searchColumns}` : sortColumns;
  const catalogueRows = firstRows(catalogue.where, order(catalogue.arm.price), sql`${columns}, ${catalogue.arm.price} as paid`, {
    few: page.few,
    limit: page.offset + page.limit,
    offset: 0,
  });
  const saleRows = sale.map(({ arm, where }) => sql`(select ${columns}, ${arm.price} as paid from ${arm.from} where ${where})`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ((${catalogueRows}) union all ${sql.join(saleRows, sql` union all `)}) as products
        order by ${sql.join(order(sql`paid`), sql`, `)} limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((row) => row.id);
}

/** The brands, colours, sizes and price range available within a scope, to filter by. */
async function scopeFacets(db: Db, scope: SQL, arms: PriceArm[], searching: boolean, locale: string): Promise<ProductFilters> {
  const [brandRows, colorRows, sizeRows, [range]] = await Promise.all([
    db
      .selectDistinct({ id: brands.id, name: brands.name, sortOrder: brands.sortOrder })
      .from(products)
      .innerJoin(brands, and(eq(brands.id, products.brandId), eq(brands.isActive, true)))
      .where(scope)
      .orderBy(asc(brands.sortOrder), asc(brands.name)),
    db
      .selectDistinct({ id: colors.id, name: localized(colors, 'name', locale), code: colors.code, sortOrder: colors.sortOrder, sortName: colors.name })
      .from(products)
      .innerJoin(productColors, eq(productColors.productId, products.id))
      .innerJoin(colors, and(eq(colors.id, productColors.colorId), eq(colors.isActive, true)))
      .where(scope)
      .orderBy(asc(colors.sortOrder), asc(colors.name)),
    db
      .selectDistinct({ id: sizes.id, name: localized(sizes, 'name', locale), sortOrder: sizes.sortOrder })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .innerJoin(sizes, and(eq(sizes.id, productSizes.sizeId), eq(sizes.isActive, true)))
      .where(scope)
      .orderBy(asc(sizes.sortOrder)),
    // The prices shoppers pay, each arm's range. A search's comes from its own matches (`offset 0`
    // keeps that scan): a bare min()/max() lets the planner walk the price index end to end
    // instead, testing every row against the search, which for one matching little or nothing took
    // 250 ms on 100,000 products. A place in the catalogue reads its range straight off that index.
    queryRows<{ min: number | null; max: number | null }>(db, priceRange(scope, arms, searching)),
  ]);
  return {
    brands: brandRows.map(({ id, name }) => ({ id, name })),
    colors: colorRows.map(({ id, name, code }) => ({ id, name, code })),
    sizes: sizeRows.map(({ id, name }) => ({ id, name })),
    min_price: toAmount(range?.min ?? 0),
    max_price: toAmount(range?.max ?? 0),
  };
}

function priceRange(scope: SQL, arms: PriceArm[], searching: boolean): SQL {
  const ranges = arms.map(({ from, price, only }, index) => {
    const where = and(scope, only);
    const range = searching
      ? sql`select min(price) as min, max(price) as max from (select ${price} as price from ${from} where ${where} offset 0) as matched`
      : sql`select min(${price}) as min, max(${price}) as max from ${from} where ${where}`;
    return { alias: sql.identifier(`arm${index}`), range };
  });
  const column = (name: 'min' | 'max') => sql.join(ranges.map(({ alias }) => sql`${alias}.${sql.identifier(name)}`), sql`, `);
  return sql`select least(${column('min')})::int as min, greatest(${column('max')})::int as max
             from ${sql.join(ranges.map(({ alias, range }) => sql`(${range}) as ${alias}`), sql`, `)}`;
}
