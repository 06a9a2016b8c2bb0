import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { listBlogs, previewAllowed, readBlogDetails } from './blog.service.ts';
import { listFaqs, readContentPage } from './pages.service.ts';

const tags = ['Content'];

/** The blog, the store's own pages and the FAQ (docs/design.md §4 content paths). */
export async function contentRoutes(app: ApiInstance) {
  const { db } = app.database;
  const reads = { db, caches: app.caches };

  app.get('/blogs', { schema: { tags, summary: 'Published blog posts, by category or search', ...endpointSchema('GET /blogs') } }, async (request) => ({
    message: 'Blogs',
    data: await listBlogs(db, request.query, app.clock.now(), requestLocale(request)),
  }));

  app.get('/blogs/:slug', { schema: { tags, summary: 'A blog post and related posts; a preview link’s token shows an unpublished one', ...endpointSchema('GET /blogs/:slug') } }, async (request) => {
    const now = app.clock.now();
    const mayPreview = previewAllowed(app.linkSigner, request.query.preview, now);
    return { message: 'Blog details', data: await readBlogDetails(reads, request.params.slug, now, requestLocale(request), mayPreview) };
  });

  app.get('/pages/:slug', { schema: { tags, summary: "One of the store's pages (about, terms…)", ...endpointSchema('GET /pages/:slug') } }, async (request) => ({
    message: 'Page',
    data: { page: await readContentPage(reads, request.params.slug, requestLocale(request)) },
  }));

  app.get('/faqs', { schema: { tags, summary: 'Frequently asked questions', ...endpointSchema('GET /faqs') } }, async (request) => ({
    message: 'FAQs',
    data: { faqs: await listFaqs(db, requestLocale(request)) },
  }));
}
