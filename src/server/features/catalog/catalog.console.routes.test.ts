import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, colors, stockMovements } from '../../db/schema.ts';
import { addProducts, catalogAnchors, variantsOf } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { stockLedgerDisagreements } from '../inventory/inventory.service.ts';

let ctx: TestContext;
let store: string;
let seller: string;
let otherSeller: string;
let firstShopId: number;
let otherShopId: number;
let categoryId: number;

const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization }, payload });
const uniqueSku = () => `SKU-${randomUUID().slice(0, 8).toUpperCase()}`;
const newProduct = (extra: Record<string, unknown> = {}) => {
  const sku = uniqueSku();
  return { name: `Console Lamp ${randomUUID().slice(0, 6)}`, category_id: categoryId, sku, price: 19.99, discount_price: 0, status: 'active', variants: [{ sku, stock: 5 }], ...extra };
};
const auditRows = (entityId: number) => ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(entityId)))).orderBy(asc(auditLog.id));
const storefrontIds = async (query: string) => (await ctx.app.inject({ url: `/api/products?per_page=100&${query}` })).json<{ data: { products: Array<{ id: number }> } }>().data.products.map((product) => product.id);

beforeAll(async () => {
  ctx = await createTestApp();
  store = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
  seller = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  const other = await addShopWithOwner(ctx.app);
  otherSeller = other.owner.authorization;
  otherShopId = other.shop.id;
  firstShopId = await sellerShopId(ctx.app);
  categoryId = (await catalogAnchors(ctx.database.db)).category_id;
});
afterAll(() => ctx.close());

describe('POST /api/console/products', () => {
  it('creates a product in the seller’s shop, stock through the ledger, audited, and shows it in the storefront at once', async () => {
    const word = `zyx${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    await storefrontIds(`search=${word}`); // warm the caches
    const input = newProduct({ name: `Lamp ${word}`, description: '<p>Bright<script>alert(1)</script></p>', translations: { ar: { name: 'مصباح' } }, tags: ['light'] });
    const response = await call(seller, 'POST', '/api/console/products', input);
    expect(response.statusCode, response.body).toBe(201);
    const { product } = response.json<{ data: { product: { id: number; shop: { id: number }; description: string; price: number; stock: number; variants: Array<{ id: number; stock: number }>; translations: object } } }>().data;
    expect(product).toMatchObject({ shop: { id: firstShopId }, description: '<p>Bright</p>', price: 19.99, stock: 5, translations: { ar: { name: 'مصباح' } } });
    const movements = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, product.variants[0]!.id));
    expect(movements).toMatchObject([{ change: 5, reason: 'import' }]);
    expect((await auditRows(product.id)).map((row) => row.action)).toEqual(['product.create']);
    expect(await storefrontIds(`search=${word}`)).toEqual([product.id]);
    expect(await stockLedgerDisagreements(ctx.database.db)).toEqual([]);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const taken = newProduct();
    expect((await call(store, 'POST', '/api/console/products', { ...taken, shop_id: firstShopId })).statusCode).toBe(201);
    const response = await call(store, 'POST', '/api/console/products', { ...newProduct(), shop_id: firstShopId, sku: taken.sku, price: 1.234, variants: [{ sku: taken.sku }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({ price: ['The price must have at most 2 decimal places.'] });
    const duplicate = await call(store, 'POST', '/api/console/products', { ...newProduct(), shop_id: firstShopId, sku: taken.sku, variants: [{ sku: taken.sku }] });
    expect(duplicate.json()).toEqual({ message: 'The sku has already been taken.', errors: { sku: ['The sku has already been taken.'], 'variants.0.sku': ['The sku has already been taken.'] } });
    const noShop = await call(store, 'POST', '/api/console/products', newProduct());
    expect(noShop.json().errors).toEqual({ shop_id: ['The shop id field is required.'] });
    const wrongTypes = await call(store, 'POST', '/api/console/products', { name: 'x\u0000', price: 'ten', variants: [], category_id: 99_999_999_999 });
    expect(wrongTypes.statusCode).toBe(422);
    expect(wrongTypes.json().errors).toMatchObject({
      name: ['The name field contains characters that are not allowed.'],
      price: ['The price must be a number.'],
      variants: ['The variants must have at least 1 items.'],
      category_id: ['The category id must not be greater than 2147483647.'],
    });
    const discount = await call(store, 'POST', '/api/console/products', { ...newProduct(), shop_id: firstShopId, discount_price: 25 });
    expect(discount.json().errors).toEqual({ discount_price: ['The discount price must be below the price.'] });
  });

  it("withholds a product put on sale in a shop that is not approved, and sells it once the shop is", async () => {
    const word = `qvw${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const pending = await addShop(ctx.database.db, { status: 'pending' });
    const response = await call(store, 'POST', '/api/console/products', newProduct({ name: `Lamp ${word}`, shop_id: pending.id }));
    expect(response.statusCode, response.body).toBe(201);
    const { product } = response.json<{ data: { product: { id: number; status: string } } }>().data;
    expect(product.status).toBe('withheld');
    // Not `toEqual([])`: a word no product on sale has is looked for as the closest catalogue word, which may find others.
    expect(await storefrontIds(`search=${word}`)).not.toContain(product.id);
    expect((await ctx.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);

    const owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
    expect((await call(owner, 'POST', `/api/console/shops/${pending.id}/approve`)).statusCode).toBe(200);
    expect(await storefrontIds(`search=${word}`)).toEqual([product.id]);
  });

  it("takes a unit from the units' list: not one that is not there or archived, but a product keeps the archived unit it has", async () => {
    const unitCalled = (name: string) => call(store, 'POST', '/api/console/units', { name });
    const unit = (await unitCalled(`tin ${randomUUID().slice(0, 6)}`)).json<{ data: { item: { id: number; name: string } } }>().data.item;
    const created = await call(seller, 'POST', '/api/console/products', newProduct({ unit: unit.name }));
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json<{ data: { product: { id: number } } }>().data.product.id;
    const unknown = await call(seller, 'POST', '/api/console/products', newProduct({ unit: 'barrel of fun' }));
    expect(unknown.json()).toEqual({ message: 'The selected unit is invalid.', errors: { unit: ['The selected unit is invalid.'] } });

    expect((await call(store, 'POST', `/api/console/units/${unit.id}/archive`)).statusCode).toBe(200);
    const archived = await call(seller, 'POST', '/api/console/products', newProduct({ unit: unit.name }));
    expect(archived.json().errors).toEqual({ unit: ['The selected unit is invalid.'] });
    const kept = await call(seller, 'PATCH', `/api/console/products/${productId}`, { name: 'Tinned Lamp', unit: unit.name });
    expect(kept.statusCode, kept.body).toBe(200);
    const switched = await call(seller, 'PATCH', `/api/console/products/${productId}`, { unit: 'pack' });
    expect(switched.json<{ data: { product: { unit: string } } }>().data.product.unit).toBe('pack');
    const back = await call(seller, 'PATCH', `/api/console/products/${productId}`, { unit: unit.name });
    expect(back.json().errors).toEqual({ unit: ['The selected unit is invalid.'] });
  });

  it('does not let a seller create in another shop', async () => {
    const response = await call(seller, 'POST', '/api/console/products', { ...newProduct(), shop_id: otherShopId });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ shop_id: ['The selected shop id is invalid.'] });
  });
});

describe('reading, editing, duplicating and archiving', () => {
  it("answers 404 for another shop's product, on reads and writes", async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Scoped Product', shopId: firstShopId }]);
    const variantId = (await variantsOf(ctx.database.db, productId!))[0]!.id;
    for (const [method, url, payload] of [
      ['GET', `/api/console/products/${productId}`, undefined],
      ['PATCH', `/api/console/products/${productId}`, { name: 'Stolen' }],
      ['POST', `/api/console/products/${productId}/archive`, undefined],
      ['POST', `/api/console/products/${productId}/variants/${variantId}/stock`, { change: 1, reason: 'restock' }],
    ] as const) {
      const response = await call(otherSeller, method, url, payload);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await call(seller, 'GET', `/api/console/products/${productId}`)).statusCode).toBe(200);
  });

  it('edits fields and variants, keeps the search words in step, and rolls the audit row back with a failed write', async () => {
    const created = (await call(seller, 'POST', '/api/console/products', newProduct())).json<{ data: { product: { id: number; variants: Array<{ id: number }> } } }>().data.product;
    const word = `qwv${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const [color] = await ctx.database.db.select({ id: colors.id }).from(colors).limit(1);
    const edit = await call(seller, 'PATCH', `/api/console/products/${created.id}`, {
      name: `Renamed ${word}`,
      price: 30,
      seo_title: 'Best lamp',
      variants: [{ id: created.variants[0]!.id, barcode: '4006381333931' }, { sku: uniqueSku(), price: 35.5, stock: 2, color_id: color!.id }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.product).toMatchObject({ name: `Renamed ${word}`, price: 30, seo_title: 'Best lamp', stock: 7, variants: [{ barcode: '4006381333931' }, { price: 35.5, stock: 2 }] });
    expect(await storefrontIds(`search=${word}`)).toEqual([created.id]);
    const [update] = (await auditRows(created.id)).filter((row) => row.action === 'product.update');
    expect(update!.changes).toMatchObject({ name: { after: `Renamed ${word}` }, price: { before: 19.99, after: 30 } });

    const failed = await call(seller, 'PATCH', `/api/console/products/${created.id}`, { name: 'Never', variants: [{ id: created.variants[0]!.id, stock: 100 }] });
    expect(failed.json()).toMatchObject({ errors: { 'variants.0.stock': ["A variant's stock is changed with a stock adjustment."] } });
    const deactivateAll = await call(seller, 'PATCH', `/api/console/products/${created.id}`, { variants: edit.json().data.product.variants.map((variant: { id: number }) => ({ id: variant.id, is_active: false })) });
    expect(deactivateAll.json().errors).toEqual({ variants: ['A product needs at least one active variant.'] });
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['product.create', 'product.update']);
    expect((await call(seller, 'GET', `/api/console/products/${created.id}`)).json().data.product.name).toBe(`Renamed ${word}`);
  });

  it('duplicates into a draft with suffixed SKUs and archives out of the storefront', async () => {
    const word = `arc${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const sku = uniqueSku();
    const pictures = ['/media/placeholder/product/lamp.svg', '/media/placeholder/product/shade.svg'];
    const input = newProduct({ name: `Archived ${word}`, sku, variants: [{ sku, stock: 5, images: pictures }] });
    const created = (await call(seller, 'POST', '/api/console/products', input)).json<{ data: { product: { id: number } } }>().data.product;
    const copy = await call(seller, 'POST', `/api/console/products/${created.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data.product).toMatchObject({ status: 'draft', sku: `${input.sku}-COPY`, stock: 0, variants: [{ sku: `${input.sku}-COPY`, stock: 0, images: pictures }] });
    const second = await call(seller, 'POST', `/api/console/products/${created.id}/duplicate`);
    expect(second.json().data.product.sku).toBe(`${input.sku}-COPY2`);

    expect(await storefrontIds(`search=${word}`)).toEqual([created.id]);
    const archived = await call(seller, 'POST', `/api/console/products/${created.id}/archive`);
    expect(archived.json().data.product.status).toBe('archived');
    // The word has left the dictionary with the product: it is looked for as the closest word there, which may find others.
    expect(await storefrontIds(`search=${word}`)).not.toContain(created.id);
    expect((await ctx.app.inject({ url: `/api/products/${created.id}` })).statusCode).toBe(404);
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['product.create', 'product.archive']);
  });
});

describe('POST /api/console/products/{id}/variants/{variantId}/stock', () => {
  it('moves stock through the ledger and refuses to go below 0', async () => {
    const created = (await call(seller, 'POST', '/api/console/products', newProduct())).json<{ data: { product: { id: number; variants: Array<{ id: number }> } } }>().data.product;
    const url = `/api/console/products/${created.id}/variants/${created.variants[0]!.id}/stock`;
    const restock = await call(seller, 'POST', url, { change: 3, reason: 'restock', reference: 'DN-1' });
    expect(restock.json().data).toMatchObject({ variant: { stock: 8 }, product_stock: 8 });
    const below = await call(seller, 'POST', url, { change: -9, reason: 'adjustment' });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({ change: ['The stock cannot go below 0.'] });
    const bad = await call(seller, 'POST', url, { change: 0, reason: 'order' });
    expect(bad.json().errors).toEqual({ change: ['The change must not be 0.'], reason: ['The selected reason is invalid.'] });
    const movements = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, created.variants[0]!.id));
    expect(movements.map((row) => [row.change, row.reason, row.reference])).toEqual([[5, 'import', null], [3, 'restock', 'DN-1']]);
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['product.create', 'product.adjust_stock']);
  });
});

describe('GET /api/console/products', () => {
  it('pages by keyset without duplicates, with an estimated total, scoped to the seller', async () => {
    const ids = await addProducts(ctx.database.db, Array.from({ length: 7 }, (_, index) => ({ name: `Paging Item ${index}`, shopId: otherShopId })));
    for (const sort of ['newest', 'name']) {
      const seen: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const response = await call(otherSeller, 'GET', `/api/console/products?limit=3&sort=${sort}&cursor=${cursor}`);
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json<{ data: { products: Array<{ id: number; shop: { id: number } }>; next_cursor: string | null; estimated_total: number } }>().data;
        expect(page.estimated_total).toBe(7);
        expect(page.products.every((product) => product.shop.id === otherShopId)).toBe(true);
        seen.push(...page.products.map((product) => product.id));
        cursor = page.next_cursor;
      }
      expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    }
    const bySku = await call(store, 'GET', `/api/console/products?sku=${(await variantsOf(ctx.database.db, ids[0]!))[0]!.sku}`);
    expect(bySku.json().data.products.map((product: { id: number }) => product.id)).toEqual([ids[0]]);
    const byName = await call(store, 'GET', `/api/console/products?search=paging%20item%203&shop_id=${otherShopId}`);
    expect(byName.json().data).toMatchObject({ products: [{ id: ids[3] }], estimated_total: 1 });
    expect((await call(store, 'GET', '/api/console/products?cursor=nonsense')).json().errors).toEqual({ cursor: ['The cursor is invalid.'] });
  });
  it('finds a name shared by over a thousand products newest first, page after page, with an estimate', async () => {
    const shop = await addShop(ctx.database.db);
    const word = `Broadword${randomUUID().slice(0, 6)}`;
    const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, index));
    const ids = await addProducts(ctx.database.db, Array.from({ length: 1_001 }, (_, index) => ({ name: `${word} Lamp ${index}`, shopId: shop.id, createdAt: at(index) })));
    const first = (await call(store, 'GET', `/api/console/products?search=${word.toUpperCase()}&shop_id=${shop.id}&limit=2`)).json<{ data: { products: Array<{ id: number }>; next_cursor: string; estimated_total: number } }>().data;
    expect(first.products.map((product) => product.id)).toEqual([ids[1_000], ids[999]]);
    expect(first.estimated_total).toBeGreaterThanOrEqual(1_000);
    const second = (await call(store, 'GET', `/api/console/products?search=${word}&shop_id=${shop.id}&limit=2&cursor=${first.next_cursor}`)).json<{ data: { products: Array<{ id: number }> } }>().data;
    expect(second.products.map((product) => product.id)).toEqual([ids[998], ids[997]]);
    const none = (await call(store, 'GET', `/api/console/products?search=${word}zzz`)).json().data;
    expect(none).toEqual({ products: [], next_cursor: null, estimated_total: 0 });
  });
});
