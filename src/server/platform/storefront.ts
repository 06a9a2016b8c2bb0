import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { matchRoute, notFoundPage } from '../../shared/routes.ts';
import { listCategories } from '../features/categories/categories.service.ts';
import { readMaster } from '../features/settings/settings.service.ts';
import { escapeHtml, loadPageShell } from './page-shell.ts';

/**
 * Serves the built storefront: hashed assets cached for a year, the SPA shell for every page path
 * (404 status for paths that are no page, so crawlers do not index them), and robots.txt.
 */
export async function storefrontRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const webRoot = app.config.webRoot;
  const renderShell = webRoot && existsSync(path.join(webRoot, 'index.html')) ? loadPageShell(webRoot) : undefined;

  app.get('/robots.txt', async (request, reply) => {
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nDisallow: /api/\nDisallow: /checkout\nDisallow: /dashboard\n\nSitemap: ${origin}/sitemap.xml\n`;
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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = !pathname.startsWith('/api/') && (request.method === 'GET' || request.method === 'HEAD');
    if (!renderShell || !wantsPage) return reply.code(404).send({ message: 'Not found' });

    const route = matchRoute(pathname);
    const [master, categories] = await Promise.all([readMaster(db, app.config.appEnv), listCategories(db)]);
    const html = renderShell({
      head: [
        `<title>${escapeHtml(master.app_name)}</title>`,
        `<meta name="description" content="${escapeHtml(master.web_footer_description)}">`,
      ],
      bootstrap: { master, categories },
      page: route?.page ?? notFoundPage,
    });
    return reply
      .code(route ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });
}
