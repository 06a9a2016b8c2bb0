import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import {
  createConsolePage,
  createFaq,
  FAQ_NOT_FOUND,
  listConsoleFaqs,
  listConsolePages,
  PAGE_NOT_FOUND,
  readConsolePage,
  reorderFaqs,
  updateConsolePage,
  updateFaq,
} from './content-console.service.ts';

const tags = ['Console content'];
const security = SIGNED_IN;
/** The store's own pages and questions: its content editors and owner, never a shop's people. */
const config = { permission: 'content.write', storeOnly: true } as const;

/**
 * `/api/console/content-pages` and `/api/console/faqs`: the store's pages (terms, privacy, about and
 * its own) and FAQ. Nothing is deleted: a page is unpublished, a question hidden. Every write shows
 * on the storefront at the next request.
 */
export async function contentConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const writes = { db, caches: app.caches };

  app.get(
    '/console/content-pages',
    { config, schema: { tags, summary: 'The store’s pages, newest first, a keyset page at a time', security, ...endpointSchema('GET /console/content-pages') } },
    async (request) => ({ message: 'Pages', data: await listConsolePages(db, request.query) }),
  );

  app.post(
    '/console/content-pages',
    { config, schema: { tags, summary: 'Creates a page (`/page/{slug}`)', security, ...endpointSchema('POST /console/content-pages') } },
    async (request, reply) => reply.code(201).send({ message: 'Page created', data: { page: await createConsolePage(writes, request.body, auditContext(request)) } }),
  );

  app.get(
    '/console/content-pages/:id',
    { config, schema: { tags, summary: 'A page with its translations', security, ...endpointSchema('GET /console/content-pages/:id') } },
    async (request) => ({ message: 'Page', data: { page: await readConsolePage(db, recordId(request, PAGE_NOT_FOUND)) } }),
  );

  app.patch(
    '/console/content-pages/:id',
    { config, schema: { tags, summary: 'Edits, publishes or unpublishes a page', security, ...endpointSchema('PATCH /console/content-pages/:id') } },
    async (request) => ({ message: 'Page updated', data: { page: await updateConsolePage(writes, recordId(request, PAGE_NOT_FOUND), request.body, auditContext(request)) } }),
  );

  app.get(
    '/console/faqs',
    { config, schema: { tags, summary: 'The FAQ questions, hidden ones too, in the FAQ page’s order, by status and words in any language', security, ...endpointSchema('GET /console/faqs') } },
    async (request) => ({ message: 'FAQs', data: { faqs: await listConsoleFaqs(db, request.query) } }),
  );

  app.post(
    '/console/faqs',
    { config, schema: { tags, summary: 'Adds a question after the last one', security, ...endpointSchema('POST /console/faqs') } },
    async (request, reply) => reply.code(201).send({ message: 'Question created', data: { faq: await createFaq(writes, request.body, auditContext(request)) } }),
  );

  app.patch(
    '/console/faqs/:id',
    { config, schema: { tags, summary: 'Edits, hides or shows a question', security, ...endpointSchema('PATCH /console/faqs/:id') } },
    async (request) => ({ message: 'Question updated', data: { faq: await updateFaq(writes, recordId(request, FAQ_NOT_FOUND), request.body, auditContext(request)) } }),
  );

  app.post(
    '/console/faqs/reorder',
    { config, schema: { tags, summary: 'Puts the questions in a new order', security, ...endpointSchema('POST /console/faqs/reorder') } },
    async (request) => ({ message: 'FAQs reordered', data: { faqs: await reorderFaqs(writes, request.body.ids, auditContext(request)) } }),
  );
}
