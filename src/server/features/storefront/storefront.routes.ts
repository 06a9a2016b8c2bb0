import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isbot as isCrawler } from 'isbot';
import { z } from 'zod';
import { matchRoute, notFoundPage, rendersOnServer } from '../../../shared/routes.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { parseInput } from '../../platform/validation.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import { loadMessages } from '../i18n/messages.ts';
import { readMaster, readStoreSettings } from '../settings/settings.service.ts';
import { renderHeadTags, resolvePageHead, type PageHead } from './page-heads.ts';
import { escapeHtml } from './html.ts';
import { apiAsThisShopper, largestImageOf, sendsShopperCookies, shopperPreferences } from './page-data.ts';
import { loadPageRenderer, renderMemory } from './page-renderer.ts';
import type { RenderedPage } from '../../../web/server-render.tsx';
import { loadPageShell } from './page-shell.ts';
import { pagesSitemap, productsSitemap, sitemapIndex } from './sitemap.ts';

/** A page without the server's render (none built, or it failed): the browser loads its data and paints it. */
const BROWSER_PAINTS: RenderedPage = { bootstrap: { queries: { queries: [], mutations: [] } } };

const productSitemapParams = z.object({ file: z.coerce.number().int().min(1).max(10_000) });

/**
 * Serves the built storefront: hashed assets cached for a year, the SPA shell for every page path
 * with its head filled in for crawlers and link previews (404 status for paths that are no page),
 * robots.txt and the sitemaps.
 */
export async function storefrontRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const webRoot = app.config.webRoot;
  const hasBuild = Boolean(webRoot && existsSync(path.join(webRoot, 'index.html')));
  const renderPage = hasBuild ? await loadPageRenderer(app.config.webRenderModule) : undefined;
  const renderShell = webRoot && hasBuild ? loadPageShell(webRoot) : undefined;
  const rememberedRenders = renderMemory();
  // Every page's head names the store; its settings may lag an owner's edit by seconds.
  const storeSettings = new TtlCache<Master>(5_000, 1);
  const loadStoreSettings = async () => {
    // Heads are written in the store's own language.
    const { app_locale: locale } = await readStoreSettings(db);
    return readMaster(db, app.config.appEnv, app.paymentGateways, locale);
  };
  // Links name the configured address only: a request's Host header is whatever its sender wrote.
  const origin = app.config.publicUrl;

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nDisallow: /api/\nDisallow: /checkout\nDisallow: /dashboard\n\nSitemap: ${origin}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return sitemapIndex(db, origin);
  });

  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const { multi_vendor: multiVendor } = await readStoreSettings(db);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return pagesSitemap(db, origin, multiVendor, app.clock.now());
  });

  app.get('/sitemaps/products-:file.xml', async (request, reply) => {
    const { file } = parseInput(productSitemapParams, request.params);
    const xml = await productsSitemap(db, origin, file);
    if (!xml) throw notFound();
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return xml;
  });

  if (webRoot && renderShell) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ message: 'Not found' }));

  // Every other GET is a storefront page (a route, not the not-found handler, so it is compressed).
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!renderShell || pathname.startsWith('/api/')) throw notFound();

    const match = matchRoute(pathname);
    const master = await storeSettings.get('master', loadStoreSettings);
    let status = match ? 200 : 404;
    let head: PageHead;
    try {
      head = await resolvePageHead(match?.route, { db, master, origin, pathname, params: match?.params ?? {}, now: app.clock.now() });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
      // The page exists but its record does not: the storefront shows its own not-found state.
      status = 404;
      head = await resolvePageHead(undefined, { db, master, origin, pathname, params: {}, now: app.clock.now() });
    }
    // The page's data comes with it and, but for the shopper's own pages, its HTML too: it paints
    // before any script has run, and the browser then hydrates it.
    const rendered = renderPage
      ? await renderPage({
          url: request.url,
          shopper: shopperPreferences(request, master),
          fetchApi: apiAsThisShopper(app, request),
          messagesOf: loadMessages,
          html: rendersOnServer(match?.route),
          complete: isCrawler(request.headers['user-agent']),
          rememberedRenders: sendsShopperCookies(request) ? undefined : rememberedRenders,
        }).catch((error: unknown): RenderedPage => {
          // The browser can still load the data and paint the page on its own.
          request.log.error({ err: error }, 'server render failed');
          return BROWSER_PAINTS;
        })
      : BROWSER_PAINTS;
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
  });
}
