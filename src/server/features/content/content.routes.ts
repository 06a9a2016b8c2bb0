import type { FastifyInstance } from 'fastify';
import { blogListQuerySchema, contentSlugParamSchema } from '../../../shared/content.contract.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { listBlogs, readBlogDetails } from './blog.service.ts';
import { listFaqs, readContentPage } from './pages.service.ts';

/** The blog, the store's own pages and the FAQ (DESIGN §4 content paths). */
export async function contentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const reads = { db, caches: app.caches };

  app.get('/blogs', async (request) => {
    const query = parseInput(blogListQuerySchema, request.query);
    return { message: 'Blogs', data: await listBlogs(db, query, app.clock.now(), requestLocale(request)) };
  });

  app.get('/blogs/:slug', async (request) => {
    const { slug } = parseInput(contentSlugParamSchema, request.params);
    return { message: 'Blog details', data: await readBlogDetails(reads, slug, app.clock.now(), requestLocale(request)) };
  });

  app.get('/pages/:slug', async (request) => {
    const { slug } = parseInput(contentSlugParamSchema, request.params);
    return { message: 'Page', data: { page: await readContentPage(reads, slug, requestLocale(request)) } };
  });

  app.get('/faqs', async (request) => ({ message: 'FAQs', data: { faqs: await listFaqs(db, requestLocale(request)) } }));
}
