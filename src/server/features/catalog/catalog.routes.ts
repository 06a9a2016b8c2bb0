import type { FastifyRequest } from 'fastify';
import type { Home, ProductListQuery } from '../../../shared/catalog.contract.ts';
import { SIGNED_IN_OR_NOT } from '../../platform/api-documentation.ts';
import { sharedData } from '../../platform/answer-serializer.ts';
import { identifyUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { notFound } from '../../platform/errors.ts';
import { enforceIpRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { keptStoreSettings } from '../settings/settings.service.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { catalogReads } from './catalog-caches.ts';
import { findFlashSale, findShop, listShops, readHome } from './catalog.service.ts';
import { previewedHomeLayout } from '../content/home-content.service.ts';
import { refreshRankings } from './rankings.ts';
import { ListingIndexFeed, pruneListingChanges } from './listing-index-feed.ts';
import { ViewCounter } from './view-counter.ts';
import { readProductDetails } from './product-details.ts';
import { findCategory, listCategories } from './categories.service.ts';
import { refreshSearchPostings } from './search-terms.ts';
import { favoriteIdsOf } from './favorite-marks.ts';
import { withFavorites } from './product-cards.ts';
import { listProducts } from './product-listing.ts';

/** The shared (cached) home answer with this shopper's hearts on its cards. */
function homeWithFavorites(home: Home, favoriteIds: ReadonlySet<number> | undefined): Home {
  if (!favoriteIds) return home;
  return {
    ...home,
    running_flash_sale: home.running_flash_sale && { ...home.running_flash_sale, products: withFavorites(home.running_flash_sale.products, favoriteIds) },
    popular_products: withFavorites(home.popular_products, favoriteIds),
    best_deal_products: withFavorites(home.best_deal_products, favoriteIds),
    just_for_you: withFavorites(home.just_for_you, favoriteIds),
  };
}

/**
 * Searches and filtered listings are the reads that cost real queries (plain pages mostly come from
 * the answer cache). A shopper never gets near this per address; a scraper or a flood does.
 */
const ANONYMOUS_NARROWED_LISTINGS_PER_IP: RateRule = { limit: 120, windowSeconds: 60 };
const isNarrowed = (query: ProductListQuery) =>
  Boolean(query.search) || [query.brand_id, query.color_id, query.size_id, query.in_stock, query.rating, query.min_price, query.max_price].some((value) => value !== undefined);

const tags = ['Catalog'];

// Answers around one cached value: the same `data` for as long as the value is kept.
const categoriesData = sharedData('categories');
const productData = sharedData('product');
const shopsData = sharedData('shops');
const shopData = sharedData('shop');

const RANKINGS_JOB = 'rankings';
const LISTING_CHANGES_JOB = 'listing-changes';
const LISTING_CHANGES_PRUNED_EVERY_SECONDS = 60 * 60;
const SEARCH_POSTINGS_JOB = 'search-postings';

export async function catalogRoutes(app: ApiInstance) {
  const { db } = app.database;
  const listingIndex = app.config.listingIndex ? new ListingIndexFeed(db, app.log) : undefined;
  const reads = catalogReads(db, app.caches, listingIndex);
  const views = new ViewCounter(db);
  app.addHook('onClose', () => views.close());
  // The server answers once its listing index is loaded (a large catalogue takes a while to load);
  // if the database is away, it answers anyway, listings read the database, and the index loads at a
  // later listing.
  if (listingIndex) app.addHook('onReady', () => listingIndex.tryLoad());
  await app.jobs.repeat(RANKINGS_JOB, app.config.jobs.rankingsSeconds, () => refreshRankings(db));
  await app.jobs.repeat(LISTING_CHANGES_JOB, LISTING_CHANGES_PRUNED_EVERY_SECONDS, () => pruneListingChanges(db));
  await app.jobs.repeat(SEARCH_POSTINGS_JOB, app.config.jobs.searchPostingsSeconds, async () => {
    const added = await refreshSearchPostings(db);
    if (added > 0) app.log.info({ job: SEARCH_POSTINGS_JOB, added }, 'new search posting words posted');
  });
  // Cards say is_favorite for a signed-in shopper (`identifyUser` never refuses a visitor).
  const favoriteIds = (request: FastifyRequest) => favoriteIdsOf(db, request.user?.id);

  app.get(
    '/home',
    { preValidation: identifyUser, schema: { tags, summary: 'The home page: banners, categories, shops, flash sales and product rows, and the sections shown in order; a preview link’s token shows the draft sections', security: SIGNED_IN_OR_NOT, ...endpointSchema('GET /home') } },
    async (request) => {
      const now = app.clock.now();
      const preview = await previewedHomeLayout(db, app.linkSigner, request.query.home_preview, now);
      const { multi_vendor: multiVendor } = await keptStoreSettings(app.caches, db);
      const [home, favorites] = await Promise.all([readHome(reads, requestLocale(request), now, { preview, multiVendor }), favoriteIds(request)]);
      return { message: 'Home', data: homeWithFavorites(home, favorites) };
    },
  );

  app.get('/categories', { schema: { tags, summary: 'Categories with their sub-categories', ...endpointSchema('GET /categories') } }, async (request) => {
    const locale = requestLocale(request);
    return { message: 'Categories', data: categoriesData(await reads.caches.categories.get(locale, () => listCategories(db, locale))) };
  });

  app.get(
    '/categories/:slug',
    { schema: { tags, summary: 'One category, by slug or id', ...endpointSchema('GET /categories/:slug') } },
    async (request) => ({ message: 'Category', data: { category: await findCategory(db, request.params.slug, requestLocale(request)) } }),
  );

  app.get(
    '/products',
    {
      preValidation: identifyUser,
      schema: { tags, summary: 'Products: search, filters, sorting and paging', security: SIGNED_IN_OR_NOT, ...endpointSchema('GET /products') },
    },
    async (request) => {
      const query = request.query;
      if (!request.user && isNarrowed(query)) await enforceIpRateLimit(app, 'narrowed-listing', request.ip, ANONYMOUS_NARROWED_LISTINGS_PER_IP);
      return { message: 'Products', data: await listProducts(reads, query, requestLocale(request), { favoriteIds: await favoriteIds(request) }) };
    },
  );

  app.get(
    '/products/:id',
    {
      preValidation: identifyUser,
      schema: { tags, summary: 'A product page: details, reviews and related products', security: SIGNED_IN_OR_NOT, ...endpointSchema('GET /products/:id') },
    },
    async (request) => {
      const { id } = request.params;
      const product = await readProductDetails(reads, id, requestLocale(request), { favoriteIds: await favoriteIds(request) });
      views.record(id);
      return { message: 'Product details', data: productData(product) };
    },
  );

  /** A single-vendor store runs as one shop: it has no shops' pages to show (spec: /shops only in multi-vendor mode). */
  const refuseSingleVendor = async (message: string) => {
    if (!(await keptStoreSettings(app.caches, db)).multi_vendor) throw notFound(message);
  };

  app.get('/shops', { schema: { tags, summary: 'Shops; not found in a single-vendor store', ...endpointSchema('GET /shops') } }, async () => {
    await refuseSingleVendor('No shops found');
    return { message: 'Shops', data: shopsData(await listShops(reads)) };
  });

  app.get('/shops/:id', { schema: { tags, summary: 'One shop; not found in a single-vendor store', ...endpointSchema('GET /shops/:id') } }, async (request) => {
    await refuseSingleVendor('Shop not found');
    return { message: 'Shop details', data: shopData(await findShop(reads, request.params.id)) };
  });

  app.get(
    '/flash-sales/:id',
    {
      preValidation: identifyUser,
      schema: { tags, summary: 'A flash sale and its products', security: SIGNED_IN_OR_NOT, ...endpointSchema('GET /flash-sales/:id') },
    },
    async (request) => {
      const { id } = request.params;
      const flashSale = await findFlashSale(db, id, requestLocale(request));
      const list = await listProducts(reads, { ...request.query, flash_sale_id: id }, requestLocale(request), { favoriteIds: await favoriteIds(request) });
      return { message: 'Flash sale', data: { flash_sale: flashSale, total: list.total, products: list.products } };
    },
  );
}
