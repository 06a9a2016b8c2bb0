import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners, flashSales, products, reviews, shops } from '../../db/schema.ts';
import type { Banner, FlashSale, Home, ShopSummary } from '../../../shared/catalog.contract.ts';
import type { HomeLayout } from '../../../shared/home-content.contract.ts';
import { homeSections, readHomeLayout } from '../content/home-content.service.ts';
import { localized } from '../../db/translations.ts';
import { notFound } from '../../platform/errors.ts';
import { listedTags } from '../../platform/cache-tags.ts';
import type { CatalogReads } from './catalog-caches.ts';
import { listCategories } from './categories.service.ts';
import { productCards, runningSale } from './product-cards.ts';
import { listProducts, recommendedOrder } from './product-listing.ts';

const HOME_ROW_SIZE = 10;

// Written out with an alias: in a one-table select Drizzle leaves column names unqualified, which
// would make the subquery compare products with themselves.
const productCount = sql<number>`(select count(*)::int from ${products} as shop_products where shop_products.shop_id = "shops"."id" and shop_products.status = 'active')`;

const shopSummaryColumns = {
  id: shops.id,
  name: shops.name,
  slug: shops.slug,
  logo: shops.logo,
  banner: shops.banner,
  rating: shops.rating,
  total_reviews: shops.reviewCount,
  total_products: productCount,
  description: shops.description,
  address: shops.address,
};

const toShopSummary = (row: { rating: string } & Omit<ShopSummary, 'rating'>): ShopSummary => ({ ...row, rating: Number(row.rating) });

export function listShops({ db, caches }: CatalogReads): Promise<ShopSummary[]> {
  return caches.shops.get('all', async () => {
    const rows = await db.select(shopSummaryColumns).from(shops).where(and(eq(shops.isActive, true), eq(shops.status, 'approved'))).orderBy(asc(shops.id));
    return rows.map(toShopSummary);
  });
}

/** A shop from the cached list: its product count would otherwise cost a count per product page. */
export async function findShop(reads: CatalogReads, id: number): Promise<ShopSummary> {
  const shop = (await listShops(reads)).find((entry) => entry.id === id);
  if (!shop) throw notFound('Shop not found');
  return shop;
}

const saleStatus = (sale: { startsAt: Date; endsAt: Date }, now = new Date()): FlashSale['status'] =>
  sale.startsAt > now ? 'upcoming' : sale.endsAt > now ? 'running' : 'ended';

const flashSaleColumns = (locale: string) => ({
  id: flashSales.id,
  name: localized(flashSales, 'name', locale),
  thumbnail: localized(flashSales, 'thumbnail', locale),
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
});

const toFlashSale = (row: { id: number; name: string; thumbnail: string; startsAt: Date; endsAt: Date }): FlashSale => ({
  id: row.id,
  name: row.name,
  thumbnail: row.thumbnail,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  status: saleStatus(row),
});

export async function findFlashSale(db: Db, id: number, locale: string): Promise<FlashSale> {
  const [row] = await db.select(flashSaleColumns(locale)).from(flashSales).where(and(eq(flashSales.id, id), eq(flashSales.isActive, true)));
  if (!row) throw notFound('Flash sale not found');
  return toFlashSale(row);
}

async function rowIds(query: Promise<{ id: number }[]>) {
  return (await query).map((row) => row.id);
}

/** The cards a home page shows. */
const homeCards = (home: Home) => [...(home.running_flash_sale?.products ?? []), ...home.popular_products, ...home.best_deal_products, ...home.just_for_you];

const inWindow = (now: Date) => (banner: Banner) => (banner.starts_at === null || Date.parse(banner.starts_at) <= now.getTime()) && (banner.ends_at === null || Date.parse(banner.ends_at) > now.getTime());

/**
 * The home page in `locale` at `now`: the cached answer holds every active banner with its window,
 * so one that starts or ends shows or goes at its moment. `preview`, a preview link's draft layout,
 * names the sections instead of the live one. A single-vendor store's home has no shops: an empty
 * row and no shops section (decision 056), read per answer so that the mode's switch shows at once.
 */
export async function readHome(reads: CatalogReads, locale: string, now: Date, { preview = null, multiVendor }: { preview?: HomeLayout | null; multiVendor: boolean }): Promise<Home> {
  const home = await cachedHome(reads, locale);
  const sections = preview ? homeSections(preview, home.categories.map((category) => category.id)) : home.sections;
  return {
    ...home,
    banners: home.banners.filter(inWindow(now)),
    shops: multiVendor ? home.shops : [],
    sections: multiVendor ? sections : sections.filter((section) => section.kind !== 'shops'),
  };
}

function cachedHome(reads: CatalogReads, locale: string): Promise<Home> {
  const { db } = reads;
  return reads.caches.home.get(locale, async () => {
    const active = eq(products.status, 'active');
    const [bannerRows, categoryList, shopList, [running], [incoming], popularIds, justForYouIds, bestDeals, layout] = await Promise.all([
      db.select({
        id: banners.id,
        title: localized(banners, 'title', locale),
        subtitle: localized(banners, 'subtitle', locale),
        image: localized(banners, 'image', locale),
        image_alt: localized(banners, 'imageAlt', locale),
        link: banners.link,
        startsAt: banners.startsAt,
        endsAt: banners.endsAt,
      })
        .from(banners)
        .where(eq(banners.isActive, true))
        .orderBy(asc(banners.sortOrder), asc(banners.id)),
      listCategories(db, locale),
      listShops(reads),
      db.select(flashSaleColumns(locale)).from(flashSales).where(runningSale).orderBy(asc(flashSales.endsAt)).limit(1),
      db.select(flashSaleColumns(locale)).from(flashSales)
        .where(and(eq(flashSales.isActive, true), gt(flashSales.startsAt, sql`now()`)))
        .orderBy(asc(flashSales.startsAt))
        .limit(1),
      rowIds(db.select({ id: products.id }).from(products).where(active).orderBy(desc(products.popularViews), desc(products.id)).limit(HOME_ROW_SIZE)),
      rowIds(db.select({ id: products.id }).from(products).where(active).orderBy(...recommendedOrder).limit(HOME_ROW_SIZE)),
      listProducts(reads, { page: 1, per_page: HOME_ROW_SIZE, discounted: true }, locale),
      readHomeLayout(db, 'live'),
    ]);
    const [popular, justForYou, saleProducts] = await Promise.all([
      productCards(db, popularIds, locale),
      productCards(db, justForYouIds, locale),
      running ? listProducts(reads, { page: 1, per_page: HOME_ROW_SIZE, flash_sale_id: running.id }, locale) : null,
    ]);
    return {
      banners: bannerRows.map(({ startsAt, endsAt, ...banner }) => ({ ...banner, starts_at: startsAt?.toISOString() ?? null, ends_at: endsAt?.toISOString() ?? null })),
      categories: categoryList,
      shops: shopList.slice(0, HOME_ROW_SIZE),
      running_flash_sale: running && saleProducts ? { ...toFlashSale(running), products: saleProducts.products } : null,
      incoming_flash_sale: incoming ? toFlashSale(incoming) : null,
      popular_products: popular,
      best_deal_products: bestDeals.products,
      just_for_you: justForYou,
      sections: homeSections(layout, categoryList.map((category) => category.id)),
    };
  }, { of: (home) => listedTags(homeCards(home).map((card) => card.id)) });
}

/** Recomputes a product's rating and review count from its visible reviews (a hidden one counts for nothing). */
export async function refreshProductRating(tx: Db, productId: number) {
  await tx.execute(sql`update ${products} set
      rating = coalesce(r.rating, 0), review_count = r.review_count
    from (select round(avg(rating), 2) as rating, count(*)::int as review_count from ${reviews} where product_id = ${productId} and hidden_at is null) r
    where ${products.id} = ${productId}`);
}

/** Recomputes each shop's rating from its reviewed products (after reviews change in bulk). */
export async function refreshShopRatings(db: Db) {
  await db.execute(sql`
    update ${shops} s set
      rating = coalesce(r.rating, 0),
      review_count = coalesce(r.review_count, 0)
    from (
      select s2.id,
             round(sum(p.rating * p.review_count) / nullif(sum(p.review_count), 0), 2) as rating,
             sum(p.review_count)::int as review_count
      from ${shops} s2
      left join ${products} p on p.shop_id = s2.id and p.status = 'active'
      group by s2.id
    ) r
    where r.id = s.id`);
}
