import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoute, type RouteName } from '../../shared/routes.ts';
import { catalogQueries } from '../features/catalog/catalog-queries.ts';
import { HOME_PREVIEW_PARAM } from '../../shared/constants.ts';
import { readId, readListing, readPage, searchTextOf, type ListingSetup } from '../features/catalog/listing-params.ts';
import { blogListRequest, contentQueries } from '../features/content/content-queries.ts';
import { accountQueries } from '../features/account/account-queries.ts';
import { useAuth } from '../features/session/session-store.ts';
import { orderQueries } from '../features/orders/order-queries.ts';
import { readOrderHistoryParams } from '../features/orders/order-params.ts';
import { sellerQueries } from '../features/seller/seller-queries.ts';
import { settingsQueries } from '../features/settings/settings-queries.ts';
import { supportQueries } from '../features/support/support-queries.ts';

interface LoaderInput {
  params: Record<string, string>;
  search: URLSearchParams;
  queryClient: QueryClient;
}

type RouteLoader = (input: LoaderInput) => Promise<unknown>;

/**
 * Loads what a page's components will ask the query cache for, through the same query options, so
 * they find it there. The server runs a page's loader before it renders the page; the browser runs
 * it when the shopper navigates, alongside the page's code. A failed load is left to the page,
 * which shows its own error or not-found state.
 */
function load<Data, Key extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<Data, Error, Data, Key>): Promise<Data | undefined> {
  return queryClient.fetchQuery(options).catch(() => undefined);
}

const listing =
  (setup: ListingSetup): RouteLoader =>
  ({ search, queryClient }) =>
    load(queryClient, catalogQueries.products(readListing(search, setup).request));

const storePage =
  (slug: string): RouteLoader =>
  ({ queryClient }) =>
    load(queryClient, contentQueries.page(slug));

const shopperId = () => useAuth.getState().user?.id;

/** Account pages load only for a signed-in shopper (a visitor is sent home). */
const forShopper =
  (loader: RouteLoader): RouteLoader =>
  (input) =>
    shopperId() === undefined ? Promise.resolve() : loader(input);

const routeLoaders: Partial<Record<RouteName, RouteLoader>> = {
  home: ({ search, queryClient }) => load(queryClient, catalogQueries.home(search.get(HOME_PREVIEW_PARAM) ?? undefined)),
  shop: ({ queryClient }) => load(queryClient, catalogQueries.shops()),
  products: (input) => listing({ scope: { search: searchTextOf(input.search) || undefined }, categoryFilter: true })(input),
  'most-popular': listing({ defaultSort: 'popular_product' }),
  'best-deal': listing({ scope: { discounted: 'true' } }),
  'flash-sale': ({ params, search, queryClient }) => load(queryClient, catalogQueries.flashSale(params.id!, readPage(search))),
  'shop-detail': async (input) => {
    const shop = await load(input.queryClient, catalogQueries.shop(input.params.id!));
    if (shop) await listing({ scope: { shop_id: shop.id } })(input);
  },
  productDetails: ({ params, queryClient }) => load(queryClient, catalogQueries.product(params.id!)),
  'category-product': async (input) => {
    const category = await load(input.queryClient, catalogQueries.category(input.params.slug!));
    if (!category) return;
    const subCategoryId = readId(input.search.get('subcategory'));
    const subCategory = category.sub_categories.find((sub) => sub.id === subCategoryId);
    await listing({ scope: { category_id: category.id, sub_category_id: subCategory?.id } })(input);
  },
  support: ({ queryClient }) => load(queryClient, contentQueries.faqs()),
  'terms-and-conditions': storePage('terms-and-conditions'),
  'privacy-policy': storePage('privacy-policy'),
  'about-us': storePage('about-us'),
  'policy-page': (input) => storePage(input.params.slug!)(input),
  dashboard: forShopper(({ queryClient }) => load(queryClient, orderQueries.recent())),
  'order-history': forShopper(({ search, queryClient }) => load(queryClient, orderQueries.list(readOrderHistoryParams(search)))),
  'order-details': forShopper(({ params, queryClient }) => load(queryClient, orderQueries.detail(params.id!))),
  wishlist: forShopper(({ search, queryClient }) => load(queryClient, accountQueries.favorites(shopperId(), readPage(search)))),
  profile: forShopper(({ queryClient }) => load(queryClient, accountQueries.profile(shopperId()))),
  'manage-address': forShopper(({ queryClient }) => load(queryClient, accountQueries.addresses(shopperId()))),
  'edit-address': forShopper(({ queryClient }) => load(queryClient, accountQueries.addresses(shopperId()))),
  'shop-panel': forShopper(({ queryClient }) => load(queryClient, sellerQueries.myShop(shopperId()))),
  'support-ticket': forShopper(({ search, queryClient }) => load(queryClient, supportQueries.list({ page: readPage(search) }))),
  'support-ticket-details': forShopper(({ params, queryClient }) => load(queryClient, supportQueries.detail(params.ticketNumber!))),
  blogs: ({ search, queryClient }) => load(queryClient, contentQueries.blogs(blogListRequest(search))),
  'blog-details': ({ params, search, queryClient }) => load(queryClient, contentQueries.blog(params.slug!, search.get('preview') ?? undefined)),
};

/** Every page's data for an address (path and query): the store's settings and categories, and the route's own. */
export async function loadPageData(pathAndQuery: string, queryClient: QueryClient): Promise<void> {
  const url = new URL(pathAndQuery, 'http://page.invalid');
  const match = matchRoute(url.pathname);
  const loader = match && routeLoaders[match.route.name as RouteName];
  await Promise.all([
    load(queryClient, settingsQueries.master()),
    load(queryClient, settingsQueries.categories()),
    match && loader?.({ params: match.params, search: url.searchParams, queryClient }),
  ]);
}
