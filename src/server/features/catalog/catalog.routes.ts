import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema, productListQuerySchema, slugOrIdParamSchema, type Home, type ProductListQuery } from '../../../shared/catalog.contract.ts';
import { identifyUser } from '../../platform/auth.ts';
import { enforceIpRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { catalogReads } from './catalog-caches.ts';
import { findFlashSale, findShop, listShops, readHome, readProductDetails, ViewCounter } from './catalog.service.ts';
import { findCategory, listCategories } from './categories.service.ts';
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
  Boolean(query.search) || [query.brand_id, query.color_id, query.size_id, query.rating, query.min_price, query.max_price].some((value) => value !== undefined);

export async function catalogRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const reads = catalogReads(db, app.caches);
  const views = new ViewCounter(db);
  app.addHook('onClose', () => views.close());
  // Cards say is_favorite for a signed-in shopper (`identifyUser` never refuses a visitor).
  const favoriteIds = (request: FastifyRequest) => favoriteIdsOf(db, request.user?.id);

  app.get('/home', { preHandler: identifyUser }, async (request) => {
    const [home, favorites] = await Promise.all([readHome(reads, requestLocale(request)), favoriteIds(request)]);
    return { message: 'Home', data: homeWithFavorites(home, favorites) };
  });

  app.get('/categories', async (request) => {
    const locale = requestLocale(request);
    return { message: 'Categories', data: { categories: await reads.caches.categories.get(locale, () => listCategories(db, locale)) } };
  });

  app.get('/categories/:slug', async (request) => {
    const { slug } = parseInput(slugOrIdParamSchema, request.params);
    return { message: 'Category', data: { category: await findCategory(db, slug, requestLocale(request)) } };
  });

  app.get('/products', { preHandler: identifyUser }, async (request) => {
    const query = parseInput(productListQuerySchema, request.query);
    if (!request.user && isNarrowed(query)) await enforceIpRateLimit(app, 'narrowed-listing', request.ip, ANONYMOUS_NARROWED_LISTINGS_PER_IP);
    return { message: 'Products', data: await listProducts(reads, query, requestLocale(request), { favoriteIds: await favoriteIds(request) }) };
  });

  app.get('/products/:id', { preHandler: identifyUser }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const product = await readProductDetails(reads, id, requestLocale(request), { favoriteIds: await favoriteIds(request) });
    views.record(id);
    return { message: 'Product details', data: { product } };
  });

  app.get('/shops', async () => ({ message: 'Shops', data: { shops: await listShops(reads) } }));

  app.get('/shops/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    return { message: 'Shop details', data: { shop: await findShop(reads, id) } };
  });

  app.get('/flash-sales/:id', { preHandler: identifyUser }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const query = parseInput(productListQuerySchema, request.query);
    const flashSale = await findFlashSale(db, id, requestLocale(request));
    const list = await listProducts(reads, { ...query, flash_sale_id: id }, requestLocale(request), { favoriteIds: await favoriteIds(request) });
    return { message: 'Flash sale', data: { flash_sale: flashSale, total: list.total, products: list.products } };
  });
}
