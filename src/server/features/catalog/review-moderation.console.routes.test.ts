import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetails } from '../../../shared/catalog.contract.ts';
import type { OrderDetail } from '../../../shared/orders.contract.ts';
import type { ModeratedReview, ReviewModerationPage } from '../../../shared/review-moderation.contract.ts';
import { auditLog, orderItems } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts, addReview } from '../../test/catalog-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { addStoredOrders } from '../../test/order-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
let catalogueManager: string;
let seller: { authorization: string; shopId: number };
let sellerStaffReader: string;
let otherSeller: string;

const REASON = { reason: 'Contains a phone number.' };
const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization }, payload });
const moderate = (id: number, action: 'hide' | 'show', authorization = catalogueManager, payload: Record<string, unknown> = REASON) => call(authorization, 'POST', `/api/console/reviews/${id}/${action}`, payload);
const listed = async (query: string, authorization = catalogueManager) => {
  const response = await call(authorization, 'GET', `/api/console/reviews?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ReviewModerationPage }>().data;
};
const sellersModerate = async (on: boolean) => expect((await call(owner, 'PATCH', '/api/admin/settings', { sellers_moderate_reviews: on })).statusCode).toBe(200);
const productPage = async (id: number) => (await ctx.app.inject({ url: `/api/products/${id}` })).json<{ data: { product: ProductDetails } }>().data.product;
const shopRating = async (shopId: number) => (await ctx.app.inject({ url: `/api/shops/${shopId}` })).json<{ data: { shop: { rating: number; total_reviews: number } } }>().data.shop;
const productOf = async (shopId: number) => (await addProducts(ctx.database.db, [{ name: 'Moderated Lamp', shopId }]))[0]!;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  catalogueManager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
  const shop = await addShopWithOwner(ctx.app);
  seller = { authorization: shop.owner.authorization, shopId: shop.shop.id };
  sellerStaffReader = (await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.shop.id, permissions: ['catalogue.read'] })).authorization;
  otherSeller = (await addShopWithOwner(ctx.app)).owner.authorization;
});
afterAll(() => ctx.close());

describe('hiding and showing a review (store staff)', () => {
  it('takes a hidden review off the product page and out of the product’s and shop’s ratings, and brings it back', async () => {
    const productId = await productOf(seller.shopId);
    const kept = await addReview(ctx.database.db, productId, { rating: 5 });
    const unfair = await addReview(ctx.database.db, productId, { rating: 1 });
    // The ratings as the two reviews make them.
    expect((await moderate(unfair, 'hide')).statusCode).toBe(200);
    expect((await moderate(unfair, 'show')).statusCode).toBe(200);
    expect(await productPage(productId)).toMatchObject({ rating: 3, total_reviews: 2, rating_breakdown: { '1': 1, '5': 1 } });
    expect(await shopRating(seller.shopId)).toMatchObject({ rating: 3, total_reviews: 2 });

    const hidden = await moderate(unfair, 'hide');
    expect(hidden.json()).toMatchObject({ message: 'Review hidden', data: { review: { id: unfair, rating: 1, hidden: { reason: 'Contains a phone number.' } } } });
    const page = await productPage(productId);
    expect(page).toMatchObject({ rating: 5, total_reviews: 1, rating_breakdown: { '1': 0, '5': 1 } });
    expect(page.reviews.map((review) => review.id)).toEqual([kept]);
    expect(await shopRating(seller.shopId)).toMatchObject({ rating: 5, total_reviews: 1 });

    const again = await moderate(unfair, 'hide');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This review is already hidden.' });

    const shown = await moderate(unfair, 'show', catalogueManager, { reason: 'The number was the shop’s own.' });
    expect(shown.json()).toMatchObject({ message: 'Review shown', data: { review: { hidden: null } } });
    expect(await productPage(productId)).toMatchObject({ rating: 3, total_reviews: 2 });

    const audit = await ctx.database.db.select({ action: auditLog.action, shopId: auditLog.shopId, changes: auditLog.changes }).from(auditLog).where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, String(unfair)))).orderBy(asc(auditLog.id));
    expect(audit.at(-2)).toEqual({ action: 'review.hide', shopId: seller.shopId, changes: { hidden: { before: false, after: true }, reason: { after: 'Contains a phone number.' } } });
    expect(audit.at(-1)).toMatchObject({ action: 'review.show', changes: { hidden: { before: true, after: false } } });
  });

  it('lists reviews newest first, filtered by visibility, product and rating, a keyset page at a time', async () => {
    const productId = await productOf(seller.shopId);
    const [four, two, hidden] = [await addReview(ctx.database.db, productId, { rating: 4 }), await addReview(ctx.database.db, productId, { rating: 2 }), await addReview(ctx.database.db, productId, { rating: 4, hiddenReason: 'Spam' })];
    const ids = (page: ReviewModerationPage) => page.reviews.map((review) => review.id);
    expect(ids(await listed(`product_id=${productId}`))).toEqual([hidden, two, four]);
    expect(ids(await listed(`product_id=${productId}&visibility=visible`))).toEqual([two, four]);
    expect((await listed(`product_id=${productId}&visibility=hidden`)).reviews).toEqual([expect.objectContaining<Partial<ModeratedReview>>({ id: hidden, hidden: { at: expect.any(String), reason: 'Spam' } })]);
    expect(ids(await listed(`product_id=${productId}&rating=4`))).toEqual([hidden, four]);
    const first = await listed(`product_id=${productId}&limit=2`);
    expect(ids(first)).toEqual([hidden, two]);
    expect(ids(await listed(`product_id=${productId}&limit=2&cursor=${first.next_cursor}`))).toEqual([four]);
  });

  it('refuses a missing reason and a bad filter under their fields, and an unknown review with 404', async () => {
    const productId = await productOf(seller.shopId);
    const review = await addReview(ctx.database.db, productId);
    const missing = await moderate(review, 'hide', catalogueManager, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ reason: ['The reason field is required.'] });
    const badRating = await call(catalogueManager, 'GET', '/api/console/reviews?rating=6&visibility=gone');
    expect(badRating.statusCode).toBe(422);
    expect(badRating.json().errors).toEqual({ rating: ['The rating must be between 1 and 5.'], visibility: ['The selected visibility is invalid.'] });
    const unknown = await moderate(99_999_999, 'hide');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Review not found' });
  });
});

describe('the shopper whose review was hidden', () => {
  it('sees in the order’s details that it was hidden, and why', async () => {
    const customer = await createCustomer(ctx.app);
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: seller.shopId, userId: customer.user.id, status: 'delivered' }]);
    const [line] = await ctx.database.db.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, order!.id));
    const headers = { authorization: customer.authorization };
    const written = await ctx.app.inject({ method: 'POST', url: `/api/orders/${order!.id}/reviews`, headers, payload: { product_id: line!.productId, rating: 2, comment: 'Call me on 555 0101' } });
    expect(written.statusCode, written.body).toBe(201);
    const [review] = (await listed(`product_id=${line!.productId}`)).reviews;
    expect(review).toMatchObject({ customer_id: customer.user.id, comment: 'Call me on 555 0101' });

    expect((await moderate(review!.id, 'hide')).statusCode).toBe(200);
    const details = (await ctx.app.inject({ url: `/api/orders/${order!.id}`, headers })).json<{ data: { order: OrderDetail } }>().data.order;
    expect(details.items[0]!.review).toEqual({ rating: 2, comment: 'Call me on 555 0101', hidden: { reason: 'Contains a phone number.' } });
    expect((await productPage(line!.productId)).reviews).toEqual([]);
  });
});

describe('a shop’s people', () => {
  it('are refused (403) while the store does not let shops moderate', async () => {
    const review = await addReview(ctx.database.db, await productOf(seller.shopId));
    for (const response of [await call(seller.authorization, 'GET', '/api/console/reviews'), await moderate(review, 'hide', seller.authorization)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    // The console hides the page from them while the setting is off; `me` says which it is.
    expect((await call(seller.authorization, 'GET', '/api/console/me')).json().data.sellers_moderate_reviews).toBe(false);
  });

  describe('once the store lets them', () => {
    beforeAll(() => sellersModerate(true));
    afterAll(() => sellersModerate(false));

    it('see and moderate their own shop’s products’ reviews only; another shop’s review is not found', async () => {
      expect((await call(seller.authorization, 'GET', '/api/console/me')).json().data.sellers_moderate_reviews).toBe(true);
      const own = await addReview(ctx.database.db, await productOf(seller.shopId));
      const elsewhere = await addReview(ctx.database.db, await productOf((await addShopWithOwner(ctx.app)).shop.id));
      const shops = new Set((await listed('limit=100', seller.authorization)).reviews.map((review) => review.shop.id));
      expect([...shops]).toEqual([seller.shopId]);

      expect((await moderate(own, 'hide', seller.authorization)).json()).toMatchObject({ data: { review: { id: own, hidden: { reason: 'Contains a phone number.' } } } });
      const foreign = await moderate(elsewhere, 'hide', seller.authorization);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: 'Review not found' });
      expect((await moderate(own, 'show', otherSeller)).statusCode).toBe(404);
    });

    it('still need catalogue.write', async () => {
      const review = await addReview(ctx.database.db, await productOf(seller.shopId));
      expect((await moderate(review, 'hide', sellerStaffReader)).statusCode).toBe(403);
    });
  });
});
