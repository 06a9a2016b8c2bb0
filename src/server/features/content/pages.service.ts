import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentPages, faqs } from '../../db/schema.ts';
import type { ContentPage, Faq } from '../../../shared/content.contract.ts';
import { localized } from '../../db/translations.ts';
import { notFound } from '../../platform/errors.ts';
import { servedRichText, type ContentReads } from './rich-text.ts';

/** `GET /api/pages/{slug}`: a published page in `locale` with its sanitised HTML. */
export async function readContentPage({ db, caches }: ContentReads, slug: string, locale: string): Promise<ContentPage> {
  const [row] = await db
    .select({
      slug: contentPages.slug,
      title: localized(contentPages, 'title', locale),
      contentHtml: localized(contentPages, 'contentHtml', locale),
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.isPublished, true)));
  if (!row) throw notFound('Page not found');
  return { slug: row.slug, title: row.title, content_html: await servedRichText(caches, row.contentHtml), updated_at: row.updatedAt.toISOString() };
}

/** Slugs of the published pages (sitemap). */
export async function publishedPageSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: contentPages.slug }).from(contentPages).where(eq(contentPages.isPublished, true)).orderBy(asc(contentPages.id));
  return rows.map((row) => row.slug);
}

/** `GET /api/faqs`: the active questions in `locale`, in the owner's order. */
export function listFaqs(db: Db, locale: string): Promise<Faq[]> {
  return db
    .select({ id: faqs.id, question: localized(faqs, 'question', locale), answer: localized(faqs, 'answer', locale), category: localized(faqs, 'category', locale) })
    .from(faqs)
    .where(eq(faqs.isActive, true))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}
