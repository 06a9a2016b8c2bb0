import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ConsoleProduct, ProductCreate, ProductUpdate } from '../../../shared/catalog-console.contract.ts';
import type { ProductReviewDetail, ProductReviewPage, ProductReviewQuery, ProductReviewRow } from '../../../shared/product-review-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { productRevisions, products, shops, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, readCursor } from '../../platform/keyset-pages.ts';
import { keptStoreSettings, readStoreSettings } from '../settings/settings.service.ts';
import type { LiveEventDependencies } from '../live/live-events.ts';
import { notifyProductAwaitingApproval, publishNotifications } from '../notifications/notifications.service.ts';
import type { CatalogWrites } from './catalog-writes.ts';
import { createProduct, insertProduct, loadProduct, productInScope, productWriteTags, refusingTakenValues, updateProduct, writeProductUpdate } from './product-editing.service.ts';
import { productReviewMail, type ProductReviewNews } from './product-review-mail.ts';
import { withdrawPendingRevision } from './product-revisions.ts';

export const PRODUCT_REVIEW_NOT_FOUND_MESSAGE = 'Product review not found';
const ALREADY_DECIDED_MESSAGE = 'This change has already been decided.';

/** A product write of the console: saved, or (a shop's, with `product_approval` on) waiting for the store's approval. */
/** A product write that may tell the store's staff of a proposal waiting for them. */
type ReviewWrites = CatalogWrites & LiveEventDependencies;

export interface SavedProduct {
  product: ConsoleProduct;
  submitted: boolean;
}

type RevisionKind = (typeof productRevisions.$inferSelect)['kind'];

/** Only a shop's people's writes wait; the store's staff publish directly. */
async function approvalApplies({ db, caches }: CatalogWrites, identity: ConsoleIdentity): Promise<boolean> {
  return shopScope(identity) !== null && (await keptStoreSettings(caches, db)).product_approval;
}

/** Thrown to roll back the dry run once it has shown what the product would become. */
class DryRunDone extends Error {}

/**
 * The product as `changes` would leave it, written by the same code as an edit and rolled back: the
 * seller hears of a bad edit (a SKU taken, another shop's picture) at once, and the reviewer sees
 * exactly what approving does.
 */
async function proposedProduct(tx: Db, identity: ConsoleIdentity, productId: number, changes: ProductUpdate, context: AuditContext): Promise<ConsoleProduct> {
  let proposed: ConsoleProduct | undefined;
  try {
    await tx.transaction(async (dryRun) => {
      await writeProductUpdate(dryRun, identity, productId, changes, context);
      proposed = { ...(await loadProduct(dryRun, productId)), review: null };
      throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  return proposed!;
}

/**
 * Puts a seller's change to a product (locked by the caller) in the store's queue, in the caller's
 * transaction: a waiting proposal for the same product gives way to it, its changes merged under the
 * new ones (field by field; `variants` as a whole). The product itself does not change.
 */
export async function submitProductRevision(tx: Db, identity: ConsoleIdentity, productId: number, kind: RevisionKind, input: ProductUpdate, context: AuditContext) {
  const [waiting] = await tx.select().from(productRevisions).where(and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending')));
  const changes = { ...waiting?.changes, ...input };
  const proposed = await proposedProduct(tx, identity, productId, changes, context);
  await withdrawPendingRevision(tx, productId);
  const revisionKind = waiting?.kind ?? kind;
  const [revision] = await tx
    .insert(productRevisions)
    .values({ productId, shopId: proposed.shop.id, authorId: context.actorUserId, kind: revisionKind, changes, proposed, createdAt: context.now })
    .returning({ id: productRevisions.id });
  await recordAudit(tx, context, { action: 'product.submit', entityType: 'product', entityId: productId, shopId: proposed.shop.id, before: null, after: { review_id: revision!.id, kind: revisionKind, changes } });
  // The store's catalogue staff hear of it; told live once the submission has committed.
  return notifyProductAwaitingApproval(tx, productId, context.now);
}

/**
 * `POST /api/console/products`: a shop's new product meant to go on sale is saved as a draft and
 * submitted for approval while `product_approval` is on (decision 033); otherwise saved as asked.
 */
export async function saveNewProduct(writes: ReviewWrites, identity: ConsoleIdentity, input: ProductCreate, context: AuditContext): Promise<SavedProduct> {
  if (input.status !== 'active' || !(await approvalApplies(writes, identity))) return { product: await createProduct(writes, identity, input, context), submitted: false };
  const { productId, notifications } = await refusingTakenValues(() =>
    inRetriedTransaction(writes.db, async (tx) => {
      const id = await insertProduct(tx, identity, { ...input, status: 'draft' }, context);
      return { productId: id, notifications: await submitProductRevision(tx, identity, id, 'create', { status: 'active' }, context) };
    }),
  );
  await publishNotifications(writes, notifications);
  return { product: await loadProduct(writes.db, productId), submitted: true };
}

/**
 * `PATCH /api/console/products/{id}`: while `product_approval` is on, a shop's edit of a product on
 * sale, one putting it on sale, or one of a product with a proposal waiting, is submitted for
 * approval and the storefront keeps the product as it is; any other edit is saved at once.
 */
export async function saveProductEdit(writes: ReviewWrites, identity: ConsoleIdentity, productId: number, input: ProductUpdate, context: AuditContext): Promise<SavedProduct> {
  if (!(await approvalApplies(writes, identity))) return { product: await updateProduct(writes, identity, productId, input, context), submitted: false };
  const notifications = await refusingTakenValues(() =>
    inRetriedTransaction(writes.db, async (tx) => {
      const { status } = await productInScope(tx, identity, productId, { lock: true });
      const [waiting] = await tx.select({ id: productRevisions.id }).from(productRevisions).where(and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending')));
      if (status === 'active' || status === 'withheld' || input.status === 'active' || waiting) return submitProductRevision(tx, identity, productId, 'update', input, context);
      await writeProductUpdate(tx, identity, productId, input, context);
      return null;
    }),
  );
  if (notifications) await publishNotifications(writes, notifications);
  else writes.caches.invalidate(productWriteTags(productId));
  return { product: await loadProduct(writes.db, productId), submitted: notifications !== null };
}

// ---- The store's queue ----

const authors = alias(users, 'authors');
const reviewers = alias(users, 'reviewers');

const selectRows = (db: Db) =>
  db
    .select({
      revision: productRevisions,
      product: { id: products.id, name: products.name, thumbnail: products.thumbnail, status: products.status },
      shop: { id: shops.id, name: shops.name },
      authorName: authors.name,
      reviewerName: reviewers.name,
    })
    .from(productRevisions)
    .innerJoin(products, eq(products.id, productRevisions.productId))
    .innerJoin(shops, eq(shops.id, productRevisions.shopId))
    .leftJoin(authors, eq(authors.id, productRevisions.authorId))
    .leftJoin(reviewers, eq(reviewers.id, productRevisions.reviewerId));

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const person = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

const presentRow = ({ revision, product, shop, authorName, reviewerName }: Row): ProductReviewRow => ({
  id: revision.id,
  status: revision.status,
  kind: revision.kind,
  product,
  proposed_name: revision.proposed.name,
  shop,
  author: person(revision.authorId, authorName),
  submitted_at: revision.createdAt.toISOString(),
  reviewer: person(revision.reviewerId, reviewerName),
  reason: revision.reason,
  decided_at: revision.decidedAt?.toISOString() ?? null,
});

/** `GET /api/console/product-reviews`: the proposals in one status, oldest first, a keyset page at a time on `(status, id)`. */
export async function listProductReviews(db: Db, query: ProductReviewQuery): Promise<ProductReviewPage> {
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await selectRows(db)
    .where(and(eq(productRevisions.status, query.status), after && afterPosition('asc', [productRevisions.id], after)))
    .orderBy(asc(productRevisions.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.revision.id]);
  return { reviews: page.map(presentRow), next_cursor };
}

async function readRow(db: Db, reviewId: number): Promise<Row> {
  const [row] = await selectRows(db).where(eq(productRevisions.id, reviewId));
  if (!row) throw notFound(PRODUCT_REVIEW_NOT_FOUND_MESSAGE);
  return row;
}

/** `GET /api/console/product-reviews/{id}`: the proposal beside the product as the storefront shows it now. */
export async function readProductReview(db: Db, reviewId: number): Promise<ProductReviewDetail> {
  const row = await readRow(db, reviewId);
  const onSale = row.product.status === 'active';
  return { review: presentRow(row), current: onSale ? await loadProduct(db, row.product.id) : null, proposed: row.revision.proposed };
}

export type ProductReviewDecision = { action: 'approve' } | { action: 'reject'; reason: string };

/**
 * `POST /api/console/product-reviews/{id}/approve|reject`: under the product's lock and then the
 * proposal's (the order a submission takes them in), a waiting proposal is approved (its changes
 * written as an edit by the reviewer) or rejected with a reason; the audit row and the seller's mail
 * go in the same transaction. A decided one is refused (409), so two reviewers cannot apply it twice.
 */
export async function decideProductReview(app: FastifyInstance, identity: ConsoleIdentity, reviewId: number, decision: ProductReviewDecision, context: AuditContext): Promise<ProductReviewRow> {
  const { db } = app.database;
  const productId = await refusingTakenValues(() =>
    inRetriedTransaction(db, async (tx) => {
      const [target] = await tx.select({ productId: productRevisions.productId }).from(productRevisions).where(eq(productRevisions.id, reviewId));
      if (!target) throw notFound(PRODUCT_REVIEW_NOT_FOUND_MESSAGE);
      await productInScope(tx, identity, target.productId, { lock: true });
      const [revision] = await tx.select().from(productRevisions).where(eq(productRevisions.id, reviewId)).for('update');
      if (revision!.status !== 'pending') throw new HttpError(409, ALREADY_DECIDED_MESSAGE);
      const action = `product.${decision.action}` as const;
      const reason = decision.action === 'reject' ? decision.reason : null;
      // The decision is a line of the product's history: an approval's row is the edit it makes.
      if (decision.action === 'approve') await writeProductUpdate(tx, identity, revision!.productId, revision!.changes, context, { action, note: { review_id: reviewId } });
      else await recordAudit(tx, context, { action, entityType: 'product', entityId: revision!.productId, shopId: revision!.shopId, before: null, after: { review_id: reviewId, reason } });
      const status = decision.action === 'approve' ? 'approved' : 'rejected';
      await tx.update(productRevisions).set({ status, reason, reviewerId: context.actorUserId, decidedAt: context.now }).where(eq(productRevisions.id, reviewId));
      await queueAuthorMail(app, tx, revision!.authorId, revision!.productId, decision.action === 'approve' ? { kind: 'approved' } : { kind: 'rejected', reason: reason! });
      return revision!.productId;
    }),
  );
  app.jobs.sendQueuedMail();
  if (decision.action === 'approve') app.caches.invalidate(productWriteTags(productId));
  return presentRow(await readRow(db, reviewId));
}

async function queueAuthorMail(app: FastifyInstance, tx: Db, authorId: number | null, productId: number, news: ProductReviewNews) {
  if (authorId === null) return;
  const [author] = await tx.select({ name: users.name, email: users.email, locale: users.locale }).from(users).where(eq(users.id, authorId));
  const [product] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId));
  const mail = author ? productReviewMail(app, author, product!, await readStoreSettings(tx), news) : null;
  if (mail) await app.jobs.queueMail(mail, tx);
}
