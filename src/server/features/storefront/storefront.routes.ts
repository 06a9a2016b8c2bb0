import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { loadPageRenderer } from './page-renderer.ts';
import { loadPageShell } from './page-shell.ts';
import { pagesSitemap, productsSitemap, sitemapIndex } from './sitemap.ts';
import { storefrontPageHandler } from './storefront-page.ts';

const productSitemapParams = z.object({ file: z.coerce.number().int().min(1).max(10_000) });

const tags = ['Storefront'];
/** A text answer (the page may come as a stream). */
const textContent = (type: string) => ({ [type]: { schema: z.unknown().meta({ type: 'string' }) } });
const text = (type: string, description: string) => ({ 200: { description, content: textContent(type) } });
const xml = (summary: string) => ({ tags, summary, response: text('application/xml', 'A sitemap (sitemaps.org)') });

/**
 * Serves the built storefront: hashed assets cached for a year, the SPA shell for every page path
 * with its head filled in for crawlers and link previews (404 status for paths that are no page),
 * robots.txt and the sitemaps.
 */
export async function storefrontRoutes(app: ApiInstance) {
  const { db } = app.database;
  const webRoot = app.config.webRoot;
  const hasBuild = Boolean(webRoot && existsSync(path.join(webRoot, 'index.html')));
  const renderPage = hasBuild ? await loadPageRenderer(app.config.webRenderModule) : undefined;
  const renderShell = webRoot && hasBuild ? loadPageShell(webRoot) : undefined;
  // Links name the configured address only: a request's Host header is whatever its sender wrote.
  const origin = app.config.publicUrl;

  app.get('/robots.txt', { schema: { tags, summary: "Crawlers' rules", response: text('text/plain', 'robots.txt') } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nDisallow: /api/\nDisallow: /checkout\nDisallow: /dashboard\nDisallow: /console\n\nSitemap: ${origin}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', { schema: xml('The sitemap index') }, async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return sitemapIndex(db, origin);
  });

  app.get('/sitemaps/pages.xml', { schema: xml("The store's pages") }, async (_request, reply) => {
    const { multi_vendor: multiVendor } = await readStoreSettings(db);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return pagesSitemap(db, origin, multiVendor, app.clock.now());
  });

  app.get('/sitemaps/products-:file.xml', { schema: { ...xml('One file of product pages'), params: productSitemapParams } }, async (request, reply) => {
    const { file } = request.params;
    const xml = await productsSitemap(db, origin, file);
    if (!xml) throw notFound();
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return xml;
  });

  if (webRoot && renderShell) {
    await app.register(async (files) => {
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, servedUnderPressure: true };
      });
      await files.register(fastifyStatic, {
        root: webRoot,
        index: false,
        wildcard: false,
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    });
  }

  // The console (src/console) paints in the browser: one page for every path under /console, never indexed.
  const consolePage = webRoot && existsSync(path.join(webRoot, 'console.html')) ? readFileSync(path.join(webRoot, 'console.html'), 'utf8') : undefined;
  if (consolePage) {
    const schema = { tags, summary: "The console's page (client-rendered, the same for every path under /console)", response: text('text/html', "The console's page") };
    const sendConsole = async (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-robots-tag', 'noindex, nofollow').send(consolePage);
    app.get('/console', { schema }, sendConsole);
    app.get('/console/*', { schema }, sendConsole);
  }

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ message: 'Not found' }));

  // Every other GET is a storefront page (a route, not the not-found handler, so it is compressed).
  const pageSchema = {
    tags,
    summary: 'A storefront page, rendered on the server with its data (404 for a path that is no page)',
    response: { 200: { description: 'The page', content: textContent('text/html') }, 404: { description: 'No such page: the storefront\'s not-found page', content: textContent('text/html') } },
  };
  app.get('/*', { schema: pageSchema }, storefrontPageHandler(app, renderShell, renderPage));
}
