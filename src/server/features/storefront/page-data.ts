import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PREFERENCES_COOKIE } from '../../../shared/constants.ts';
import type { PageBootstrap } from '../../../shared/page-bootstrap.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import type { Home, ProductDetails, ProductList } from '../../../shared/catalog.contract.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { CacheRegion, Caches } from '../../platform/caches.ts';

/**
 * Answers every page asks for and that are the same for every signed-out shopper in a language,
 * with what they show (the cache tags their own cached answers carry).
 */
const SHARED_ANSWERS: Record<string, readonly string[]> = {
  '/api/master': [cacheTags.settings],
  '/api/categories': [cacheTags.categories],
};

interface SharedAnswer {
  contentType: string;
  text: string;
}

/** A page's shared answers, kept for signed-out shoppers' pages: each page otherwise asks the server's routes for them again. */
export type SharedAnswers = CacheRegion<SharedAnswer>;

export const sharedAnswers = (caches: Caches): SharedAnswers =>
  caches.region<SharedAnswer>('page-shared-answers', { freshMs: 5_000, maxBytes: 256 * 1024, sizeOf: (answer) => 2 * answer.text.length });

/**
 * The API as the shopper who asked for the page: the page's route loader calls the server's own
 * routes in-process, with the shopper's address (rate limits count their page loads as their API
 * calls) and cookies, so the page shows what the API would show them. A signed-out shopper's
 * store settings and categories come from `shared` while what they show is unchanged.
 */
export function apiAsThisShopper(app: FastifyInstance, request: FastifyRequest, shared: SharedAnswers): typeof fetch {
  const call = async (input: string, init: RequestInit | undefined): Promise<{ status: number; contentType?: string; body: Uint8Array<ArrayBuffer> | null }> => {
    const headers = new Headers(init?.headers);
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    for (const [name, value] of Object.entries(app.inProcessCallHeaders)) headers.set(name, value);
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: input,
      headers: Object.fromEntries(headers),
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' && { payload: init.body }),
    });
    const contentType = answer.headers['content-type'];
    return {
      status: answer.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload),
    };
  };
  const respond = ({ status, contentType, body }: { status: number; contentType?: string; body: Uint8Array<ArrayBuffer> | string | null }) =>
    new Response(body, { status, headers: contentType ? { 'content-type': contentType } : undefined });

  return async (input, init) => {
    const url = String(input);
    const tags = SHARED_ANSWERS[url];
    if (!tags || (init?.method ?? 'GET') !== 'GET' || sendsShopperCookies(request)) return respond(await call(url, init));
    const key = `${url}\n${new Headers(init?.headers).get('accept-language') ?? ''}`;
    let unshared: Awaited<ReturnType<typeof call>> | undefined;
    const kept = await shared
      .get(
        key,
        async () => {
          const answer = await call(url, init);
          if (answer.status !== 200 || !answer.body || !answer.contentType) {
            unshared = answer;
            throw new Error(`not shared: ${answer.status}`);
          }
          return { contentType: answer.contentType, text: Buffer.from(answer.body).toString('utf8') };
        },
        { known: tags },
      )
      // A refusal or failure is nobody else's answer: a caller that waited on another's call asks for itself.
      .catch(() => undefined);
    if (kept) return respond({ status: 200, contentType: kept.contentType, body: kept.text });
    return respond(unshared ?? (await call(url, init)));
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

/**
 * The language and currency the shopper chose (the storefront's preferences cookie), the store's where they chose
 * none; a language the store has since disabled gives way to its default, as the storefront's own menu does.
 */
export function shopperPreferences(request: FastifyRequest, master: Master) {
  const [locale, currency] = (request.cookies[PREFERENCES_COOKIE] ?? '').split('|');
  const enabled = master.languages.some((language) => language.name === locale);
  return { locale: enabled ? locale! : master.app_locale, currency: currency || undefined, hasCookies: sendsShopperCookies(request) };
}

/** Whether the request carries a cookie that makes the page someone's own (a session, a guest cart). */
export const sendsShopperCookies = (request: FastifyRequest) => Object.keys(request.cookies).some((name) => name !== PREFERENCES_COOKIE);
