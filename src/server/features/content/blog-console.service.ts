import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/audit-actions.ts';
import {
  CATEGORY_HAS_POSTS,
  SCHEDULE_IN_PAST,
  type BlogCategoryInput,
  type BlogPostInput,
  type BlogPostListQuery,
  type BlogPostStatus,
  type ConsoleBlogCategory,
  type ConsoleBlogPost,
  type ConsoleBlogPostPage,
} from '../../../shared/blog-console.contract.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import { missingTranslations } from '../../../shared/missing-translations.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { blogCategories, blogPosts } from '../../db/schema.ts';
import { mergedTranslations, type Translations } from '../../db/translations.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { Caches } from '../../platform/caches.ts';
import { refusingTaken } from '../../platform/database-errors.ts';
import { conflict, notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, likeEscaped, readCursor } from '../../platform/keyset-pages.ts';
import { slugify } from '../../platform/slugs.ts';
import { placeholderPath } from '../media/placeholder-image.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import { BLOG_PREVIEW } from './blog.service.ts';
import { sanitizeRichText } from './rich-text.ts';
import { renumber } from './sort-order.ts';

export const POST_NOT_FOUND = 'Blog post not found';
export const CATEGORY_NOT_FOUND = 'Blog category not found';
const SLUG_TAKEN = 'The slug has already been taken.';
const INVALID_CATEGORY = 'The selected category id is invalid.';

export interface BlogWrites {
  db: Db;
  caches: Caches;
  now: () => Date;
}

/** The API's names of a post's texts and the columns (and translation keys) they are kept in. */
const textColumns = { title: 'title', meta_description: 'excerpt', body: 'content_html' } as const;
type PostText = keyof typeof textColumns;

const statusOf = (publishedAt: Date | null, now: Date): BlogPostStatus => (publishedAt === null ? 'draft' : publishedAt > now ? 'scheduled' : 'published');

const statusFilter = (status: BlogPostStatus, now: Date): SQL =>
  status === 'draft' ? isNull(blogPosts.publishedAt) : status === 'scheduled' ? gt(blogPosts.publishedAt, now) : lte(blogPosts.publishedAt, now);

const postColumns = { post: blogPosts, categoryName: blogCategories.name };
type PostRow = { post: typeof blogPosts.$inferSelect; categoryName: string };

function presentPost({ post, categoryName }: PostRow, now: Date): ConsoleBlogPost {
  const translations = Object.fromEntries(
    translatedLocales.map((locale) => {
      const stored = post.translations[locale] ?? {};
      const texts = Object.entries(textColumns).flatMap(([field, column]) => (stored[column] ? [[field, stored[column]]] : []));
      return [locale, Object.fromEntries(texts)];
    }),
  );
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    category_id: post.categoryId,
    category_name: categoryName,
    cover: post.thumbnail,
    meta_description: post.excerpt,
    body: post.contentHtml,
    translations,
    status: statusOf(post.publishedAt, now),
    published_at: post.publishedAt?.toISOString() ?? null,
    updated_at: post.updatedAt.toISOString(),
    missing_translations: missingTranslations({ title: post.title, content_html: post.contentHtml }, post.translations),
  };
}

const selectPosts = (db: Db) => db.select(postColumns).from(blogPosts).innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));

/** `GET /api/console/blog-posts`: every post, drafts and scheduled ones too, newest first, by status and title words. */
export async function listConsoleBlogPosts(db: Db, query: BlogPostListQuery, now: Date): Promise<ConsoleBlogPostPage> {
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const words = (query.search ?? '').split(/\s+/).filter(Boolean);
  const rows = await selectPosts(db)
    .where(
      and(
        query.status === undefined ? undefined : statusFilter(query.status, now),
        ...words.map((word) => ilike(blogPosts.title, `%${likeEscaped(word)}%`)),
        after && afterPosition('desc', [blogPosts.id], after),
      ),
    )
    .orderBy(desc(blogPosts.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.post.id]);
  return { posts: page.map((row) => presentPost(row, now)), next_cursor };
}

async function loadPost(db: Db, id: number, { lock = false } = {}): Promise<PostRow> {
  const query = selectPosts(db).where(eq(blogPosts.id, id)).$dynamic();
  const [row] = await (lock ? query.for('update', { of: blogPosts }) : query);
  if (!row) throw notFound(POST_NOT_FOUND);
  return row;
}

export async function readConsoleBlogPost(db: Db, id: number, now: Date): Promise<ConsoleBlogPost> {
  return presentPost(await loadPost(db, id), now);
}

/** How long a preview link works. */
const PREVIEW_LINK_MS = 60 * 60_000;

/** `POST /api/console/blog-posts/{id}/preview-link`: the storefront's page of the post as it stands, for an hour, whatever its status. */
export async function blogPreviewLink(db: Db, signer: LinkSigner, id: number, now: Date): Promise<{ url: string; expires_at: string }> {
  const { post } = await loadPost(db, id);
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_MS);
  const token = signer.sign(BLOG_PREVIEW, String(post.id), expiresAt);
  return { url: `/blog/${encodeURIComponent(post.slug)}?${new URLSearchParams({ preview: token })}`, expires_at: expiresAt.toISOString() };
}

/** The storefront reads posts uncached (`blog.service.ts`); the served post's sanitised text is cached under its digest. Its tag goes too, so nothing kept of the blog outlives a write. */
const invalidateBlog = (caches: Caches) => caches.invalidate([cacheTags.content]);

const takenSlug = (constraint: string): FieldErrors | undefined => (constraint.endsWith('_slug_unique') ? { slug: [SLUG_TAKEN] } : undefined);

/** The publish time the input asks for: none for a draft, now for `published` (a post already out keeps its time), the given one for `scheduled`. */
function publishTime(input: BlogPostInput, current: Date | null, now: Date): Date | null | undefined {
  if (input.status === undefined) return undefined;
  if (input.status === 'draft') return null;
  if (input.status === 'published') return current !== null && current <= now ? current : now;
  const at = new Date(input.published_at!);
  if (at <= now) throw validationFailed({ published_at: [SCHEDULE_IN_PAST] });
  return at;
}

/** Texts per language as the columns keep them, the bodies sanitised. */
function storedTranslations(current: Translations, given: BlogPostInput['translations']): Translations {
  const byColumn = Object.entries(given ?? {}).map(([locale, texts]) => [
    locale,
    texts &&
      Object.fromEntries(
        Object.entries(texts).map(([field, value]) => [textColumns[field as PostText], field === 'body' && value !== undefined ? sanitizeRichText(value) : value]),
      ),
  ]);
  return mergedTranslations(current, Object.fromEntries(byColumn));
}

function columnValues(input: BlogPostInput, current: typeof blogPosts.$inferSelect | null, now: Date) {
  const publishedAt = publishTime(input, current?.publishedAt ?? null, now);
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.category_id !== undefined && { categoryId: input.category_id }),
    ...(input.cover !== undefined && { thumbnail: input.cover }),
    ...(input.meta_description !== undefined && { excerpt: input.meta_description }),
    ...(input.body !== undefined && { contentHtml: sanitizeRichText(input.body) }),
    ...(input.translations !== undefined && { translations: storedTranslations(current?.translations ?? {}, input.translations) }),
    ...(publishedAt !== undefined && { publishedAt }),
  };
}

async function checkPost(tx: Db, id: number | null, values: { slug?: string; categoryId?: number }) {
  const errors: FieldErrors = {};
  if (values.slug !== undefined) {
    const [holder] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(and(eq(blogPosts.slug, values.slug), id === null ? undefined : ne(blogPosts.id, id)));
    if (holder) errors.slug = [SLUG_TAKEN];
  }
  if (values.categoryId !== undefined) {
    // Held until the post is written: a category being deleted meanwhile is waited for, then not found (a field error, not a failed write).
    const [category] = await tx.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.id, values.categoryId)).for('share');
    if (!category) errors.category_id = [INVALID_CATEGORY];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** What the audit log compares: the post as the console edits it. */
const audited = ({ id: _id, updated_at: _updated, missing_translations: _missing, category_name: _name, ...fields }: ConsoleBlogPost): Record<string, unknown> => fields;

/** The audit action of an edit: a change of status names it, anything else is an update. */
const editAction = (before: BlogPostStatus, after: BlogPostStatus, publishChanged: boolean): AuditAction => {
  if (after === 'published' && before !== 'published') return 'blog_post.publish';
  if (after === 'draft' && before !== 'draft') return 'blog_post.unpublish';
  if (after === 'scheduled' && (before !== 'scheduled' || publishChanged)) return 'blog_post.schedule';
  return 'blog_post.update';
};

/** `POST /api/console/blog-posts`: a draft unless a status is given; a slug from the title and a placeholder cover when none is given. */
export async function createBlogPost({ db, caches, now }: BlogWrites, input: BlogPostInput & { title: string; category_id: number }, context: AuditContext): Promise<ConsoleBlogPost> {
  const moment = now();
  const id = await refusingTaken(
    () =>
      inRetriedTransaction(db, async (tx) => {
        const values = columnValues(input, null, moment);
        const slug = values.slug ?? (slugify(input.title) || `post-${randomBytes(3).toString('hex')}`);
        await checkPost(tx, null, { ...values, slug });
        const [created] = await tx
          .insert(blogPosts)
          .values({ ...values, title: input.title, categoryId: input.category_id, slug, thumbnail: values.thumbnail ?? placeholderPath('blog', slug), contentHtml: values.contentHtml ?? '' })
          .returning({ id: blogPosts.id });
        const post = presentPost(await loadPost(tx, created!.id), moment);
        await recordAudit(tx, context, { action: 'blog_post.create', entityType: 'blog_post', entityId: post.id, shopId: null, before: null, after: audited(post) });
        return post.id;
      }),
    takenSlug,
  );
  invalidateBlog(caches);
  return readConsoleBlogPost(db, id, moment);
}

/** `PATCH /api/console/blog-posts/{id}`: the fields given; the audit row names a change of status (publish, schedule, unpublish). */
export async function updateBlogPost({ db, caches, now }: BlogWrites, id: number, input: BlogPostInput, context: AuditContext): Promise<ConsoleBlogPost> {
  const moment = now();
  await refusingTaken(
    () =>
      inRetriedTransaction(db, async (tx) => {
        const row = await loadPost(tx, id, { lock: true });
        const values = columnValues(input, row.post, moment);
        if (Object.keys(values).length === 0) return;
        await checkPost(tx, id, values);
        await tx.update(blogPosts).set({ ...values, updatedAt: moment }).where(eq(blogPosts.id, id));
        const before = presentPost(row, moment);
        const after = presentPost(await loadPost(tx, id), moment);
        const action = editAction(before.status, after.status, before.published_at !== after.published_at);
        await recordAudit(tx, context, { action, entityType: 'blog_post', entityId: id, shopId: null, before: audited(before), after: audited(after) });
      }),
    takenSlug,
  );
  invalidateBlog(caches);
  return readConsoleBlogPost(db, id, moment);
}

const categoryColumns = { id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug, translations: blogCategories.translations, postCount: count(blogPosts.id) };

async function selectCategories(db: Db, where?: SQL): Promise<ConsoleBlogCategory[]> {
  const rows = await db
    .select(categoryColumns)
    .from(blogCategories)
    .leftJoin(blogPosts, eq(blogPosts.categoryId, blogCategories.id))
    .where(where)
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.sortOrder), asc(blogCategories.id));
  return rows.map(({ postCount, translations, ...category }) => ({
    ...category,
    translations: translations as ConsoleBlogCategory['translations'],
    post_count: postCount,
    missing_translations: missingTranslations({ name: category.name }, translations),
  }));
}

/** `GET /api/console/blog-categories`: every category in the storefront's order, with how many posts it has. */
export const listBlogCategories = (db: Db) => selectCategories(db);

async function loadCategory(db: Db, id: number): Promise<ConsoleBlogCategory> {
  const [category] = await selectCategories(db, eq(blogCategories.id, id));
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return category;
}

async function checkCategorySlug(tx: Db, id: number | null, slug: string | undefined) {
  if (slug === undefined) return;
  const [holder] = await tx.select({ id: blogCategories.id }).from(blogCategories).where(and(eq(blogCategories.slug, slug), id === null ? undefined : ne(blogCategories.id, id)));
  if (holder) throw validationFailed({ slug: [SLUG_TAKEN] });
}

const auditedCategory = ({ id: _id, post_count: _count, missing_translations: _missing, ...fields }: ConsoleBlogCategory) => fields;

/** `POST /api/console/blog-categories`: after the last one, with a slug from its name when none is given. */
export async function createBlogCategory({ db, caches }: BlogWrites, input: BlogCategoryInput & { name: string }, context: AuditContext): Promise<ConsoleBlogCategory> {
  const id = await refusingTaken(
    () =>
      inRetriedTransaction(db, async (tx) => {
        const slug = input.slug ?? (slugify(input.name) || `blog-category-${randomBytes(3).toString('hex')}`);
        await checkCategorySlug(tx, null, slug);
        const [last] = await tx.select({ sortOrder: blogCategories.sortOrder }).from(blogCategories).orderBy(desc(blogCategories.sortOrder)).limit(1);
        const [created] = await tx
          .insert(blogCategories)
          .values({ name: input.name, slug, translations: mergedTranslations({}, input.translations), sortOrder: (last?.sortOrder ?? 0) + 1 })
          .returning({ id: blogCategories.id });
        const category = await loadCategory(tx, created!.id);
        await recordAudit(tx, context, { action: 'blog_category.create', entityType: 'blog_category', entityId: category.id, shopId: null, before: null, after: auditedCategory(category) });
        return category.id;
      }),
    takenSlug,
  );
  invalidateBlog(caches);
  return loadCategory(db, id);
}

/** `PATCH /api/console/blog-categories/{id}`: the fields given. */
export async function updateBlogCategory({ db, caches }: BlogWrites, id: number, input: BlogCategoryInput, context: AuditContext): Promise<ConsoleBlogCategory> {
  await refusingTaken(
    () =>
      inRetriedTransaction(db, async (tx) => {
        await tx.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.id, id)).for('update');
        const before = await loadCategory(tx, id);
        const values = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.slug !== undefined && { slug: input.slug }),
          ...(input.translations !== undefined && { translations: mergedTranslations(before.translations, input.translations) }),
        };
        if (Object.keys(values).length === 0) return;
        await checkCategorySlug(tx, id, values.slug);
        await tx.update(blogCategories).set(values).where(eq(blogCategories.id, id));
        await recordAudit(tx, context, { action: 'blog_category.update', entityType: 'blog_category', entityId: id, shopId: null, before: auditedCategory(before), after: auditedCategory(await loadCategory(tx, id)) });
      }),
    takenSlug,
  );
  invalidateBlog(caches);
  return loadCategory(db, id);
}

/** `POST /api/console/blog-categories/reorder`: every category once, in the order the storefront's blog lists them. */
export async function reorderBlogCategories({ db, caches }: BlogWrites, ids: readonly number[], context: AuditContext): Promise<ConsoleBlogCategory[]> {
  await inRetriedTransaction(db, async (tx) => {
    const current = await renumber(tx, blogCategories, ids);
    await recordAudit(tx, context, { action: 'blog_category.reorder', entityType: 'blog_category', entityId: '*', shopId: null, before: { order: current }, after: { order: ids } });
  });
  invalidateBlog(caches);
  return listBlogCategories(db);
}

/** `DELETE /api/console/blog-categories/{id}`: only an empty category goes (409 while posts sit in it, drafts too). */
export async function deleteBlogCategory({ db, caches }: BlogWrites, id: number, context: AuditContext): Promise<void> {
  await inRetriedTransaction(db, async (tx) => {
    await tx.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.id, id)).for('update');
    const before = await loadCategory(tx, id);
    if (before.post_count > 0) throw conflict(CATEGORY_HAS_POSTS);
    await tx.delete(blogCategories).where(eq(blogCategories.id, id));
    await recordAudit(tx, context, { action: 'blog_category.delete', entityType: 'blog_category', entityId: id, shopId: null, before: auditedCategory(before), after: null });
  });
  invalidateBlog(caches);
}
