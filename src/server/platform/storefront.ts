import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isKnownPage } from '../../shared/routes.ts';
import { readStoreSettings } from '../features/settings/settings.service.ts';

const HEAD_PLACEHOLDER = '<!--app-head-->';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Serves the built storefront: hashed assets cached for a year, the SPA shell for every page path
 * (404 status for paths that are no page, so crawlers do not index them), and robots.txt.
 */
export async function storefrontRoutes(app: FastifyInstance) {
  const webRoot = app.config.webRoot;
  const indexFile = webRoot && path.join(webRoot, 'index.html');
  const shell = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

  app.get('/robots.txt', async (request, reply) => {
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nDisallow: /api/\nDisallow: /checkout\nDisallow: /dashboard\n\nSitemap: ${origin}/sitemap.xml\n`;
  });

  if (shell && webRoot) {
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

  async function sendShell(shell: string, reply: FastifyReply, pathname: string) {
    const store = await readStoreSettings(app.database.db);
    const head = [
      `<title>${escapeHtml(store.app_name)}</title>`,
      `<meta name="description" content="${escapeHtml(store.web_footer_description)}">`,
    ].join('\n    ');
    return reply
      .code(isKnownPage(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(shell.replace(HEAD_PLACEHOLDER, head));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = !pathname.startsWith('/api/') && (request.method === 'GET' || request.method === 'HEAD');
    if (!shell || !wantsPage) return reply.code(404).send({ message: 'Not found' });
    return sendShell(shell, reply, pathname);
  });
}
