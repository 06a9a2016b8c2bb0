import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PageBootstrap } from '../../../shared/page-bootstrap.ts';
import { matchRoute, notFoundPage, rendersOnServer } from '../../../shared/routes.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { parseInput } from '../../platform/validation.ts';
import { productListQuerySchema, type Category } from '../../../shared/catalog.contract.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import { readHome, readProductDetails } from '../catalog/catalog.service.ts';
import { listCategories } from '../catalog/categories.service.ts';
import { listProducts } from '../catalog/product-listing.ts';
import { loadMessages } from '../i18n/messages.ts';
import { readMaster, readStoreSettings } from '../settings/settings.service.ts';
import { renderHeadTags, resolvePageHead, type PageHead } from './page-heads.ts';
import { escapeHtml } from './html.ts';
import { loadPageRenderer } from './page-renderer.ts';
import { loadPageShell } from './page-shell.ts';
import { pagesSitemap, productsSitemap, sitemapIndex } from './sitemap.ts';

const productSitemapParams = z.object({ file: z.coerce.number().int().min(1).max(10_000) });

/**
 * Serves the built storefront: hashed assets cached for a year, the SPA shell for every page path
 * with its head filled in for crawlers and link previews (404 status for paths that are no page),
 * robots.txt and the sitemaps.
 */
export async function storefrontRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const webRoot = app.config.webRoot;
  const renderShell = webRoot && existsSync(path.join(webRoot, 'index.html')) ? loadPageShell(webRoot) : undefined;
  const renderPage = renderShell ? await loadPageRenderer(app.config.webRenderModule) : undefined;
  // Every page carries the store settings and categories; they may lag an owner's edit by seconds.
  const shellData = new TtlCache<{ master: Master; categories: Category[] }>(5_000, 1);
  const loadShellData = async () => {
    const [master, categories] = await Promise.all([readMaster(db, app.config.appEnv, app.paymentGateways), listCategories(db)]);
    return { master, categories };
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
    const { master, categories } = await shellData.get('shell', loadShellData);
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
    // Home's, a product's and the bare product listing's content come with the page, so the largest
    // picture (banner, product photo, first card) can load at once instead of after the script and
    // an API call.
    const pageName = match?.route.name;
    const home = pageName === 'home' ? await readHome(db) : undefined;
    const product = pageName === 'productDetails' && status === 200 ? await readProductDetails(db, Number(match!.params.id)) : undefined;
    const productList =
      pageName === 'products' && !request.url.includes('?') ? await listProducts(db, productListQuerySchema.parse({})) : undefined;
    const largestImage =
      home?.banners[0]?.image ?? (product && (product.thumbnails[0]?.thumbnail ?? product.thumbnail)) ?? productList?.products[0]?.thumbnail;
    const bootstrap: PageBootstrap = { master, categories, ...(home && { home }), ...(product && { product }), ...(productList && { productList }) };
    // The page paints from the HTML before any script has run; the browser then hydrates it.
    const rendered =
      renderPage && rendersOnServer(match?.route)
        ? await renderPage({ url: request.url, bootstrap, messages: loadMessages(master.app_locale) }).catch((error: unknown) => {
            // The browser can still paint the page on its own.
            request.log.error({ err: error }, 'server render failed');
            return undefined;
          })
        : undefined;
    const html = renderShell({
      head: [
        ...renderHeadTags(head, master, origin),
        ...(largestImage ? [`<link rel="preload" as="image" href="${escapeHtml(largestImage)}" fetchpriority="high">`] : []),
      ],
      bootstrap: { ...bootstrap, ...(rendered && { prerendered: true }) },
      page: match?.route.page ?? notFoundPage,
      rendered,
    });
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
