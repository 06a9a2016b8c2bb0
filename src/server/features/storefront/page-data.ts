import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PREFERENCES_COOKIE } from '../../../shared/constants.ts';
import type { PageBootstrap } from '../../../shared/page-bootstrap.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import type { Home, ProductDetails, ProductList } from '../../../shared/catalog.contract.ts';

/**
 * The API as the shopper who asked for the page: the page's route loader calls the server's own
 * routes in-process, with the shopper's address (rate limits count their page loads as their API
 * calls) and cookies, so the page shows what the API would show them.
 */
export function apiAsThisShopper(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    for (const [name, value] of Object.entries(app.inProcessCallHeaders)) headers.set(name, value);
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: Object.fromEntries(headers),
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' && { payload: init.body }),
    });
    const contentType = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : undefined,
    });
  };
}

/** The page's largest picture (home's first banner, the product's photo, the listing's first card), preloaded at once. */
export function largestImageOf({ queries }: PageBootstrap): string | undefined {
  for (const { queryKey, state } of queries.queries) {
    if (state.data === undefined) continue;
    if (queryKey[0] === 'home') return (state.data as Home).banners[0]?.image;
    if (queryKey[0] === 'product') {
      const product = state.data as ProductDetails;
      return product.thumbnails[0]?.thumbnail ?? product.thumbnail;
    }
    if (queryKey[0] === 'products') return (state.data as ProductList).products[0]?.thumbnail;
  }
  return undefined;
}

/** The language and currency the shopper chose (the storefront's preferences cookie), the store's where they chose none. */
export function shopperPreferences(request: FastifyRequest, master: Master) {
  const [locale, currency] = (request.cookies[PREFERENCES_COOKIE] ?? '').split('|');
  return { locale: locale || master.app_locale, currency: currency || undefined, hasCookies: sendsShopperCookies(request) };
}

/** Whether the request carries a cookie that makes the page someone's own (a session, a guest cart). */
export const sendsShopperCookies = (request: FastifyRequest) => Object.keys(request.cookies).some((name) => name !== PREFERENCES_COOKIE);
