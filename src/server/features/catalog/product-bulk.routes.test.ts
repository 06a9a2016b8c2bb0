import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, productVariants } from '../../db/schema.ts';
import { addProducts, addTaxonomyRecord, catalogAnchors, variantsOf } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let store: string;
let seller: string;
let otherSeller: string;
let firstShopId: number;
let otherShopId: number;

const bulk = (authorization: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/console/products/bulk', headers: { authorization }, payload });
const newWord = () => `bq${randomUUID().slice(0, 8).replace(/-/g, '')}`;
const storefrontIds = async (word: string) => (await ctx.app.inject({ url: `/api/products?per_page=100&search=${word}` })).json<{ data: { products: Array<{ id: number }> } }>().data.products.map((product) => product.id);
const storefrontProduct = async (id: number) => {
  const response = await ctx.app.inject({ url: `/api/products/${id}` });
  return response.statusCode === 200 ? response.json<{ data: { product: { price: number; discount_price: number; category: { id: number } | null } } }>().data.product : null;
};
const statuses = async (ids: number[]) => (await ctx.database.db.select({ status: products.status }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id))).map((row) => row.status);
const auditOf = (ids: number[]) =>
  ctx.database.db
    .select({ action: auditLog.action, entityId: auditLog.entityId, shopId: auditLog.shopId, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'product'), inArray(auditLog.entityId, ids.map(String))))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  ctx = await createTestApp();
  store = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
  seller = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  const other = await addShopWithOwner(ctx.app);
  otherSeller = other.owner.authorization;
  otherShopId = other.shop.id;
  firstShopId = await sellerShopId(ctx.app);
});
afterAll(() => ctx.close());

describe('POST /api/console/products/bulk: status', () => {
  it('publishes, unpublishes and archives the products named, one audit row each, and the storefront shows it at once', async () => {
    const word = newWord();
    const ids = await addProducts(ctx.database.db, [
      { name: `Bulk ${word} one`, status: 'draft' },
      { name: `Bulk ${word} two`, status: 'draft' },
      { name: `Bulk ${word} three`, status: 'active' },
    ]);
    expect(await storefrontIds(word)).toEqual([ids[2]]); // warm the caches

    const published = await bulk(seller, { ids, action: 'publish' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ message: 'Products updated', data: { changed: 2, ids: [ids[0], ids[1]] } });
    expect(await statuses(ids)).toEqual(['active', 'active', 'active']);
    expect((await storefrontIds(word)).sort()).toEqual([...ids].sort());

    const unpublished = await bulk(seller, { ids: [ids[0], ids[1]], action: 'unpublish' });
    expect(unpublished.json().data).toEqual({ changed: 2, ids: [ids[0], ids[1]] });
    expect(await storefrontIds(word)).toEqual([ids[2]]);

    const archived = await bulk(seller, { ids: [ids[2], ids[2]], action: 'archive' });
    expect(archived.json().data).toEqual({ changed: 1, ids: [ids[2]] });
    expect(await storefrontIds(word)).toEqual([]);
    expect(await storefrontProduct(ids[2]!)).toBeNull();
    expect(await statuses(ids)).toEqual(['draft', 'draft', 'archived']);

    expect(await auditOf(ids)).toEqual([
      { action: 'product.bulk_publish', entityId: String(ids[0]), shopId: firstShopId, changes: { status: { before: 'draft', after: 'active' } } },
      { action: 'product.bulk_publish', entityId: String(ids[1]), shopId: firstShopId, changes: { status: { before: 'draft', after: 'active' } } },
      { action: 'product.bulk_unpublish', entityId: String(ids[0]), shopId: firstShopId, changes: { status: { before: 'active', after: 'draft' } } },
      { action: 'product.bulk_unpublish', entityId: String(ids[1]), shopId: firstShopId, changes: { status: { before: 'active', after: 'draft' } } },
      { action: 'product.bulk_archive', entityId: String(ids[2]), shopId: firstShopId, changes: { status: { before: 'active', after: 'archived' } } },
    ]);
  });

  it('withholds what it publishes for a shop that is not approved, as a single edit does', async () => {
    const word = newWord();
    const pending = await addShop(ctx.database.db, { status: 'pending' });
    const ids = await addProducts(ctx.database.db, [{ name: `Bulk ${word}`, status: 'draft', shopId: pending.id }]);
    expect((await bulk(store, { ids, action: 'publish' })).json().data).toEqual({ changed: 1, ids });
    expect(await statuses(ids)).toEqual(['withheld']);
    expect(await storefrontIds(word)).toEqual([]);
    expect((await bulk(store, { ids, action: 'publish' })).json().data).toEqual({ changed: 0, ids: [] });
  });

  it("answers 404 for the whole batch when one product is another shop's, and changes nothing", async () => {
    const [own] = await addProducts(ctx.database.db, [{ name: `Bulk ${newWord()}`, shopId: otherShopId }]);
    const [theirs] = await addProducts(ctx.database.db, [{ name: `Bulk ${newWord()}`, shopId: firstShopId }]);
    const response = await bulk(otherSeller, { ids: [own, theirs], action: 'archive' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found' });
    expect(await statuses([own!, theirs!])).toEqual(['active', 'active']);
    expect(await auditOf([own!, theirs!])).toEqual([]);
    expect((await bulk(otherSeller, { ids: [own, 2_000_000_000], action: 'archive' })).statusCode).toBe(404);
  });

  it('refuses more than 100 ids, an unknown action and a missing field with field errors', async () => {
    const tooMany = await bulk(store, { ids: Array.from({ length: 101 }, (_, index) => index + 1), action: 'publish' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ ids: ['The ids must not have more than 100 items.'] });
    const unknown = await bulk(store, { ids: [1], action: 'delete' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: 'The selected action is invalid.', errors: { action: ['The selected action is invalid.'] } });
    const empty = await bulk(store, { ids: [], action: 'publish' });
    expect(empty.json().errors).toEqual({ ids: ['The ids field is required.'] });
    expect((await bulk(store, { ids: [1], action: 'move' })).json().errors).toEqual({ category_id: ['The category id field is required when action is move.'] });
    expect((await bulk(store, { ids: [1], action: 'adjust_price' })).json().errors).toEqual({ percent: ['The percent field is required when action is adjust price.'] });
    expect((await bulk(store, { ids: [1], action: 'adjust_price', percent: -100 })).json().errors).toEqual({ percent: ['The percent must be at least -99.'] });
    expect((await bulk(store, { ids: [1], action: 'adjust_price', percent: 2.555 })).json().errors).toEqual({ percent: ['The percent must have at most 2 decimal places.'] });
  });
});

describe('POST /api/console/products/bulk: move', () => {
  it('moves products into a category and sub-category, audited, and the storefront files them there at once', async () => {
    const anchors = await catalogAnchors(ctx.database.db);
    const ids = await addProducts(ctx.database.db, [{ name: `Bulk ${newWord()}` }, { name: `Bulk ${newWord()}` }]);
    const target = await addTaxonomyRecord(ctx.database.db, 'categories');
    await storefrontProduct(ids[0]!); // warm the caches
    const moved = await bulk(seller, { ids, action: 'move', category_id: target });
    expect(moved.json().data).toEqual({ changed: 2, ids });
    expect((await storefrontProduct(ids[0]!))?.category?.id).toBe(target);
    const rows = await ctx.database.db.select({ categoryId: products.categoryId, subCategoryId: products.subCategoryId }).from(products).where(inArray(products.id, ids));
    expect(rows).toEqual([
      { categoryId: target, subCategoryId: null },
      { categoryId: target, subCategoryId: null },
    ]);

    const back = await bulk(seller, { ids: [ids[0]], action: 'move', category_id: anchors.category_id, sub_category_id: anchors.sub_category_id });
    expect(back.json().data).toEqual({ changed: 1, ids: [ids[0]] });
    expect((await auditOf([ids[0]!])).at(-1)).toEqual({
      action: 'product.bulk_move',
      entityId: String(ids[0]),
      shopId: firstShopId,
      changes: { category_id: { before: target, after: anchors.category_id }, sub_category_id: { before: null, after: anchors.sub_category_id } },
    });

    const wrongSub = await bulk(seller, { ids, action: 'move', category_id: target, sub_category_id: anchors.sub_category_id });
    expect(wrongSub.statusCode).toBe(422);
    expect(wrongSub.json().errors).toEqual({ sub_category_id: ['The selected sub category id is invalid.'] });
  });
});

describe('POST /api/console/products/bulk: adjust_price', () => {
  it('scales every price and discount price by the percent, rounded to whole minor units, and the storefront shows the new prices at once', async () => {
    const ids = await addProducts(ctx.database.db, [
      { name: `Bulk ${newWord()}`, price: 999, discountPrice: 499 },
      { name: `Bulk ${newWord()}`, price: 1000, discountPrice: 0 },
    ]);
    const [variant] = await variantsOf(ctx.database.db, ids[0]!);
    await ctx.database.db.update(productVariants).set({ price: 1235, discountPrice: 617 }).where(eq(productVariants.id, variant!.id));
    await storefrontProduct(ids[1]!); // warm the caches

    const response = await bulk(seller, { ids, action: 'adjust_price', percent: -10 });
    expect(response.json().data).toEqual({ changed: 2, ids });
    const rows = await ctx.database.db.select({ price: products.price, discountPrice: products.discountPrice }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
    expect(rows).toEqual([
      { price: 899, discountPrice: 449 },
      { price: 900, discountPrice: 0 },
    ]);
    expect((await variantsOf(ctx.database.db, ids[0]!))[0]).toMatchObject({ price: 1112, discountPrice: 555 });
    expect(await storefrontProduct(ids[1]!)).toMatchObject({ price: 9, discount_price: 0 });
    expect((await auditOf([ids[0]!])).at(-1)).toEqual({
      action: 'product.bulk_adjust_price',
      entityId: String(ids[0]),
      shopId: firstShopId,
      changes: {
        price: { before: 9.99, after: 8.99 },
        discount_price: { before: 4.99, after: 4.49 },
        [`variants.${variant!.id}.price`]: { before: 12.35, after: 11.12 },
        [`variants.${variant!.id}.discount_price`]: { before: 6.17, after: 5.55 },
        percent: { after: -10 },
      },
    });

    expect((await bulk(seller, { ids: [ids[1]], action: 'adjust_price', percent: 5.5 })).json().data).toEqual({ changed: 1, ids: [ids[1]] });
    expect(await storefrontProduct(ids[1]!)).toMatchObject({ price: 9.5 });
  });

  it('refuses the whole batch when a price would fall below 0.01 or a discount would reach its price, and changes nothing', async () => {
    const word = newWord();
    const ids = await addProducts(ctx.database.db, [
      { name: `Fine ${word}`, price: 5000, discountPrice: 0 },
      { name: `Tiny ${word}`, price: 2, discountPrice: 0 },
      { name: `Close ${word}`, price: 11, discountPrice: 10 },
    ]);
    const response = await bulk(seller, { ids, action: 'adjust_price', percent: -95 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: `The prices of Tiny ${word} would fall below 0.01.`,
      errors: { percent: [`The prices of Tiny ${word} would fall below 0.01.`, `The discount price of Close ${word} would not be below its price.`] },
    });
    const rows = await ctx.database.db.select({ price: products.price }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
    expect(rows.map((row) => row.price)).toEqual([5000, 2, 11]);
    expect(await auditOf(ids)).toEqual([]);

    const tooHigh = await bulk(seller, { ids: [ids[0]], action: 'adjust_price', percent: 1000 });
    expect(tooHigh.statusCode).toBe(200);
    const [huge] = await addProducts(ctx.database.db, [{ name: `Huge ${word}`, price: 50_000_000 }]);
    expect((await bulk(seller, { ids: [huge], action: 'adjust_price', percent: 150 })).json().errors).toEqual({ percent: [`The prices of Huge ${word} would be greater than 1000000.`] });
  });
});
