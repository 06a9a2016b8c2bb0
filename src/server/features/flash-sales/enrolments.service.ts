import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ENDED_SALE_FIXED,
  ENROLMENT_ALREADY_DECIDED,
  ENROLMENT_CLOSED,
  ENROLMENT_STARTED,
  SALE_PRICE_NOT_BELOW,
  VARIANT_ALREADY_ENROLLED,
  VARIANT_NAMED_TWICE,
  VARIANT_NOT_ENROLLABLE,
  type ConsoleEnrolment,
  type ConsoleEnrolmentPage,
  type EnrolmentCreate,
  type EnrolmentListQuery,
} from '../../../shared/flash-sales-console.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { colors, flashSaleEnrolments, products, productVariants, shops, sizes } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { refusingTaken } from '../../platform/database-errors.ts';
import { conflict, notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, readCursor } from '../../platform/keyset-pages.ts';
import { shopForNewRecord } from '../../platform/console-access.ts';
import { variantDiscountPrice, variantPrice } from '../catalog/product-cards.ts';
import { enrolmentOpen, lockedSale, readFlashSale, salePriceTags, saleStatus, type SaleWriter } from './flash-sales.service.ts';

export const ENROLMENT_NOT_FOUND = 'Enrolment not found.';

/** A variant's selling price now, outside any flash sale (minor units): its discount price when it has one. */
const regularPrice = sql<number>`(case when ${variantDiscountPrice} > 0 then ${variantDiscountPrice} else ${variantPrice} end)`;

const selectEnrolments = (db: Db) =>
  db
    .select({
      enrolment: flashSaleEnrolments,
      shopName: shops.name,
      productName: products.name,
      thumbnail: sql<string>`coalesce(${productVariants.images}[1], ${products.thumbnail})`,
      sku: productVariants.sku,
      variantName: sql<string>`concat_ws(' / ', ${colors.name}, ${sizes.name})`,
      regularPrice,
    })
    .from(flashSaleEnrolments)
    .innerJoin(shops, eq(shops.id, flashSaleEnrolments.shopId))
    .innerJoin(products, eq(products.id, flashSaleEnrolments.productId))
    .innerJoin(productVariants, eq(productVariants.id, flashSaleEnrolments.variantId))
    .leftJoin(colors, eq(colors.id, productVariants.colorId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId));

type EnrolmentRow = Awaited<ReturnType<ReturnType<typeof selectEnrolments>['execute']>>[number];

function presentEnrolment(row: EnrolmentRow): ConsoleEnrolment {
  const { enrolment } = row;
  return {
    id: enrolment.id,
    flash_sale_id: enrolment.flashSaleId,
    shop: { id: enrolment.shopId, name: row.shopName },
    product: { id: enrolment.productId, name: row.productName, thumbnail: row.thumbnail },
    variant: { id: enrolment.variantId, name: row.variantName, sku: row.sku },
    regular_price: toAmount(row.regularPrice),
    sale_price: toAmount(enrolment.salePrice),
    percentage: enrolment.percentage,
    stock_cap: enrolment.stockCap,
    sold: enrolment.sold,
    status: enrolment.status,
    decline_reason: enrolment.declineReason,
    decided_at: enrolment.decidedAt?.toISOString() ?? null,
    created_at: enrolment.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an enrolment: its stored fields. */
const audited = ({ id: _id, createdAt: _createdAt, ...fields }: typeof flashSaleEnrolments.$inferSelect) => fields;

/**
 * `GET /api/console/flash-sales/{id}/enrolments`: newest first, a keyset page at a time. A seller's
 * people (`shopId`) see their own shop's; the store's staff every shop's, or one's with `shop_id`.
 */
export async function listEnrolments(db: Db, shopId: number | null, saleId: number, query: EnrolmentListQuery, now: Date): Promise<ConsoleEnrolmentPage> {
  await readFlashSale(db, shopId, saleId, now);
  const shop = shopId ?? query.shop_id;
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await selectEnrolments(db)
    .where(
      and(
        eq(flashSaleEnrolments.flashSaleId, saleId),
        shop === undefined ? undefined : eq(flashSaleEnrolments.shopId, shop),
        query.status === undefined ? undefined : eq(flashSaleEnrolments.status, query.status),
        after && afterPosition('desc', [flashSaleEnrolments.id], after),
      ),
    )
    .orderBy(desc(flashSaleEnrolments.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.enrolment.id]);
  return { enrolments: page.map(presentEnrolment), next_cursor };
}

async function readEnrolments(db: Db, ids: readonly number[]): Promise<ConsoleEnrolment[]> {
  if (ids.length === 0) return [];
  const rows = await selectEnrolments(db).where(inArray(flashSaleEnrolments.id, [...ids])).orderBy(flashSaleEnrolments.id);
  return rows.map(presentEnrolment);
}

/** The database settles two enrolments of one variant at once. */
const refusingEnrolledTwice = <Result>(work: () => Promise<Result>) =>
  refusingTaken(work, (constraint): FieldErrors | undefined => (constraint === 'flash_sale_enrolments_one_per_variant' ? { variants: [VARIANT_ALREADY_ENROLLED] } : undefined));

/**
 * `POST /api/console/flash-sales/{id}/enrolments`: while the window is open, a shop offers variants of
 * its own active products, each at a price below its selling price now (or a percentage off it). A
 * sale approving at once approves them as they come. Answers the enrolments and the cache tags to drop.
 */
export async function enrolVariants(db: Db, shopId: number | null, saleId: number, input: EnrolmentCreate, writer: SaleWriter): Promise<{ enrolments: ConsoleEnrolment[]; tags: string[] }> {
  const created = await refusingEnrolledTwice(() =>
    inRetriedTransaction(db, async (tx) => {
      const sale = await lockedSale(tx, saleId);
      if (!enrolmentOpen(sale, writer.now)) throw conflict(ENROLMENT_CLOSED);
      const shop = await shopForNewRecord(tx, shopId, input.shop_id);
      const variantIds = input.variants.map((row) => row.variant_id);
      const variants = await tx
        .select({ id: productVariants.id, productId: products.id, price: regularPrice })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(inArray(productVariants.id, variantIds), eq(products.shopId, shop), eq(products.status, 'active'), eq(productVariants.isActive, true)));
      const enrolled = await tx
        .select({ variantId: flashSaleEnrolments.variantId })
        .from(flashSaleEnrolments)
        .where(and(eq(flashSaleEnrolments.flashSaleId, saleId), inArray(flashSaleEnrolments.variantId, variantIds)));
      const byId = new Map(variants.map((variant) => [variant.id, variant]));
      const taken = new Set(enrolled.map((row) => row.variantId));
      const seen = new Set<number>();
      const errors: FieldErrors = {};
      const values = input.variants.flatMap((row, index) => {
        const variant = byId.get(row.variant_id);
        const at = `variants.${index}`;
        if (seen.has(row.variant_id)) errors[`${at}.variant_id`] = [VARIANT_NAMED_TWICE];
        else if (!variant) errors[`${at}.variant_id`] = [VARIANT_NOT_ENROLLABLE];
        else if (taken.has(row.variant_id)) errors[`${at}.variant_id`] = [VARIANT_ALREADY_ENROLLED];
        seen.add(row.variant_id);
        if (!variant || errors[`${at}.variant_id`]) return [];
        const percentage = row.percentage ?? null;
        const salePrice = percentage === null ? toMinor(row.sale_price!) : Math.round((variant.price * (100 - percentage)) / 100);
        if (salePrice >= variant.price || salePrice <= 0) {
          errors[`${at}.${percentage === null ? 'sale_price' : 'percentage'}`] = [SALE_PRICE_NOT_BELOW];
          return [];
        }
        const status = sale.autoApprove ? ('approved' as const) : ('pending' as const);
        return [
          {
            flashSaleId: saleId,
            shopId: shop,
            productId: variant.productId,
            variantId: variant.id,
            salePrice,
            percentage,
            stockCap: row.stock_cap ?? null,
            status,
            decidedAt: sale.autoApprove ? writer.now : null,
            createdAt: writer.now,
          },
        ];
      });
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const rows = await tx.insert(flashSaleEnrolments).values(values).returning();
      if (writer.audit) {
        for (const row of rows) {
          await recordAudit(tx, writer.audit, { action: 'flash_sale_enrolment.create', entityType: 'flash_sale_enrolment', entityId: row.id, shopId: shop, before: null, after: audited(row) });
        }
      }
      return rows;
    }),
  );
  const approved = created.filter((row) => row.status === 'approved').map((row) => row.productId);
  return { enrolments: await readEnrolments(db, created.map((row) => row.id)), tags: approved.length > 0 ? salePriceTags(approved) : [] };
}

/** The enrolment of the sale in the reader's scope (another shop's is not found), locked with its sale. */
async function lockedEnrolment(tx: Db, shopId: number | null, saleId: number, enrolmentId: number) {
  const sale = await lockedSale(tx, saleId);
  const [enrolment] = await tx
    .select()
    .from(flashSaleEnrolments)
    .where(and(eq(flashSaleEnrolments.id, enrolmentId), eq(flashSaleEnrolments.flashSaleId, saleId), shopId === null ? undefined : eq(flashSaleEnrolments.shopId, shopId)))
    .for('update');
  if (!enrolment) throw notFound(ENROLMENT_NOT_FOUND);
  return { sale, enrolment };
}

/**
 * `DELETE …/enrolments/{enrolmentId}`: the shop takes a variant back: a pending or declined one at
 * any time, an approved one until the sale starts. Answers the cache tags to drop.
 */
export async function withdrawEnrolment(db: Db, shopId: number | null, saleId: number, enrolmentId: number, writer: SaleWriter): Promise<string[]> {
  const enrolment = await inRetriedTransaction(db, async (tx) => {
    const { sale, enrolment } = await lockedEnrolment(tx, shopId, saleId, enrolmentId);
    if (enrolment.status === 'approved' && saleStatus(sale, writer.now) !== 'scheduled') throw conflict(ENROLMENT_STARTED);
    await tx.delete(flashSaleEnrolments).where(eq(flashSaleEnrolments.id, enrolmentId));
    if (writer.audit) {
      await recordAudit(tx, writer.audit, { action: 'flash_sale_enrolment.withdraw', entityType: 'flash_sale_enrolment', entityId: enrolmentId, shopId: enrolment.shopId, before: audited(enrolment), after: null });
    }
    return enrolment;
  });
  return enrolment.status === 'approved' ? salePriceTags([enrolment.productId]) : [];
}

/** `POST …/approve` and `…/decline` (the store's staff): a pending enrolment of a sale that has not ended. */
export async function decideEnrolment(
  db: Db,
  saleId: number,
  enrolmentId: number,
  decision: { approve: true } | { approve: false; reason: string },
  writer: SaleWriter,
): Promise<{ enrolment: ConsoleEnrolment; tags: string[] }> {
  const decided = await inRetriedTransaction(db, async (tx) => {
    const { sale, enrolment } = await lockedEnrolment(tx, null, saleId, enrolmentId);
    if (saleStatus(sale, writer.now) === 'ended') throw conflict(ENDED_SALE_FIXED);
    if (enrolment.status !== 'pending') throw conflict(ENROLMENT_ALREADY_DECIDED);
    const [updated] = await tx
      .update(flashSaleEnrolments)
      .set({ status: decision.approve ? 'approved' : 'declined', declineReason: decision.approve ? null : decision.reason, decidedAt: writer.now })
      .where(eq(flashSaleEnrolments.id, enrolmentId))
      .returning();
    if (writer.audit) {
      await recordAudit(tx, writer.audit, {
        action: decision.approve ? 'flash_sale_enrolment.approve' : 'flash_sale_enrolment.decline',
        entityType: 'flash_sale_enrolment',
        entityId: enrolmentId,
        shopId: enrolment.shopId,
        before: audited(enrolment),
        after: audited(updated!),
      });
    }
    return updated!;
  });
  const [enrolment] = await readEnrolments(db, [enrolmentId]);
  return { enrolment: enrolment!, tags: decision.approve ? salePriceTags([decided.productId]) : [] };
}
