import { z } from 'zod';
import { answerOf } from '../../../shared/api-answers.ts';
import { blogDetailsSchema, blogListQuerySchema, blogListSchema, contentPageSchema, contentSlugParamSchema, faqSchema } from '../../../shared/content.contract.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { listBlogs, readBlogDetails } from './blog.service.ts';
import { listFaqs, readContentPage } from './pages.service.ts';

const tags = ['Content'];

/** The blog, the store's own pages and the FAQ (DESIGN §4 content paths). */
export async function contentRoutes(app: ApiInstance) {
  const { db } = app.database;
  const reads = { db, caches: app.caches };

  app.get('/blogs', { schema: { tags, summary: 'Published blog posts, by category or search', querystring: blogListQuerySchema, response: { 200: answerOf(blogListSchema) } } }, async (request) => ({
    message: 'Blogs',
    data: await listBlogs(db, request.query, app.clock.now(), requestLocale(request)),
  }));

  app.get('/blogs/:slug', { schema: { tags, summary: 'A blog post and related posts', params: contentSlugParamSchema, response: { 200: answerOf(blogDetailsSchema) } } }, async (request) => ({
    message: 'Blog details',
    data: await readBlogDetails(reads, request.params.slug, app.clock.now(), requestLocale(request)),
  }));

  app.get('/pages/:slug', { schema: { tags, summary: "One of the store's pages (about, terms…)", params: contentSlugParamSchema, response: { 200: answerOf(z.object({ page: contentPageSchema })) } } }, async (request) => ({
    message: 'Page',
    data: { page: await readContentPage(reads, request.params.slug, requestLocale(request)) },
  }));

  app.get('/faqs', { schema: { tags, summary: 'Frequently asked questions', response: { 200: answerOf(z.object({ faqs: z.array(faqSchema) })) } } }, async (request) => ({
    message: 'FAQs',
    data: { faqs: await listFaqs(db, requestLocale(request)) },
  }));
}
