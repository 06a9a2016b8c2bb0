import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import type { ProductReviewDetail, ProductReviewPage, ProductReviewRow } from '../../../shared/product-review-console.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { addProducts, catalogAnchors } from '../../test/catalog-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
let reviewer: string;
let seller: { authorization: string; email: string; shopId: number };
let otherSeller: string;
let categoryId: number;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (authorization: string, method: Method, url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization }, payload });
const setApproval = async (on: boolean) => expect((await call(owner, 'PATCH', '/api/admin/settings', { product_approval: on })).statusCode).toBe(200);
const storefrontName = async (productId: number) => {
  const response = await ctx.app.inject({ url: `/api/products/${productId}` });
  return response.statusCode === 200 ? (response.json().data.product.name as string) : response.statusCode;
};
const consoleProduct = async (authorization: string, productId: number) => (await call(authorization, 'GET', `/api/console/products/${productId}`)).json<{ data: { product: ConsoleProduct } }>().data.product;
const queue = async (authorization = reviewer) => (await call(authorization, 'GET', '/api/console/product-reviews?status=pending&limit=100')).json<{ data: ProductReviewPage }>().data.reviews;
const reviewOf = async (productId: number) => (await queue()).find((review) => review.product.id === productId)!;
const decide = (id: number, action: 'approve' | 'reject', payload?: Record<string, unknown>, authorization = reviewer) => call(authorization, 'POST', `/api/console/product-reviews/${id}/${action}`, payload);
const liveProduct = async (shopId = seller.shopId) => (await addProducts(ctx.database.db, [{ name: `Live Kettle ${randomUUID().slice(0, 6)}`, shopId }]))[0]!;
const newProduct = () => {
  const sku = `APPROVAL-${randomUUID().slice(0, 8).toUpperCase()}`;
  return { name: `Copper Kettle ${randomUUID().slice(0, 6)}`, category_id: categoryId, sku, price: 24.5, status: 'active', variants: [{ sku, stock: 4 }] };
};
const auditActions = async (productId: number) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(productId)))).orderBy(asc(auditLog.id))).map((row) => row.action);

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  reviewer = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
  const shop = await addShopWithOwner(ctx.app);
  seller = { authorization: shop.owner.authorization, email: shop.owner.user.email!, shopId: shop.shop.id };
  otherSeller = (await addShopWithOwner(ctx.app)).owner.authorization;
  categoryId = (await catalogAnchors(ctx.database.db)).category_id;
});
afterAll(() => ctx.close());

describe('product approval off (the default)', () => {
  it('publishes a seller’s edit at once', async () => {
    const productId = await liveProduct();
    const response = await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name: 'Renamed Directly' });
    expect(response.json()).toMatchObject({ message: 'Product updated', data: { product: { name: 'Renamed Directly', review: null } } });
    expect(await storefrontName(productId)).toBe('Renamed Directly');
  });
});

describe('product approval on', () => {
  beforeAll(() => setApproval(true));
  afterAll(() => setApproval(false));

  it('keeps a seller’s new product out of the storefront until the store approves it', async () => {
    const created = await call(seller.authorization, 'POST', '/api/console/products', newProduct());
    expect(created.statusCode, created.body).toBe(201);
    const { message, data } = created.json<{ message: string; data: { product: ConsoleProduct } }>();
    expect(message).toBe('Product submitted for approval');
    expect(data.product).toMatchObject({ status: 'draft', review: { status: 'pending', changes: { status: 'active' }, reason: null } });
    const productId = data.product.id;
    expect(await storefrontName(productId)).toBe(404);

    // The reviewer's console hears of it.
    const told = await call(reviewer, 'GET', '/api/console/notifications?limit=1');
    expect(told.json().data.notifications[0]).toMatchObject({ kind: 'product_awaiting_approval', entity_id: productId, data: { product: data.product.name } });

    const row = await reviewOf(productId);
    expect(row).toMatchObject({ kind: 'create', status: 'pending', proposed_name: data.product.name, shop: { id: seller.shopId }, author: { name: expect.any(String) }, reviewer: null });
    const detail = (await call(reviewer, 'GET', `/api/console/product-reviews/${row.id}`)).json<{ data: ProductReviewDetail }>().data;
    expect(detail.current).toBeNull();
    expect(detail.proposed).toMatchObject({ id: productId, name: data.product.name, status: 'active', price: 24.5 });

    const approved = await decide(row.id, 'approve');
    expect(approved.json()).toMatchObject({ message: 'Product change approved', data: { review: { id: row.id, status: 'approved', decided_at: expect.any(String) } } });
    expect(await storefrontName(productId)).toBe(data.product.name);
    expect((await consoleProduct(seller.authorization, productId)).review).toBeNull();
    expect(await auditActions(productId)).toEqual(['product.create', 'product.submit', 'product.approve']);
  });

  it('keeps showing a live product as it was while the seller’s edit waits, and the edit at once when approved', async () => {
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    const productId = await liveProduct();
    const before = await storefrontName(productId); // the page is cached from here on
    const edit = await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name: 'Kettle Waiting', price: 30 });
    expect(edit.json()).toMatchObject({ message: 'Product submitted for approval', data: { product: { name: before, price: 10, review: { status: 'pending', changes: { name: 'Kettle Waiting', price: 30 } } } } });
    expect(await storefrontName(productId)).toBe(before);

    // A newer edit replaces the waiting one, keeping what it does not change.
    await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name: 'Kettle Approved' });
    const row = await reviewOf(productId);
    expect((await queue()).filter((review) => review.product.id === productId)).toHaveLength(1);
    const detail = (await call(reviewer, 'GET', `/api/console/product-reviews/${row.id}`)).json<{ data: ProductReviewDetail }>().data;
    expect(detail.current).toMatchObject({ name: before, price: 10 });
    expect(detail.proposed).toMatchObject({ name: 'Kettle Approved', price: 30 });
    expect(await storefrontName(productId)).toBe(before);

    expect((await decide(row.id, 'approve')).statusCode).toBe(200);
    expect(await storefrontName(productId)).toBe('Kettle Approved');
    expect(await consoleProduct(seller.authorization, productId)).toMatchObject({ name: 'Kettle Approved', price: 30, review: null });
    await vi.waitFor(() => expect(mail.mock.calls.map(([sent]) => sent).filter((sent) => sent.to === seller.email).map((sent) => sent.subject)).toContainEqual(expect.stringContaining('Your product change is approved')), { timeout: 10_000 });
  });

  it('keeps the product as it was when the change is rejected, and tells the seller why', async () => {
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    const productId = await liveProduct();
    const before = await storefrontName(productId);
    await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name: 'Kettle Rejected' });
    const row = await reviewOf(productId);

    const missing = await decide(row.id, 'reject', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ reason: ['The reason field is required.'] });
    const rejected = await decide(row.id, 'reject', { reason: 'The name is another brand’s.' });
    expect(rejected.json()).toMatchObject({ message: 'Product change rejected', data: { review: { status: 'rejected', reason: 'The name is another brand’s.' } } });

    expect(await storefrontName(productId)).toBe(before);
    expect(await consoleProduct(seller.authorization, productId)).toMatchObject({ name: before, review: { status: 'rejected', reason: 'The name is another brand’s.', decided_at: expect.any(String) } });
    expect(await auditActions(productId)).toEqual(['product.submit', 'product.reject']);
    await vi.waitFor(() => expect(mail.mock.calls.map(([sent]) => sent).find((sent) => sent.to === seller.email && sent.subject.includes('not approved'))?.text).toContain('The name is another brand’s.'), {
      timeout: 10_000,
    });
  });

  it('lets the store’s staff publish directly, and leaves stock moves and drafts alone', async () => {
    const productId = await liveProduct();
    const staffEdit = await call(reviewer, 'PATCH', `/api/console/products/${productId}`, { name: 'Staff Renamed' });
    expect(staffEdit.json()).toMatchObject({ message: 'Product updated', data: { product: { name: 'Staff Renamed' } } });
    expect(await storefrontName(productId)).toBe('Staff Renamed');

    const draft = await call(seller.authorization, 'POST', '/api/console/products', { ...newProduct(), status: 'draft' });
    expect(draft.json()).toMatchObject({ message: 'Product created', data: { product: { status: 'draft', review: null } } });
    const draftEdit = await call(seller.authorization, 'PATCH', `/api/console/products/${draft.json().data.product.id}`, { name: 'Draft Renamed' });
    expect(draftEdit.json()).toMatchObject({ message: 'Product updated', data: { product: { name: 'Draft Renamed' } } });

    const { variants } = await consoleProduct(seller.authorization, productId);
    const stock = await call(seller.authorization, 'POST', `/api/console/products/${productId}/variants/${variants[0]!.id}/stock`, { change: 2, reason: 'restock' });
    expect(stock.json()).toMatchObject({ message: 'Stock adjusted', data: { product_stock: 12 } });
  });

  it('withdraws a waiting change when the seller archives the product', async () => {
    const productId = await liveProduct();
    await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name: 'Kettle Withdrawn' });
    const row = await reviewOf(productId);
    const archived = await call(seller.authorization, 'POST', `/api/console/products/${productId}/archive`);
    expect(archived.json()).toMatchObject({ message: 'Product archived', data: { product: { status: 'archived', review: null } } });
    expect((await queue()).some((review) => review.product.id === productId)).toBe(false);
    expect((await decide(row.id, 'approve')).statusCode).toBe(409);
  });

  it('refuses a bad edit at once, before it reaches the queue', async () => {
    const productId = await liveProduct();
    const response = await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { price: 5, discount_price: 6 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ discount_price: ['The discount price must be below the price.'] });
    expect((await queue()).some((review) => review.product.id === productId)).toBe(false);
  });

  it('is the store’s staff’s queue only: sellers are refused, unknown changes are not found', async () => {
    const productId = await liveProduct();
    await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name: 'Kettle Guarded' });
    const row = await reviewOf(productId);
    for (const authorization of [seller.authorization, otherSeller]) {
      expect((await call(authorization, 'GET', '/api/console/product-reviews')).statusCode).toBe(403);
      expect((await call(authorization, 'GET', `/api/console/product-reviews/${row.id}`)).statusCode).toBe(403);
      const approve = await decide(row.id, 'approve', undefined, authorization);
      expect(approve.statusCode).toBe(403);
      expect(approve.json().message).toBe('This action is unauthorized.');
    }
    expect((await call(otherSeller, 'GET', `/api/console/products/${productId}`)).statusCode).toBe(404);
    const unknown = await call(reviewer, 'GET', '/api/console/product-reviews/99999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product review not found');
    expect((await decide(99_999_999, 'approve')).statusCode).toBe(404);
    expect((await call(reviewer, 'GET', '/api/console/product-reviews?status=maybe')).json().errors).toEqual({ status: ['The selected status is invalid.'] });
  });

  it('applies a change once when two reviewers approve it at the same moment', async () => {
    const productId = await liveProduct();
    await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name: 'Kettle Once' });
    const row = await reviewOf(productId);
    const answers = await Promise.all([decide(row.id, 'approve'), decide(row.id, 'approve')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('This change has already been decided.');
    expect((await decide(row.id, 'reject', { reason: 'Too late.' })).statusCode).toBe(409);
    expect(await auditActions(productId)).toEqual(['product.submit', 'product.approve']);
  });

  it('pages the queue oldest first by cursor', async () => {
    const ids: number[] = [];
    for (const name of ['Paged One', 'Paged Two', 'Paged Three']) {
      const productId = await liveProduct();
      await call(seller.authorization, 'PATCH', `/api/console/products/${productId}`, { name });
      ids.push((await reviewOf(productId)).id);
    }
    const all = (await queue()).map((review: ProductReviewRow) => review.id);
    expect(all.filter((id) => ids.includes(id))).toEqual(ids);
    let cursor = '';
    const seen: number[] = [];
    do {
      const page = (await call(reviewer, 'GET', `/api/console/product-reviews?limit=2&cursor=${cursor}`)).json<{ data: ProductReviewPage }>().data;
      expect(page.reviews.length).toBeLessThanOrEqual(2);
      seen.push(...page.reviews.map((review) => review.id));
      cursor = page.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual(all);
  });
});
