import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ModeratedReview, ReviewModerationPage, ReviewModerationQuery } from '../../../shared/review-moderation.contract.ts';
import type { Db } from '../../db/client.ts';
import { products, reviews, shops } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { NOT_ALLOWED_MESSAGE, shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, readCursor } from '../../platform/keyset-pages.ts';
import { keptStoreSettings } from '../settings/settings.service.ts';
import { refreshProductRating, refreshShopRatings } from './catalog.service.ts';
import { reviewTags, type CatalogWrites } from './catalog-writes.ts';

export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';

/**
 * The shop whose products' reviews the caller moderates (null: every shop, the store's staff). A
 * shop's people moderate only while the store's `sellers_moderate_reviews` setting is on.
 */
async function moderationScope({ db, caches }: CatalogWrites, identity: ConsoleIdentity): Promise<number | null> {
  const shopId = shopScope(identity);
  if (shopId !== null && !(await keptStoreSettings(caches, db)).sellers_moderate_reviews) throw forbidden(NOT_ALLOWED_MESSAGE);
  return shopId;
}

const reviewColumns = {
  review: reviews,
  product: { id: products.id, name: products.name, thumbnail: products.thumbnail },
  shop: { id: shops.id, name: shops.name },
};

type ReviewRow = { review: typeof reviews.$inferSelect; product: ModeratedReview['product']; shop: ModeratedReview['shop'] };

const selectReviews = (db: Db) => db.select(reviewColumns).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).innerJoin(shops, eq(shops.id, products.shopId));

function presentReview({ review, product, shop }: ReviewRow): ModeratedReview {
  return {
    id: review.id,
    product,
    shop,
    reviewer_name: review.reviewerName,
    customer_id: review.userId,
    rating: review.rating,
    comment: review.comment,
    created_at: review.createdAt.toISOString(),
    hidden: review.hiddenAt ? { at: review.hiddenAt.toISOString(), reason: review.hiddenReason ?? '' } : null,
  };
}

/** `GET /api/console/reviews`: newest first, a keyset page (by id) at a time. */
export async function listReviews(writes: CatalogWrites, identity: ConsoleIdentity, query: ReviewModerationQuery): Promise<ReviewModerationPage> {
  const shopId = await moderationScope(writes, identity);
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await selectReviews(writes.db)
    .where(
      and(
        shopId === null ? undefined : eq(products.shopId, shopId),
        query.visibility === undefined ? undefined : query.visibility === 'hidden' ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt),
        query.product_id === undefined ? undefined : eq(reviews.productId, query.product_id),
        query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
        after && afterPosition('desc', [reviews.id], after),
      ),
    )
    .orderBy(desc(reviews.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.review.id]);
  return { reviews: page.map(presentReview), next_cursor };
}

/**
 * `POST /api/console/reviews/{id}/hide` and `/show`: the review leaves (or comes back to) the
 * storefront, its product's rating is recomputed from the visible reviews in the same transaction,
 * then every shop's; the product's and the listings' caches are cleared.
 */
export async function moderateReview(
  writes: CatalogWrites,
  identity: ConsoleIdentity,
  id: number,
  { hide, reason }: { hide: boolean; reason: string },
  audit: AuditContext,
): Promise<ModeratedReview> {
  const { db, caches } = writes;
  const shopId = await moderationScope(writes, identity);
  const productId = await db.transaction(async (tx) => {
    const [row] = await selectReviews(tx)
      .where(and(eq(reviews.id, id), shopId === null ? undefined : eq(products.shopId, shopId)))
      .for('update', { of: reviews });
    if (!row) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
    const { review, shop } = row;
    if (hide === (review.hiddenAt !== null)) throw conflict(hide ? 'This review is already hidden.' : 'This review is already shown.');
    await tx
      .update(reviews)
      .set(hide ? { hiddenAt: audit.now, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
      .where(eq(reviews.id, id));
    await refreshProductRating(tx, review.productId);
    await recordAudit(tx, audit, {
      action: hide ? 'review.hide' : 'review.show',
      entityType: 'review',
      entityId: id,
      shopId: shop.id,
      before: { hidden: !hide },
      after: { hidden: hide, reason },
    });
    return review.productId;
  });
  // Every shop's figure in one statement, outside the transaction, as when a review is written.
  await refreshShopRatings(db);
  caches.invalidate(reviewTags(productId));
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return presentReview(row!);
}
