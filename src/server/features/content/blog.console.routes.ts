import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import {
  CATEGORY_NOT_FOUND,
  blogPreviewLink,
  createBlogCategory,
  createBlogPost,
  deleteBlogCategory,
  listBlogCategories,
  listConsoleBlogPosts,
  POST_NOT_FOUND,
  readConsoleBlogPost,
  reorderBlogCategories,
  updateBlogCategory,
  updateBlogPost,
} from './blog-console.service.ts';

const tags = ['Console blog'];
const security = SIGNED_IN;
/** The blog is the store's own voice: its content editors and owners, never a shop's people. */
const config = { permission: 'content.write', storeOnly: true } as const;

/** `/api/console/blog-posts` and `/api/console/blog-categories`: the store's blog (issue 48). A post is never deleted (it goes back to draft); a category is, once no post sits in it. */
export async function blogConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const writes = { db, caches: app.caches, now: () => app.clock.now() };

  app.get(
    '/console/blog-posts',
    { config, schema: { tags, summary: 'Blog posts, drafts and scheduled ones too, newest first, a keyset page at a time', security, ...endpointSchema('GET /console/blog-posts') } },
    async (request) => ({ message: 'Blog posts', data: await listConsoleBlogPosts(db, request.query, app.clock.now()) }),
  );

  app.post(
    '/console/blog-posts',
    { config, schema: { tags, summary: 'Writes a blog post: a draft, scheduled or published', security, ...endpointSchema('POST /console/blog-posts') } },
    async (request, reply) => {
      const post = await createBlogPost(writes, request.body, auditContext(request));
      return reply.code(201).send({ message: 'Blog post created', data: { post } });
    },
  );

  app.get(
    '/console/blog-posts/:id',
    { config, schema: { tags, summary: 'A blog post with its translations', security, ...endpointSchema('GET /console/blog-posts/:id') } },
    async (request) => ({ message: 'Blog post', data: { post: await readConsoleBlogPost(db, recordId(request, POST_NOT_FOUND), app.clock.now()) } }),
  );

  app.patch(
    '/console/blog-posts/:id',
    { config, schema: { tags, summary: 'Edits, publishes, schedules or takes down a blog post', security, ...endpointSchema('PATCH /console/blog-posts/:id') } },
    async (request) => ({ message: 'Blog post updated', data: { post: await updateBlogPost(writes, recordId(request, POST_NOT_FOUND), request.body, auditContext(request)) } }),
  );

  app.post(
    '/console/blog-posts/:id/preview-link',
    { config, schema: { tags, summary: 'A link to the post on the storefront, draft or not, that works for an hour', security, ...endpointSchema('POST /console/blog-posts/:id/preview-link') } },
    async (request) => ({ message: 'Preview link', data: await blogPreviewLink(db, app.linkSigner, recordId(request, POST_NOT_FOUND), app.clock.now()) }),
  );

  app.get(
    '/console/blog-categories',
    { config, schema: { tags, summary: 'Every blog category with its number of posts', security, ...endpointSchema('GET /console/blog-categories') } },
    async () => ({ message: 'Blog categories', data: { categories: await listBlogCategories(db) } }),
  );

  app.post(
    '/console/blog-categories',
    { config, schema: { tags, summary: 'Creates a blog category', security, ...endpointSchema('POST /console/blog-categories') } },
    async (request, reply) => {
      const category = await createBlogCategory(writes, request.body, auditContext(request));
      return reply.code(201).send({ message: 'Blog category created', data: { category } });
    },
  );

  app.patch(
    '/console/blog-categories/:id',
    { config, schema: { tags, summary: 'Renames a blog category', security, ...endpointSchema('PATCH /console/blog-categories/:id') } },
    async (request) => ({
      message: 'Blog category updated',
      data: { category: await updateBlogCategory(writes, recordId(request, CATEGORY_NOT_FOUND), request.body, auditContext(request)) },
    }),
  );

  app.post(
    '/console/blog-categories/reorder',
    { config, schema: { tags, summary: 'Puts the blog categories in the order the storefront lists them', security, ...endpointSchema('POST /console/blog-categories/reorder') } },
    async (request) => ({ message: 'Blog categories reordered', data: { categories: await reorderBlogCategories(writes, request.body.ids, auditContext(request)) } }),
  );

  app.delete(
    '/console/blog-categories/:id',
    { config, schema: { tags, summary: 'Deletes a blog category no post sits in (409 while one does)', security, ...endpointSchema('DELETE /console/blog-categories/:id') } },
    async (request) => {
      await deleteBlogCategory(writes, recordId(request, CATEGORY_NOT_FOUND), auditContext(request));
      return { message: 'Blog category deleted', data: {} };
    },
  );
}
