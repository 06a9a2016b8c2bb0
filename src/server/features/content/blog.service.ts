import { and, asc, count, desc, eq, ilike, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogCategories, blogPosts } from '../../db/schema.ts';
import type { BlogCard, BlogDetails, BlogList, BlogListQuery } from '../../../shared/content.contract.ts';
import { localized } from '../../db/translations.ts';
import { notFound } from '../../platform/errors.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import { servedRichText, type ContentReads } from './rich-text.ts';

const RELATED_COUNT = 3;
/** A search looks for at most this many words, each of which must appear. */
const MAX_SEARCH_WORDS = 6;

/** A post's card in `locale`. */
const cardColumns = (locale: string) => ({
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: localized(blogPosts, 'title', locale),
  thumbnail: blogPosts.thumbnail,
  excerpt: localized(blogPosts, 'excerpt', locale),
  publishedAt: blogPosts.publishedAt,
  categoryId: blogCategories.id,
  categoryName: localized(blogCategories, 'name', locale),
  categorySlug: blogCategories.slug,
});

type CardRow = { publishedAt: Date | null; categoryId: number; categoryName: string; categorySlug: string } & Omit<BlogCard, 'published_at' | 'category'>;

const toCard = ({ publishedAt, categoryId, categoryName, categorySlug, ...post }: CardRow): BlogCard => ({
  ...post,
  category: { id: categoryId, name: categoryName, slug: categorySlug },
  published_at: publishedAt!.toISOString(),
});

/**
 * Posts readers may see at `now`: drafts (no date) and scheduled posts (a later date) stay hidden.
 * A scheduled post goes up with no job because every read asks this of the clock: the blog's
 * lists and posts are read uncached (only a post's sanitised text is kept, under its digest), so
 * no cached answer can keep a post hidden past its time.
 */
export const isPublishedAt = (now: Date) => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))!;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Every word in the title, the excerpt or the text of the post (its markup left out), as read in `locale`. */
function searchCondition(search: string, locale: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  const perWord = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return or(
      ilike(localized(blogPosts, 'title', locale), pattern),
      ilike(localized(blogPosts, 'excerpt', locale), pattern),
      sql`regexp_replace(${localized(blogPosts, 'contentHtml', locale)}, '<[^>]*>', ' ', 'g') ilike ${pattern}`,
    )!;
  });
  return perWord.length > 0 ? and(...perWord) : undefined;
}

async function categoriesWithCounts(db: Db, now: Date, locale: string): Promise<BlogList['categories']> {
  const postCount = sql<number>`count(${blogPosts.id})::int`;
  return db
    .select({ id: blogCategories.id, name: localized(blogCategories, 'name', locale), slug: blogCategories.slug, count: postCount })
    .from(blogCategories)
    .leftJoin(blogPosts, and(eq(blogPosts.categoryId, blogCategories.id), isPublishedAt(now)))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.sortOrder), asc(blogCategories.id));
}

/** `GET /api/blogs`: published posts in `locale`, newest first, narrowed by category (slug) and search words. */
export async function listBlogs(db: Db, query: BlogListQuery, now: Date, locale: string): Promise<BlogList> {
  const where = and(
    isPublishedAt(now),
    query.category ? eq(blogCategories.slug, query.category) : undefined,
    query.search ? searchCondition(query.search, locale) : undefined,
  );
  const [rows, [totalRow], categories] = await Promise.all([
    db
      .select(cardColumns(locale))
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(blogPosts).innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId)).where(where),
    categoriesWithCounts(db, now, locale),
  ]);
  return { total: totalRow?.total ?? 0, blogs: rows.map(toCard), categories };
}

/** The purpose preview links are signed for (platform/signed-links.ts), with the post's id as their subject. */
export const BLOG_PREVIEW = 'blog-preview';

/** Whether a preview link's `token` opens the post with this id at `now`. */
export const previewAllowed =
  (signer: LinkSigner, token: string | null | undefined, now: Date) =>
  (postId: number): boolean =>
    typeof token === 'string' && signer.verify(BLOG_PREVIEW, String(postId), token, now);

/**
 * `GET /api/blogs/{slug}`: the post in `locale` with its sanitised HTML, and three more to read (its
 * category's first). A post not yet published is shown only to `mayPreview` (a valid preview link),
 * dated now; to anyone else it is not found.
 */
export async function readBlogDetails(
  { db, caches }: ContentReads,
  slug: string,
  now: Date,
  locale: string,
  mayPreview: (postId: number) => boolean = () => false,
): Promise<BlogDetails> {
  const [row] = await db
    .select({ ...cardColumns(locale), contentHtml: localized(blogPosts, 'contentHtml', locale), updatedAt: blogPosts.updatedAt, live: sql<boolean>`${isPublishedAt(now)}` })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(eq(blogPosts.slug, slug));
  if (!row || (!row.live && !mayPreview(row.id))) throw notFound('Blog not found');
  const { contentHtml, updatedAt, live, ...card } = row;
  if (!live) card.publishedAt = now;

  const [contentHtmlServed, related] = await Promise.all([
    servedRichText(caches, contentHtml),
    db
      .select(cardColumns(locale))
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(and(isPublishedAt(now), ne(blogPosts.id, row.id)))
      .orderBy(desc(sql`${blogPosts.categoryId} = ${row.categoryId}`), desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(RELATED_COUNT),
  ]);
  return {
    blog: { ...toCard(card), content_html: contentHtmlServed, updated_at: updatedAt.toISOString() },
    related: related.map(toCard),
  };
}

/** Slugs of the published posts, newest first (sitemap). */
export async function publishedBlogSlugs(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(isPublishedAt(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((row) => row.slug);
}
