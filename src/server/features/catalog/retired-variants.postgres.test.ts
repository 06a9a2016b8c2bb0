import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { colors, orderItems, productVariants, stockMovements } from '../../db/schema.ts';
import { catalogAnchors } from '../../test/catalog-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../../test/order-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { stockLedgerDisagreements } from '../inventory/inventory.service.ts';

let ctx: TestContext;
let seller: string;
beforeAll(async () => {
  ctx = await createTestApp();
  seller = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization: seller }, payload });
const movementsOf = (variantId: number) =>
  ctx.database.db.select({ change: stockMovements.change, reason: stockMovements.reason }).from(stockMovements).where(eq(stockMovements.variantId, variantId)).orderBy(asc(stockMovements.id));
const variantRow = async (variantId: number) => (await ctx.database.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!;

it('retires a variant the edit leaves out, keeping its ledger and order lines, and brings it back when its combination is made again', async () => {
  const { db } = ctx.database;
  const [red, blue] = await db.select({ id: colors.id }).from(colors).orderBy(asc(colors.id)).limit(2);
  const sku = `TEE-${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await call('POST', '/api/console/products', {
    name: `Retiring tee ${sku}`,
    category_id: (await catalogAnchors(db)).category_id,
    sku,
    price: 20,
    status: 'active',
    variants: [
      { sku: `${sku}-RED`, color_id: red!.id, stock: 5 },
      { sku: `${sku}-BLUE`, color_id: blue!.id, stock: 4 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json().data.product as { id: number; variants: Array<{ id: number; sku: string }> };
  const [redVariant, blueVariant] = product.variants as [{ id: number; sku: string }, { id: number; sku: string }];

  // Stock moves on the red one: a restock, then a shopper's order of 2.
  expect((await call('POST', `/api/console/products/${product.id}/variants/${redVariant.id}/stock`, { change: 3, reason: 'restock' })).statusCode).toBe(200);
  const [shopper] = await addShoppers(db, 1);
  await fillCarts(db, [shopper!], [{ productId: product.id, variantId: redVariant.id, quantity: 2 }]);
  const order = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [await sellerShopId(ctx.app)], address_id: shopper!.addressId, payment_method: 'cash' });
  expect(order.statusCode, order.body).toBe(200);

  const retired = await call('PATCH', `/api/console/products/${product.id}`, { variants: [{ id: blueVariant.id }] });
  expect(retired.statusCode, retired.body).toBe(200);
  expect(retired.json().data.product).toMatchObject({ stock: 4, variants: [{ id: blueVariant.id }] });
  expect(retired.json().data.product.variants).toHaveLength(1);
  expect(await variantRow(redVariant.id)).toMatchObject({ isActive: false, retiredAt: expect.any(Date), stock: 6, sku: `${sku}-RED` });
  expect(await movementsOf(redVariant.id)).toEqual([
    { change: 5, reason: 'import' },
    { change: 3, reason: 'restock' },
    { change: -2, reason: 'order' },
  ]);
  expect(await db.select({ variantId: orderItems.variantId, sku: orderItems.sku }).from(orderItems).where(eq(orderItems.variantId, redVariant.id))).toEqual([{ variantId: redVariant.id, sku: `${sku}-RED` }]);
  const storefront = (await ctx.app.inject({ url: `/api/products/${product.id}` })).json().data.product as { variants: Array<{ id: number }>; colors: Array<{ id: number }> };
  expect(storefront.variants.map((variant) => variant.id)).toEqual([blueVariant.id]);
  expect(storefront.colors.map((color) => color.id)).toEqual([blue!.id]);

  // A retired variant keeps its SKU: another combination cannot take it, refused on its row.
  const taken = await call('PATCH', `/api/console/products/${product.id}`, { variants: [{ id: blueVariant.id }, { sku: `${sku}-RED`, color_id: null, stock: 1 }] });
  expect(taken.statusCode).toBe(422);
  expect(taken.json().errors).toEqual({ 'variants.1.sku': ['The sku has already been taken.'] });

  // The red combination made again comes back on the same variant, its starting stock added through the ledger.
  const back = await call('PATCH', `/api/console/products/${product.id}`, { variants: [{ id: blueVariant.id }, { sku: `${sku}-RED`, color_id: red!.id, price: 22, stock: 2 }] });
  expect(back.statusCode, back.body).toBe(200);
  expect(back.json().data.product).toMatchObject({ stock: 12, variants: [{ id: redVariant.id, stock: 8, price: 22, is_active: true }, { id: blueVariant.id, stock: 4 }] });
  expect(await variantRow(redVariant.id)).toMatchObject({ isActive: true, retiredAt: null });
  expect((await movementsOf(redVariant.id)).at(-1)).toEqual({ change: 2, reason: 'import' });
  expect(await stockLedgerDisagreements(db)).toEqual([]);
});
