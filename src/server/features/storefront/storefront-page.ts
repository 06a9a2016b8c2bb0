import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot as isCrawler } from 'isbot';
import { matchRoute, notFoundPage, rendersOnServer } from '../../../shared/routes.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import type { RenderedPage } from '../../../shared/page-render.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { catalogReads } from '../catalog/catalog-caches.ts';
import { loadMessages } from '../i18n/messages.ts';
import { keptMaster, keptStoreSettings } from '../settings/settings.service.ts';
import { escapeHtml } from './html.ts';
import { apiAsThisShopper, largestImageOf, sendsShopperCookies, sharedAnswers, shopperPreferences } from './page-data.ts';
import { renderHeadTags, resolvePageHead, type PageHead } from './page-heads.ts';
import { renderMemory, type PageRenderer } from './page-renderer.ts';
import type { loadPageShell } from './page-shell.ts';

/** A page without the server's render (none built, or it failed): the browser loads its data and paints it. */
const BROWSER_PAINTS: RenderedPage = { bootstrap: { queries: { queries: [], mutations: [] } } };

type PageShell = ReturnType<typeof loadPageShell>;
type RouteMatch = ReturnType<typeof matchRoute>;

/**
 * The handler of every storefront page: its head (for crawlers and link previews), its data and,
 * but for the shopper's own pages, its HTML, so it paints before any script has run and the
 * browser then hydrates it. Paths that are no page, or whose record is missing, answer 404.
 */
export function storefrontPageHandler(app: FastifyInstance, renderShell: PageShell | undefined, renderPage: PageRenderer | undefined) {
  const { db } = app.database;
  const catalog = catalogReads(db, app.caches);
  // Links name the configured address only: a request's Host header is whatever its sender wrote.
  const origin = app.config.publicUrl;
  const rememberedRenders = renderMemory(app.caches);
  const shared = sharedAnswers(app.caches);
  // Every page's head names the store, in the store's own language.
  const storeMaster = async () => keptMaster(app, (await keptStoreSettings(app.caches, db)).app_locale);

  /** The page's head and status: a page whose record does not exist shows the storefront's own not-found state. */
  async function headOf(match: RouteMatch, url: string, master: Master): Promise<{ status: number; head: PageHead }> {
    const [pathname = '/', query = ''] = url.split('?');
    const context = { db, catalog, content: { db, caches: app.caches }, master, origin, pathname, search: new URLSearchParams(query), linkSigner: app.linkSigner, now: app.clock.now() };
    try {
      return { status: match ? 200 : 404, head: await resolvePageHead(match?.route, { ...context, params: match?.params ?? {} }) };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
      return { status: 404, head: await resolvePageHead(undefined, { ...context, params: {} }) };
    }
  }

  function render(request: FastifyRequest, match: RouteMatch, master: Master): Promise<RenderedPage> {
    if (!renderPage) return Promise.resolve(BROWSER_PAINTS);
    return renderPage({
      url: request.url,
      shopper: shopperPreferences(request, master),
      fetchApi: apiAsThisShopper(app, request, shared),
      messagesOf: loadMessages,
      html: rendersOnServer(match?.route),
      complete: isCrawler(request.headers['user-agent']),
      rememberedRenders: sendsShopperCookies(request) ? undefined : rememberedRenders,
    }).catch((error: unknown): RenderedPage => {
      // The browser can still load the data and paint the page on its own.
      request.log.error({ err: error }, 'server render failed');
      return BROWSER_PAINTS;
    });
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!renderShell || pathname.startsWith('/api/')) throw notFound();

    const match = matchRoute(pathname);
    const master = await storeMaster();
    // At once: a product's head and its page read the same details, which one load then answers.
    const [{ status, head }, rendered] = await Promise.all([headOf(match, request.url, master), render(request, match, master)]);
    const largestImage = largestImageOf(rendered.bootstrap);
    const html = renderShell({
      head: [
        ...renderHeadTags(head, master, origin),
        ...(largestImage ? [`<link rel="preload" as="image" href="${escapeHtml(largestImage)}" fetchpriority="high">`] : []),
      ],
      bootstrap: rendered.bootstrap,
      page: match?.route.page ?? notFoundPage,
      rendered: rendered.html,
    });
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
}
