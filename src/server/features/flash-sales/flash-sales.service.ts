import { and, desc, eq, gt, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ENDED_SALE_FIXED,
  ENDS_IN_PAST,
  flashSaleScheduleErrors,
  RUNNING_SALE_START_FIXED,
  SALE_NOT_RUNNING,
  SALE_WITH_ORDERS,
  type ConsoleFlashSale,
  type ConsoleFlashSalePage,
  type FlashSaleCreate,
  type FlashSaleListQuery,
  type FlashSaleStatus,
  type FlashSaleUpdate,
} from '../../../shared/flash-sales-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { flashSaleEnrolments, flashSales, orderItems } from '../../db/schema.ts';
import { mergedTranslations, type Translations, type TranslationsInput } from '../../db/translations.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { cacheTags, listedTags } from '../../platform/cache-tags.ts';
import { conflict, notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, likeEscaped, readCursor } from '../../platform/keyset-pages.ts';

export const FLASH_SALE_NOT_FOUND = 'Flash sale not found.';

/**
 * Who writes: a console member (their audit context), or the demo store's seed (null: no one signed
 * in, no audit row). Reads and writes are scoped by `shopId`: a seller's people see their shop's only.
 */
export interface SaleWriter {
  audit: AuditContext | null;
  now: Date;
}

type SaleRow = typeof flashSales.$inferSelect;

export function saleStatus(sale: Pick<SaleRow, 'startsAt' | 'endsAt'>, now: Date): FlashSaleStatus {
  if (sale.startsAt > now) return 'scheduled';
  return sale.endsAt > now ? 'running' : 'ended';
}

/** Sellers may enrol now: the window is open and the sale has not ended. */
export const enrolmentOpen = (sale: Pick<SaleRow, 'enrolmentStartsAt' | 'enrolmentEndsAt' | 'endsAt'>, now: Date) =>
  sale.enrolmentStartsAt <= now && sale.enrolmentEndsAt > now && sale.endsAt > now;

function statusFilter(status: FlashSaleStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'scheduled':
      return gt(flashSales.startsAt, now);
    case 'running':
      return and(lte(flashSales.startsAt, now), gt(flashSales.endsAt, now));
    case 'ended':
      return lte(flashSales.endsAt, now);
  }
}

/** The stored texts per language (`thumbnail` is the banner's column) as the console speaks them. */
function translationsAnswer(translations: Translations): ConsoleFlashSale['translations'] {
  return Object.fromEntries(
    Object.entries(translations).map(([locale, { thumbnail, ...texts } = {}]) => [locale, { ...texts, ...(thumbnail !== undefined && { banner: thumbnail }) }]),
  );
}

/** The console's texts per language as stored: its `banner` is the `thumbnail` column's translation. */
function storedTranslations(given: FlashSaleUpdate['translations']): TranslationsInput | undefined {
  if (!given) return undefined;
  return Object.fromEntries(Object.entries(given).map(([locale, texts]) => [locale, texts && { name: texts.name, thumbnail: texts.banner, banner_alt: texts.banner_alt }]));
}

/** The sale's id as the subqueries below name it: a select from one table leaves its columns unqualified. */
const saleIdColumn = sql`${flashSales}.${sql.identifier(flashSales.id.name)}`;

/** A sale's enrolments by status, a shop's only when `shopId` is given, and whether any order line was sold at its price. */
const saleFigures = (shopId: number | null) => ({
  counts: sql<ConsoleFlashSale['enrolment_counts']>`(select json_build_object(
      'pending', count(*) filter (where ${flashSaleEnrolments.status} = 'pending'),
      'approved', count(*) filter (where ${flashSaleEnrolments.status} = 'approved'),
      'declined', count(*) filter (where ${flashSaleEnrolments.status} = 'declined'))
    from ${flashSaleEnrolments} where ${flashSaleEnrolments.flashSaleId} = ${saleIdColumn}
    ${shopId === null ? sql`` : sql`and ${flashSaleEnrolments.shopId} = ${shopId}`})`,
  hasOrders: sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.flashSaleId} = ${saleIdColumn})`,
});

const selectSales = (db: Db, shopId: number | null) => db.select({ sale: flashSales, ...saleFigures(shopId) }).from(flashSales);

function presentSale({ sale, counts, hasOrders }: { sale: SaleRow; counts: ConsoleFlashSale['enrolment_counts']; hasOrders: boolean }, now: Date): ConsoleFlashSale {
  return {
    id: sale.id,
    name: sale.name,
    banner: sale.thumbnail,
    banner_alt: sale.bannerAlt,
    translations: translationsAnswer(sale.translations),
    starts_at: sale.startsAt.toISOString(),
    ends_at: sale.endsAt.toISOString(),
    enrolment_starts_at: sale.enrolmentStartsAt.toISOString(),
    enrolment_ends_at: sale.enrolmentEndsAt.toISOString(),
    auto_approve: sale.autoApprove,
    status: saleStatus(sale, now),
    enrolment_open: enrolmentOpen(sale, now),
    ended_early_at: sale.endedEarlyAt?.toISOString() ?? null,
    has_orders: hasOrders,
    enrolment_counts: counts,
    created_at: sale.createdAt.toISOString(),
    updated_at: sale.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a sale: its stored fields (not the status that changes with the clock). */
const audited = ({ id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields }: SaleRow) => fields;

/**
 * `GET /api/console/flash-sales`: newest first, a keyset page at a time on the id. Everyone holding
 * `promotions.write` reads every sale (a seller must see the sales to enrol in); the counts are the
 * reader's shop's for a seller's people.
 */
export async function listFlashSales(db: Db, shopId: number | null, query: FlashSaleListQuery, now: Date): Promise<ConsoleFlashSalePage> {
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await selectSales(db, shopId)
    .where(
      and(
        query.status === undefined ? undefined : statusFilter(query.status, now),
        query.enrolling === true ? and(lte(flashSales.enrolmentStartsAt, now), gt(flashSales.enrolmentEndsAt, now), gt(flashSales.endsAt, now)) : undefined,
        query.search ? ilike(flashSales.name, `%${likeEscaped(query.search)}%`) : undefined,
        after && afterPosition('desc', [flashSales.id], after),
      ),
    )
    .orderBy(desc(flashSales.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.sale.id]);
  return { flash_sales: page.map((row) => presentSale(row, now)), next_cursor };
}

export async function readFlashSale(db: Db, shopId: number | null, saleId: number, now: Date): Promise<ConsoleFlashSale> {
  const [row] = await selectSales(db, shopId).where(eq(flashSales.id, saleId));
  if (!row) throw notFound(FLASH_SALE_NOT_FOUND);
  return presentSale(row, now);
}

/** The sale's row, locked until the transaction ends (enrolments and decisions lock it too). */
export async function lockedSale(tx: Db, saleId: number): Promise<SaleRow> {
  const [sale] = await tx.select().from(flashSales).where(eq(flashSales.id, saleId)).for('update');
  if (!sale) throw notFound(FLASH_SALE_NOT_FOUND);
  return sale;
}

const fieldErrors = (errors: Record<string, string>): FieldErrors => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));

/** `POST /api/console/flash-sales`: the sale and its audit row, in one transaction. */
export async function createFlashSale(db: Db, input: FlashSaleCreate, writer: SaleWriter): Promise<number> {
  if (Date.parse(input.ends_at) <= writer.now.getTime()) throw validationFailed({ ends_at: [ENDS_IN_PAST] });
  return inRetriedTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(flashSales)
      .values({
        name: input.name,
        thumbnail: input.banner,
        bannerAlt: input.banner_alt,
        translations: mergedTranslations({}, storedTranslations(input.translations)),
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        enrolmentStartsAt: new Date(input.enrolment_starts_at),
        enrolmentEndsAt: new Date(input.enrolment_ends_at),
        autoApprove: input.auto_approve,
        createdAt: writer.now,
        updatedAt: writer.now,
      })
      .returning();
    if (writer.audit) await recordAudit(tx, writer.audit, { action: 'flash_sale.create', entityType: 'flash_sale', entityId: created!.id, shopId: null, before: null, after: audited(created!) });
    return created!.id;
  });
}

/**
 * `PATCH /api/console/flash-sales/{id}`: the given fields change, the times checked with the stored
 * ones. A running sale keeps its start; an ended one changes no more (409 each).
 */
export async function updateFlashSale(db: Db, saleId: number, input: FlashSaleUpdate, writer: SaleWriter): Promise<void> {
  await inRetriedTransaction(db, async (tx) => {
    const sale = await lockedSale(tx, saleId);
    const status = saleStatus(sale, writer.now);
    if (status === 'ended') throw conflict(ENDED_SALE_FIXED);
    if (status === 'running' && input.starts_at !== undefined && Date.parse(input.starts_at) !== sale.startsAt.getTime()) throw conflict(RUNNING_SALE_START_FIXED);
    const schedule = {
      starts_at: input.starts_at ?? sale.startsAt.toISOString(),
      ends_at: input.ends_at ?? sale.endsAt.toISOString(),
      enrolment_starts_at: input.enrolment_starts_at ?? sale.enrolmentStartsAt.toISOString(),
      enrolment_ends_at: input.enrolment_ends_at ?? sale.enrolmentEndsAt.toISOString(),
    };
    const errors = flashSaleScheduleErrors(schedule);
    if (input.ends_at !== undefined && Date.parse(input.ends_at) <= writer.now.getTime()) errors.ends_at ??= ENDS_IN_PAST;
    if (Object.keys(errors).length > 0) throw validationFailed(fieldErrors(errors));
    const [updated] = await tx
      .update(flashSales)
      .set({
        name: input.name,
        thumbnail: input.banner,
        bannerAlt: input.banner_alt,
        translations: input.translations === undefined ? undefined : mergedTranslations(sale.translations, storedTranslations(input.translations)),
        startsAt: new Date(schedule.starts_at),
        endsAt: new Date(schedule.ends_at),
        enrolmentStartsAt: new Date(schedule.enrolment_starts_at),
        enrolmentEndsAt: new Date(schedule.enrolment_ends_at),
        autoApprove: input.auto_approve,
        updatedAt: writer.now,
      })
      .where(eq(flashSales.id, saleId))
      .returning();
    if (writer.audit) await recordAudit(tx, writer.audit, { action: 'flash_sale.update', entityType: 'flash_sale', entityId: saleId, shopId: null, before: audited(sale), after: audited(updated!) });
  });
}

/** `POST /api/console/flash-sales/{id}/end`: a running sale ends now; its prices stop at once. */
export async function endFlashSaleEarly(db: Db, saleId: number, writer: SaleWriter): Promise<void> {
  await inRetriedTransaction(db, async (tx) => {
    const sale = await lockedSale(tx, saleId);
    const status = saleStatus(sale, writer.now);
    if (status === 'ended') throw conflict(ENDED_SALE_FIXED);
    if (status === 'scheduled') throw conflict(SALE_NOT_RUNNING);
    const [ended] = await tx
      .update(flashSales)
      .set({ endsAt: writer.now, endedEarlyAt: writer.now, enrolmentEndsAt: sql`least(${flashSales.enrolmentEndsAt}, ${writer.now})`, updatedAt: writer.now })
      .where(eq(flashSales.id, saleId))
      .returning();
    if (writer.audit) await recordAudit(tx, writer.audit, { action: 'flash_sale.end', entityType: 'flash_sale', entityId: saleId, shopId: null, before: audited(sale), after: audited(ended!) });
  });
}

/** `DELETE /api/console/flash-sales/{id}`: only while no order line was sold at its price (the foreign key holds it too). */
export async function deleteFlashSale(db: Db, saleId: number, writer: SaleWriter): Promise<void> {
  await inRetriedTransaction(db, async (tx) => {
    const sale = await lockedSale(tx, saleId);
    const [sold] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.flashSaleId, saleId)).limit(1);
    if (sold) throw conflict(SALE_WITH_ORDERS);
    await tx.delete(flashSales).where(eq(flashSales.id, saleId));
    if (writer.audit) await recordAudit(tx, writer.audit, { action: 'flash_sale.delete', entityType: 'flash_sale', entityId: saleId, shopId: null, before: audited(sale), after: null });
  });
}

/** What a change of sale prices shows in: every listing, the home page, sale pages, and these products' pages and cards. */
export const salePriceTags = (productIds: readonly number[]) => [cacheTags.flashSales, cacheTags.listings, cacheTags.home, ...productIds.map(cacheTags.product), ...listedTags(productIds)];

/** What a sale's change (or its start or end) shows in: `salePriceTags` of its enrolled products. */
export async function flashSaleCacheTags(db: Db, saleIds: readonly number[]): Promise<string[]> {
  if (saleIds.length === 0) return [];
  const rows = await db.selectDistinct({ productId: flashSaleEnrolments.productId }).from(flashSaleEnrolments).where(inArray(flashSaleEnrolments.flashSaleId, [...saleIds]));
  return salePriceTags(rows.map((row) => row.productId));
}
