import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blogPreviewLinkAnswerSchema, consoleBlogCategoryAnswerSchema, consoleBlogCategoryListSchema, consoleBlogPostAnswerSchema, consoleBlogPostPageSchema, type ConsoleBlogPost } from '../../../shared/blog-console.contract.ts';
import { blogListSchema } from '../../../shared/content.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { firstBlogCategory } from '../../test/content-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let editor: string;
let categoryId: number;

const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization }, payload });
const postOf = (response: { json: () => unknown }) => consoleBlogPostAnswerSchema.parse((response.json() as { data: unknown }).data).post;
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const auditActions = async (entityType: string, entityId: number) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId)))).orderBy(asc(auditLog.id))).map(
    (row) => row.action,
  );
const categoriesInConsole = async () => consoleBlogCategoryListSchema.parse((await call(editor, 'GET', '/api/console/blog-categories')).json<{ data: unknown }>().data).categories;
const createCategory = async (name: string) => {
  const response = await call(editor, 'POST', '/api/console/blog-categories', { name });
  expect(response.statusCode, response.body).toBe(201);
  return consoleBlogCategoryAnswerSchema.parse(response.json<{ data: unknown }>().data).category;
};
const storefrontTitles = async (locale = 'en') => {
  const response = await ctx.app.inject({ url: '/api/blogs?per_page=50', headers: { 'accept-language': locale } });
  return blogListSchema.parse(response.json<{ data: unknown }>().data).blogs.map((blog) => blog.title);
};
const writePost = async (payload: Record<string, unknown>): Promise<ConsoleBlogPost> => {
  const response = await call(editor, 'POST', '/api/console/blog-posts', { category_id: categoryId, ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return postOf(response);
};

beforeAll(async () => {
  ctx = await createTestApp();
  editor = (await signInConsoleMember(ctx.app, 'content_editor')).authorization;
  categoryId = await firstBlogCategory(ctx.database.db);
});
afterAll(() => ctx.close());

describe('blog posts', () => {
  it('are written as drafts with a slug from the title and a sanitised body, translated, audited, and kept off the storefront', async () => {
    const title = unique('Winter Coats Guide');
    const post = await writePost({ title, meta_description: 'How to choose a coat.', body: '<p onclick="steal()">Warm <script>alert(1)</script><strong>layers</strong></p>' });
    expect(post).toMatchObject({
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      status: 'draft',
      published_at: null,
      body: '<p>Warm <strong>layers</strong></p>',
      cover: expect.stringMatching(/^\/media\/placeholder\/blog\//),
      missing_translations: ['ar', 'ir'],
    });
    expect(await storefrontTitles()).not.toContain(title);

    const translated = await call(editor, 'PATCH', `/api/console/blog-posts/${post.id}`, {
      translations: { ar: { title: 'دليل المعاطف', body: '<p>طبقات <img src="javascript:x"></p>' } },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    expect(postOf(translated)).toMatchObject({ translations: { ar: { title: 'دليل المعاطف', body: '<p>طبقات <img /></p>' }, ir: {} }, missing_translations: ['ir'] });

    const published = await call(editor, 'PATCH', `/api/console/blog-posts/${post.id}`, { status: 'published' });
    expect(postOf(published).status).toBe('published');
    expect(await storefrontTitles()).toContain(title);
    expect(await storefrontTitles('ar')).toContain('دليل المعاطف');

    const down = await call(editor, 'PATCH', `/api/console/blog-posts/${post.id}`, { status: 'draft' });
    expect(postOf(down).status).toBe('draft');
    expect(await storefrontTitles()).not.toContain(title);
    expect(await auditActions('blog_post', post.id)).toEqual(['blog_post.create', 'blog_post.update', 'blog_post.publish', 'blog_post.unpublish']);
  });

  it('scheduled, appear on the storefront once their time has come, with no job to run', async () => {
    const title = unique('Spring Sale Announcement');
    const at = new Date(Date.now() + 2000).toISOString();
    const post = await writePost({ title, status: 'scheduled', published_at: at });
    expect(post).toMatchObject({ status: 'scheduled', published_at: at });
    expect(await storefrontTitles()).not.toContain(title);
    await vi.waitFor(async () => expect(await storefrontTitles()).toContain(title), { timeout: 10_000, interval: 200 });
    expect(await auditActions('blog_post', post.id)).toEqual(['blog_post.create']);
  });

  it('are listed newest first by status and title words, a page at a time', async () => {
    const word = randomUUID().slice(0, 8);
    const draft = await writePost({ title: `Draft ${word}` });
    const live = await writePost({ title: `Live ${word}`, status: 'published' });
    const list = async (query: string) => consoleBlogPostPageSchema.parse((await call(editor, 'GET', `/api/console/blog-posts?${query}`)).json<{ data: unknown }>().data);

    expect((await list(`search=${word}`)).posts.map((post) => post.id)).toEqual([live.id, draft.id]);
    expect((await list(`search=${word}&status=draft`)).posts.map((post) => post.id)).toEqual([draft.id]);
    expect((await list(`search=live+${word}&status=published`)).posts.map((post) => post.id)).toEqual([live.id]);
    const first = await list(`search=${word}&limit=1`);
    expect(first.posts.map((post) => post.id)).toEqual([live.id]);
    const second = await list(`search=${word}&limit=1&cursor=${first.next_cursor}`);
    expect(second).toEqual({ posts: [expect.objectContaining({ id: draft.id })], next_cursor: null });

    const refused = await call(editor, 'GET', '/api/console/blog-posts?status=hidden');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ status: ['The selected status is invalid.'] });
  });

  it('refuse bad input with field errors', async () => {
    const taken = await writePost({ title: unique('Taken') });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ title: '  ', category_id: categoryId }, { title: ['The title field is required.'] }],
      [{ title: 'Fine', category_id: categoryId, meta_description: 'x'.repeat(161) }, { meta_description: ['The meta description must not be greater than 160 characters.'] }],
      [{ title: 'Fine', category_id: 999_999 }, { category_id: ['The selected category id is invalid.'] }],
      [{ title: 'Fine', category_id: categoryId, slug: taken.slug }, { slug: ['The slug has already been taken.'] }],
      [{ title: 'Fine', category_id: categoryId, status: 'scheduled' }, { published_at: ['The publish time is required to schedule a post.'] }],
      [{ title: 'Fine', category_id: categoryId, status: 'scheduled', published_at: '2020-01-01T00:00:00Z' }, { published_at: ['The publish time must be in the future.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(editor, 'POST', '/api/console/blog-posts', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const renamed = await call(editor, 'PATCH', `/api/console/blog-posts/${taken.id}`, { title: '' });
    expect(renamed.json().errors).toEqual({ title: ['The title field is required.'] });
  });

  it('are the content editors’ and owners’ only: a catalogue manager and a shop owner are refused', async () => {
    for (const role of ['catalogue_manager', 'shop_owner'] as const) {
      const { authorization } = await signInConsoleMember(ctx.app, role);
      expect((await call(authorization, 'GET', '/api/console/blog-posts')).statusCode).toBe(403);
      expect((await call(authorization, 'POST', '/api/console/blog-posts', { title: 'Not mine', category_id: categoryId })).statusCode).toBe(403);
      expect((await call(authorization, 'POST', '/api/console/blog-categories', { name: 'Not mine' })).statusCode).toBe(403);
    }
  });
});

describe('blog categories', () => {
  it('are created and renamed with translations, audited, and named on the storefront', async () => {
    const name = unique('Care Tips');
    const created = await call(editor, 'POST', '/api/console/blog-categories', { name, translations: { ar: { name: 'نصائح العناية' } } });
    expect(created.statusCode, created.body).toBe(201);
    const category = consoleBlogCategoryAnswerSchema.parse(created.json().data).category;
    expect(category).toEqual({ id: expect.any(Number), name, slug: name.toLowerCase().replace(/ /g, '-'), translations: { ar: { name: 'نصائح العناية' } }, post_count: 0, missing_translations: ['ir'] });

    const renamed = await call(editor, 'PATCH', `/api/console/blog-categories/${category.id}`, { name: `${name} renamed` });
    expect(consoleBlogCategoryAnswerSchema.parse(renamed.json().data).category).toMatchObject({ name: `${name} renamed`, translations: { ar: { name: 'نصائح العناية' } } });
    const storefront = await ctx.app.inject({ url: '/api/blogs', headers: { 'accept-language': 'ar' } });
    expect(blogListSchema.parse(storefront.json().data).categories.map((shown) => shown.name)).toContain('نصائح العناية');
    expect(await auditActions('blog_category', category.id)).toEqual(['blog_category.create', 'blog_category.update']);

    const duplicate = await call(editor, 'POST', '/api/console/blog-categories', { name: 'Other', slug: category.slug });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ slug: ['The slug has already been taken.'] });
  });

  it('are deleted once empty, and refused with 409 while a post, even a draft, sits in them', async () => {
    const category = await createCategory(unique('Seasonal'));
    const post = await writePost({ title: unique('Winter draft'), category_id: category.id });

    const refused = await call(editor, 'DELETE', `/api/console/blog-categories/${category.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This category still has posts; move them first.']);
    const refusedInArabic = await ctx.app.inject({ method: 'DELETE', url: `/api/console/blog-categories/${category.id}`, headers: { authorization: editor, 'accept-language': 'ar' } });
    expect(refusedInArabic.json().message).toBe('لا تزال في هذا التصنيف مقالات؛ انقلها أولًا.');

    await call(editor, 'PATCH', `/api/console/blog-posts/${post.id}`, { category_id: categoryId });
    const deleted = await call(editor, 'DELETE', `/api/console/blog-categories/${category.id}`);
    expect([deleted.statusCode, deleted.json().message]).toEqual([200, 'Blog category deleted']);
    expect((await categoriesInConsole()).map((shown) => shown.id)).not.toContain(category.id);
    expect(await auditActions('blog_category', category.id)).toEqual(['blog_category.create', 'blog_category.delete']);
    expect((await call(editor, 'DELETE', `/api/console/blog-categories/${category.id}`)).statusCode).toBe(404);
  });

  it('are put in a new order, which the storefront blog lists them in', async () => {
    await createCategory(unique('Gift Ideas'));
    const ids = (await categoriesInConsole()).map((category) => category.id);
    const reversed = [...ids].reverse();

    const response = await call(editor, 'POST', '/api/console/blog-categories/reorder', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect(consoleBlogCategoryListSchema.parse(response.json().data).categories.map((category) => category.id)).toEqual(reversed);
    const storefront = await ctx.app.inject({ url: '/api/blogs' });
    expect(blogListSchema.parse(storefront.json().data).categories.map((category) => category.id)).toEqual(reversed);
    const [row] = await ctx.database.db.select({ changes: auditLog.changes }).from(auditLog).where(eq(auditLog.action, 'blog_category.reorder')).orderBy(desc(auditLog.id)).limit(1);
    expect(row!.changes).toEqual({ order: { before: ids, after: reversed } });

    const incomplete = await call(editor, 'POST', '/api/console/blog-categories/reorder', { ids: reversed.slice(1) });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual({ ids: ['The ids must list each of them once.'] });
  });
});

describe('preview links', () => {
  it('show a draft on the storefront for an hour, and nothing with a tampered or expired token', async () => {
    const title = unique('Unreleased Collection');
    const post = await writePost({ title, translations: { ar: { title: 'مجموعة قادمة' } } });
    const detailsOf = (url: string, locale = 'en') => ctx.app.inject({ url: `/api/blogs/${url.slice('/blog/'.length)}`, headers: { 'accept-language': locale } });

    const response = await call(editor, 'POST', `/api/console/blog-posts/${post.id}/preview-link`);
    expect(response.statusCode, response.body).toBe(200);
    const { url, expires_at: expiresAt } = blogPreviewLinkAnswerSchema.parse(response.json().data);
    expect(url).toMatch(new RegExp(`^/blog/${post.slug}\\?preview=`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);

    const shown = await detailsOf(url, 'ar');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.blog).toMatchObject({ id: post.id, title: 'مجموعة قادمة' });

    expect((await ctx.app.inject({ url: `/api/blogs/${post.slug}` })).statusCode).toBe(404);
    const token = new URL(url, 'http://store.test').searchParams.get('preview')!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await ctx.app.inject({ url: `/api/blogs/${post.slug}?preview=${encodeURIComponent(tampered)}` });
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Blog not found']);
    const [expires, signature] = token.split('.');
    const longer = `${(parseInt(expires!, 36) + 3_600_000).toString(36)}.${signature}`;
    expect((await ctx.app.inject({ url: `/api/blogs/${post.slug}?preview=${encodeURIComponent(longer)}` })).statusCode).toBe(404);

    const other = await writePost({ title: unique('Another Draft') });
    expect((await ctx.app.inject({ url: `/api/blogs/${other.slug}?preview=${encodeURIComponent(token)}` })).statusCode).toBe(404);
  });
});
