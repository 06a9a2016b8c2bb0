import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: { authorization: string; userId: number };
let seller: { authorization: string; userId: number };
let otherSeller: string;

const get = (authorization: string, url: string) => ctx.app.inject({ url, headers: { authorization } });
const setThreshold = async (lowStockThreshold: number) => {
  const response = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { authorization: owner.authorization }, payload: { low_stock_threshold: lowStockThreshold } });
  expect(response.statusCode, response.body).toBe(200);
};
interface StockRow {
  id: number;
  product: { id: number; name: string };
  sku: string;
  stock: number;
  low_stock: boolean;
}
const stockPage = async (authorization: string, query: string) => {
  const response = await get(authorization, `/api/console/stock?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { variants: StockRow[]; low_stock_threshold: number; next_cursor: string | null } }>().data;
};

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInConsoleMember(ctx.app, 'owner');
  seller = await signInConsoleMember(ctx.app, 'shop_owner');
  otherSeller = (await addShopWithOwner(ctx.app)).owner.authorization;
});
afterAll(() => ctx.close());

describe('GET /api/console/stock', () => {
  it('lists variants lowest stock first, flags and filters those at or below the store’s threshold, and pages by cursor', async () => {
    const word = `stk${randomUUID().slice(0, 8)}`;
    const ids = await addProducts(ctx.database.db, [
      { name: `Shelf ${word} a`, stock: 6 },
      { name: `Shelf ${word} b`, stock: 0 },
      { name: `Shelf ${word} c`, stock: 5 },
      { name: `Shelf ${word} d`, stock: 2 },
      { name: `Shelf ${word} archived`, stock: 1, status: 'archived' },
    ]);
    const all = await stockPage(seller.authorization, `search=${word}`);
    expect(all.low_stock_threshold).toBe(5);
    expect(all.variants.map((row) => [row.product.id, row.stock, row.low_stock])).toEqual([
      [ids[1], 0, true],
      [ids[3], 2, true],
      [ids[2], 5, true],
      [ids[0], 6, false],
    ]);
    expect((await stockPage(seller.authorization, `search=${word}&low_stock=true`)).variants.map((row) => row.stock)).toEqual([0, 2, 5]);

    await setThreshold(2);
    const low = await stockPage(seller.authorization, `search=${word}&low_stock=true`);
    expect([low.low_stock_threshold, low.variants.map((row) => row.stock)]).toEqual([2, [0, 2]]);
    await setThreshold(5);

    const first = await stockPage(seller.authorization, `search=${word}&limit=3`);
    expect(first.variants.map((row) => row.stock)).toEqual([0, 2, 5]);
    const second = await stockPage(seller.authorization, `search=${word}&limit=3&cursor=${first.next_cursor}`);
    expect([second.variants.map((row) => row.stock), second.next_cursor]).toEqual([[6], null]);

    const bySku = await stockPage(seller.authorization, `search=${all.variants[0]!.sku}`);
    expect(bySku.variants.map((row) => row.id)).toEqual([all.variants[0]!.id]);
    expect((await stockPage(otherSeller, `search=${word}`)).variants).toEqual([]);
  });

  it('refuses a cursor it did not write, a low-stock value that is not true or false and a negative threshold', async () => {
    const cursor = await get(seller.authorization, '/api/console/stock?cursor=bm9wZQ');
    expect([cursor.statusCode, cursor.json().errors]).toEqual([422, { cursor: ['The cursor is invalid.'] }]);
    const flag = await get(seller.authorization, '/api/console/stock?low_stock=yes');
    expect([flag.statusCode, flag.json().errors]).toEqual([422, { low_stock: ['The low stock field must be true or false.'] }]);
    const threshold = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { authorization: owner.authorization }, payload: { low_stock_threshold: -1 } });
    expect([threshold.statusCode, threshold.json().errors]).toEqual([422, { low_stock_threshold: ['The low stock threshold must be at least 0.'] }]);
  });
});

describe('GET /api/console/products/:id/variants/:variantId/movements', () => {
  it('lists the ledger newest first with who, why and the stock each movement left, page by page, for the product’s shop only', async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: `Ledger ${randomUUID().slice(0, 8)}`, stock: 10 }]);
    const [variant] = await variantsOf(ctx.database.db, productId!);
    const base = `/api/console/products/${productId}/variants/${variant!.id}`;
    const adjust = async (payload: Record<string, unknown>) =>
      expect((await ctx.app.inject({ method: 'POST', url: `${base}/stock`, headers: { authorization: seller.authorization }, payload })).statusCode).toBe(200);
    await adjust({ change: 5, reason: 'restock', reference: 'PO-17' });
    await adjust({ change: -3, reason: 'adjustment' });

    const response = await get(seller.authorization, `${base}/movements`);
    expect(response.statusCode, response.body).toBe(200);
    const { movements, next_cursor: next } = response.json<{ data: { movements: Array<Record<string, unknown>>; next_cursor: string | null } }>().data;
    expect(movements).toEqual([
      { id: expect.any(Number), change: -3, stock_after: 12, reason: 'adjustment', reference: null, note: null, actor: { id: seller.userId, name: expect.any(String) }, created_at: expect.any(String) },
      { id: expect.any(Number), change: 5, stock_after: 15, reason: 'restock', reference: 'PO-17', note: null, actor: { id: seller.userId, name: expect.any(String) }, created_at: expect.any(String) },
      { id: expect.any(Number), change: 10, stock_after: 10, reason: 'import', reference: null, note: null, actor: null, created_at: expect.any(String) },
    ]);
    expect(next).toBeNull();

    type MovementPage = { movements: Array<{ change: number; stock_after: number }>; next_cursor: string | null };
    const pages: unknown[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: MovementPage = (await get(seller.authorization, `${base}/movements?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json<{ data: MovementPage }>().data;
      pages.push(...page.movements.map((movement) => [movement.change, movement.stock_after]));
      cursor = page.next_cursor;
    }
    expect(pages).toEqual([
      [-3, 12],
      [5, 15],
      [10, 10],
    ]);

    const otherShop = await get(otherSeller, `${base}/movements`);
    expect([otherShop.statusCode, otherShop.json().message]).toEqual([404, 'Product not found']);
    const [otherProduct] = await addProducts(ctx.database.db, [{ name: `Ledger other ${randomUUID().slice(0, 8)}` }]);
    const wrongVariant = await get(seller.authorization, `/api/console/products/${otherProduct}/variants/${variant!.id}/movements`);
    expect([wrongVariant.statusCode, wrongVariant.json().message]).toEqual([404, 'Variant not found']);
  });
});

describe('stock moves with a reason and a note', () => {
  it('finds variants by the start of their SKU, not by a middle part, and the words of its name', async () => {
    const word = `pfx${randomUUID().slice(0, 8)}`;
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Prefix shelf', stock: 3 }]);
    const [variant] = await variantsOf(ctx.database.db, productId!);
    await ctx.database.db.execute(sql`update product_variants set sku = ${`${word.toUpperCase()}-RED_M`} where id = ${variant!.id}`);
    expect((await stockPage(seller.authorization, `search=${word.toUpperCase()}-R`)).variants.map((row) => row.id)).toEqual([variant!.id]);
    expect((await stockPage(seller.authorization, `search=${word.toUpperCase()}`)).variants.map((row) => row.sku)).toEqual([`${word.toUpperCase()}-RED_M`]);
    // A wildcard typed is a character, not a pattern; a part from the middle is not a prefix.
    expect((await stockPage(seller.authorization, `search=${word.toUpperCase()}-RED%25`)).variants).toEqual([]);
    expect((await stockPage(seller.authorization, 'search=RED_M')).variants.filter((row) => row.id === variant!.id)).toEqual([]);
  });

  it('keeps each new reason and the note in the ledger, refuses an unknown reason and a long note, and changes nothing then', async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: `Reasons ${randomUUID().slice(0, 8)}`, stock: 10 }]);
    const [variant] = await variantsOf(ctx.database.db, productId!);
    const base = `/api/console/products/${productId}/variants/${variant!.id}`;
    const move = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: `${base}/stock`, headers: { authorization: seller.authorization }, payload });
    for (const [change, reason] of [[-2, 'damaged'], [-1, 'lost'], [1, 'found'], [1, 'returned'], [-1, 'correction']] as const) {
      const response = await move({ change, reason, ...(reason === 'damaged' && { note: 'Two dropped in the warehouse' }) });
      expect(response.statusCode, response.body).toBe(200);
    }
    const unknown = await move({ change: 1, reason: 'stolen' });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([422, { reason: ['The selected reason is invalid.'] }]);
    const long = await move({ change: 1, reason: 'found', note: 'x'.repeat(501) });
    expect([long.statusCode, long.json().errors]).toEqual([422, { note: ['The note must not be greater than 500 characters.'] }]);

    const { movements } = (await get(seller.authorization, `${base}/movements`)).json<{ data: { movements: Array<{ change: number; reason: string; note: string | null; stock_after: number }> } }>().data;
    expect(movements.map(({ change, reason, note, stock_after: after }) => [change, reason, note, after])).toEqual([
      [-1, 'correction', null, 8],
      [1, 'returned', null, 9],
      [1, 'found', null, 8],
      [-1, 'lost', null, 7],
      [-2, 'damaged', 'Two dropped in the warehouse', 8],
      [10, 'import', null, 10],
    ]);
    const [audit] = await queryRows<{ changes: unknown }>(ctx.database.db, sql`select changes from audit_log where entity_type = 'product' and entity_id = ${String(productId)} and action = 'product.adjust_stock' order by id limit 1`);
    expect(audit!.changes).toMatchObject({ stock_reason: { after: 'damaged' }, stock_note: { after: 'Two dropped in the warehouse' } });
  });
});
