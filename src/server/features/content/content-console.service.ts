import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  PAGE_SLUG_TAKEN,
  STANDARD_PAGE_SLUG_FIXED,
  type ConsoleContentPage,
  type ConsoleFaq,
  type ContentPageCreate,
  type ContentPageListQuery,
  type ContentPageUpdate,
  type FaqCreate,
  type FaqListQuery,
  type FaqUpdate,
  type FooterGroup,
  type FooterPage,
  isStandardPage,
} from '../../../shared/content-console.contract.ts';
import { missingTranslations } from '../../../shared/missing-translations.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { contentPages, faqs } from '../../db/schema.ts';
import { localized, mergedTranslations } from '../../db/translations.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { Caches } from '../../platform/caches.ts';
import { refusingTaken } from '../../platform/database-errors.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, likeEscaped, readCursor } from '../../platform/keyset-pages.ts';
import { sanitizedTranslations, sanitizeRichText } from './rich-text.ts';
import { renumber } from './sort-order.ts';

export interface ContentWrites {
  db: Db;
  caches: Caches;
}

export const PAGE_NOT_FOUND = 'Page not found';
export const FAQ_NOT_FOUND = 'Question not found';

/** The pages, the FAQ and `/api/master` (the footer's links) show what was written on the next request. */
const invalidateContent = (caches: Caches) => caches.invalidate([cacheTags.content]);

const pageColumns = {
  id: contentPages.id,
  slug: contentPages.slug,
  title: contentPages.title,
  contentHtml: contentPages.contentHtml,
  translations: contentPages.translations,
  isPublished: contentPages.isPublished,
  footerGroup: contentPages.footerGroup,
  footerOrder: contentPages.footerOrder,
  updatedAt: contentPages.updatedAt,
};

type PageRow = Pick<typeof contentPages.$inferSelect, keyof typeof pageColumns>;

function consolePage(row: PageRow): ConsoleContentPage {
  const translations = row.translations ?? {};
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content_html: row.contentHtml,
    translations: translations as ConsoleContentPage['translations'],
    is_published: row.isPublished,
    footer_group: row.footerGroup as FooterGroup | null,
    footer_order: row.footerOrder,
    standard: isStandardPage(row.slug),
    missing_translations: missingTranslations({ title: row.title, content_html: row.contentHtml }, translations),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `GET /api/console/content-pages`: newest first, a keyset page at a time. */
export async function listConsolePages(db: Db, query: ContentPageListQuery): Promise<{ pages: ConsoleContentPage[]; next_cursor: string | null }> {
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const pattern = query.search === undefined ? undefined : `%${likeEscaped(query.search)}%`;
  const rows = await db
    .select(pageColumns)
    .from(contentPages)
    .where(
      and(
        query.status === undefined ? undefined : eq(contentPages.isPublished, query.status === 'published'),
        pattern === undefined ? undefined : or(sql`${contentPages.title} ilike ${pattern}`, sql`${contentPages.slug} ilike ${pattern}`),
        after && afterPosition('desc', [contentPages.id], after),
      ),
    )
    .orderBy(desc(contentPages.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.id]);
  return { pages: page.map(consolePage), next_cursor };
}

async function loadPage(db: Db, id: number, { lock = false } = {}): Promise<ConsoleContentPage> {
  const select = db.select(pageColumns).from(contentPages).where(eq(contentPages.id, id));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return consolePage(row);
}

export const readConsolePage = (db: Db, id: number) => loadPage(db, id);

/** What the audit log compares: the page as the console edits it. */
const auditedPage = ({ id: _id, updated_at: _updatedAt, standard: _standard, missing_translations: _missing, ...fields }: ConsoleContentPage) => fields;

async function refuseTakenSlug(tx: Db, slug: string, id: number | null) {
  const [holder] = await tx
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), id === null ? undefined : ne(contentPages.id, id)));
  if (holder) throw validationFailed({ slug: [PAGE_SLUG_TAKEN] });
}

const takenSlug = (constraint: string) => (constraint.endsWith('_slug_unique') ? { slug: [PAGE_SLUG_TAKEN] } : undefined);

/** `POST /api/console/content-pages`. */
export async function createConsolePage({ db, caches }: ContentWrites, input: ContentPageCreate, context: AuditContext): Promise<ConsoleContentPage> {
  const page = await refusingTaken(
    () =>
      inRetriedTransaction(db, async (tx) => {
        await refuseTakenSlug(tx, input.slug, null);
        const [created] = await tx
          .insert(contentPages)
          .values({
            slug: input.slug,
            title: input.title,
            contentHtml: sanitizeRichText(input.content_html),
            translations: mergedTranslations({}, sanitizedTranslations(input.translations ?? {})),
            isPublished: input.is_published,
            footerGroup: input.footer_group,
            footerOrder: input.footer_order,
          })
          .returning({ id: contentPages.id });
        const page = await loadPage(tx, created!.id);
        await recordAudit(tx, context, { action: 'content_page.create', entityType: 'content_page', entityId: page.id, shopId: null, before: null, after: auditedPage(page) });
        return page;
      }),
    takenSlug,
  );
  invalidateContent(caches);
  return page;
}

/**
 * `PATCH /api/console/content-pages/{id}`: the fields given. Terms, privacy and about keep their
 * slug (the storefront's own routes read them by it). A change of `is_published` is recorded as a
 * publish or unpublish, with whatever else changed with it.
 */
export async function updateConsolePage({ db, caches }: ContentWrites, id: number, input: ContentPageUpdate, context: AuditContext): Promise<ConsoleContentPage> {
  const page = await refusingTaken(
    () =>
      inRetriedTransaction(db, async (tx) => {
        const before = await loadPage(tx, id, { lock: true });
        if (input.slug !== undefined && input.slug !== before.slug) {
          if (before.standard) throw validationFailed({ slug: [STANDARD_PAGE_SLUG_FIXED] });
          await refuseTakenSlug(tx, input.slug, id);
        }
        await tx
          .update(contentPages)
          .set({
            ...(input.slug !== undefined && { slug: input.slug }),
            ...(input.title !== undefined && { title: input.title }),
            ...(input.content_html !== undefined && { contentHtml: sanitizeRichText(input.content_html) }),
            ...(input.translations !== undefined && { translations: mergedTranslations(before.translations, sanitizedTranslations(input.translations ?? {})) }),
            ...(input.is_published !== undefined && { isPublished: input.is_published }),
            ...(input.footer_group !== undefined && { footerGroup: input.footer_group }),
            ...(input.footer_order !== undefined && { footerOrder: input.footer_order }),
            updatedAt: sql`now()`,
          })
          .where(eq(contentPages.id, id));
        const after = await loadPage(tx, id);
        const action = after.is_published === before.is_published ? 'content_page.update' : after.is_published ? 'content_page.publish' : 'content_page.unpublish';
        await recordAudit(tx, context, { action, entityType: 'content_page', entityId: id, shopId: null, before: auditedPage(before), after: auditedPage(after) });
        return after;
      }),
    takenSlug,
  );
  invalidateContent(caches);
  return page;
}

/** `/api/master`'s `footer_pages`: published pages with a footer column, titles in `locale`. */
export function listFooterPages(db: Db, locale: string): Promise<FooterPage[]> {
  return db
    .select({ slug: contentPages.slug, title: localized(contentPages, 'title', locale), group: sql<FooterGroup>`${contentPages.footerGroup}` })
    .from(contentPages)
    .where(and(eq(contentPages.isPublished, true), sql`${contentPages.footerGroup} is not null`))
    .orderBy(asc(contentPages.footerGroup), asc(contentPages.footerOrder), asc(contentPages.id));
}

// ---- FAQ ----

const faqColumns = {
  id: faqs.id,
  question: faqs.question,
  answer: faqs.answer,
  category: faqs.category,
  translations: faqs.translations,
  isActive: faqs.isActive,
  sortOrder: faqs.sortOrder,
};

type FaqRow = Pick<typeof faqs.$inferSelect, keyof typeof faqColumns>;

function consoleFaq(row: FaqRow): ConsoleFaq {
  const translations = row.translations ?? {};
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: row.category,
    translations: translations as ConsoleFaq['translations'],
    is_active: row.isActive,
    sort_order: row.sortOrder,
    missing_translations: missingTranslations({ question: row.question, answer: row.answer, category: row.category }, translations),
  };
}

const faqOrder = [asc(faqs.sortOrder), asc(faqs.id)];

async function selectFaqs(db: Db, where?: SQL): Promise<ConsoleFaq[]> {
  return (await db.select(faqColumns).from(faqs).where(where).orderBy(...faqOrder)).map(consoleFaq);
}

/** The question or answer, in English or a translation, holds the pattern. */
const faqTextMatches = (pattern: string) =>
  or(
    sql`${faqs.question} ilike ${pattern}`,
    sql`${faqs.answer} ilike ${pattern}`,
    ...translatedLocales.flatMap((locale) => ['question', 'answer'].map((field) => sql`${faqs.translations} -> ${locale} ->> ${field} ilike ${pattern}`)),
  );

/** `GET /api/console/faqs`: every question, hidden ones too, in the FAQ page's order; a search reads every language. */
export const listConsoleFaqs = (db: Db, query: FaqListQuery = {}) =>
  selectFaqs(
    db,
    and(
      query.status === undefined ? undefined : eq(faqs.isActive, query.status === 'shown'),
      query.search === undefined ? undefined : faqTextMatches(`%${likeEscaped(query.search)}%`),
    ),
  );

async function loadFaq(db: Db, id: number, { lock = false } = {}): Promise<ConsoleFaq> {
  if (lock) await db.select({ id: faqs.id }).from(faqs).where(eq(faqs.id, id)).for('update');
  const [faq] = await selectFaqs(db, eq(faqs.id, id));
  if (!faq) throw notFound(FAQ_NOT_FOUND);
  return faq;
}

const auditedFaq = ({ id: _id, missing_translations: _missing, ...fields }: ConsoleFaq) => fields;

/** `POST /api/console/faqs`: after the last question. */
export async function createFaq({ db, caches }: ContentWrites, input: FaqCreate, context: AuditContext): Promise<ConsoleFaq> {
  const faq = await inRetriedTransaction(db, async (tx) => {
    const [last] = await tx.select({ order: sql<number>`coalesce(max(${faqs.sortOrder}), 0)::int` }).from(faqs);
    const [created] = await tx
      .insert(faqs)
      .values({
        question: input.question,
        answer: input.answer,
        category: input.category,
        translations: mergedTranslations({}, input.translations),
        isActive: input.is_active,
        sortOrder: (last?.order ?? 0) + 1,
      })
      .returning({ id: faqs.id });
    const faq = await loadFaq(tx, created!.id);
    await recordAudit(tx, context, { action: 'faq.create', entityType: 'faq', entityId: faq.id, shopId: null, before: null, after: auditedFaq(faq) });
    return faq;
  });
  invalidateContent(caches);
  return faq;
}

/** `PATCH /api/console/faqs/{id}`. */
export async function updateFaq({ db, caches }: ContentWrites, id: number, input: FaqUpdate, context: AuditContext): Promise<ConsoleFaq> {
  const faq = await inRetriedTransaction(db, async (tx) => {
    const before = await loadFaq(tx, id, { lock: true });
    await tx
      .update(faqs)
      .set({
        ...(input.question !== undefined && { question: input.question }),
        ...(input.answer !== undefined && { answer: input.answer }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.translations !== undefined && { translations: mergedTranslations(before.translations, input.translations) }),
        ...(input.is_active !== undefined && { isActive: input.is_active }),
      })
      .where(eq(faqs.id, id));
    const after = await loadFaq(tx, id);
    await recordAudit(tx, context, { action: 'faq.update', entityType: 'faq', entityId: id, shopId: null, before: auditedFaq(before), after: auditedFaq(after) });
    return after;
  });
  invalidateContent(caches);
  return faq;
}

/** `POST /api/console/faqs/reorder`: `ids` is every question once, in the new order, numbered 1, 2, … in one statement. */
export async function reorderFaqs({ db, caches }: ContentWrites, ids: readonly number[], context: AuditContext): Promise<ConsoleFaq[]> {
  await inRetriedTransaction(db, async (tx) => {
    const current = await renumber(tx, faqs, ids);
    await recordAudit(tx, context, { action: 'faq.reorder', entityType: 'faq', entityId: '*', shopId: null, before: { order: current }, after: { order: ids } });
  });
  invalidateContent(caches);
  return listConsoleFaqs(db);
}
