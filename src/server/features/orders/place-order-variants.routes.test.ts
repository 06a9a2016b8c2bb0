import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { colors, orderItems, products, productVariants, sizes, stockMovements, users } from '../../db/schema.ts';
import { addProducts, setVariantStock } from '../../test/catalog-fixtures.ts';
import { addShop, offerChoices, shopperCalls } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { stockLedgerDisagreements } from '../inventory/inventory.service.ts';
import { addShoppers, fillCarts, placeOrderCall, stockOf } from '../../test/order-fixtures.ts';
import { mailsTo } from '../../test/outbox-fixtures.ts';
import { loadInvoiceFacts } from '../invoices/invoice-facts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A shirt in two colours and two sizes, 4 of each combination, and a shopper with the first colour's two sizes in the cart. */
async function shirtInCart() {
  const { db } = ctx.database;
  const shop = await addShop(db);
  const [shirt] = await addProducts(db, [{ name: 'Ledger Shirt', shopId: shop.id, price: 25_00 }]);
  const { variants } = await offerChoices(db, shirt!, { colorCount: 2, sizeCount: 2, stockOf: () => 4 });
  const [small, large, untouched] = variants as [(typeof variants)[number], (typeof variants)[number], (typeof variants)[number]];
  const [shopper] = await addShoppers(db, 1);
  await fillCarts(db, [shopper!], [
    { productId: shirt!, variantId: small.id, quantity: 1 },
    { productId: shirt!, variantId: large.id, quantity: 3 },
  ]);
  const place = () => placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'cash' });
  return { shop, shirt: shirt!, small, large, untouched, shopper: shopper!, place };
}

const stockOfVariant = async (variantId: number) =>
  (await ctx.database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

const movementsOf = (variantId: number) =>
  ctx.database.db
    .select({ change: stockMovements.change, reason: stockMovements.reason, reference: stockMovements.reference, actorId: stockMovements.actorId })
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(stockMovements.id);

describe('placing an order of variants', () => {
  it('takes each line from its own variant, through the ledger, and snapshots the SKU and option names', async () => {
    const { db } = ctx.database;
    const { shirt, small, large, untouched, shopper, place } = await shirtInCart();
    const response = await place();
    expect(response.statusCode, response.body).toBe(200);
    const orderId: number = response.json().data.orders[0].id;

    expect([await stockOfVariant(small.id), await stockOfVariant(large.id), await stockOfVariant(untouched.id)]).toEqual([3, 1, 4]);
    expect(await stockOf(db, shirt)).toEqual({ stock: 12, total_sold: 4 });
    expect(await movementsOf(large.id)).toEqual([
      { change: 4, reason: 'import', reference: null, actorId: null },
      { change: -3, reason: 'order', reference: String(orderId), actorId: shopper.userId },
    ]);

    const lines = await db
      .select({ variantId: orderItems.variantId, sku: orderItems.sku, color: orderItems.color, size: orderItems.size, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    const [variantRows, colorRows, sizeRows] = [await db.select().from(productVariants), await db.select().from(colors), await db.select().from(sizes)];
    const expected = (variantId: number, quantity: number) => {
      const variant = variantRows.find((row) => row.id === variantId)!;
      return {
        variantId,
        sku: variant.sku,
        color: colorRows.find((row) => row.id === variant.colorId)!.name,
        size: sizeRows.find((row) => row.id === variant.sizeId)!.name,
        quantity,
      };
    };
    expect(lines).toEqual([expected(small.id, 1), expected(large.id, 3)]);
    expect(lines[0]!.sku).not.toBe(lines[1]!.sku);
    expect(await stockLedgerDisagreements(db)).toEqual([]);
  });

  it('refuses the order when one variant ran short, naming the product, and takes nothing', async () => {
    const { db } = ctx.database;
    const { shirt, small, large, place } = await shirtInCart();
    await setVariantStock(db, large.id, 2);
    const refused = await place();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only 2 left of Ledger Shirt');
    expect([await stockOfVariant(small.id), await stockOfVariant(large.id)]).toEqual([4, 2]);
    expect((await stockOf(db, shirt)).stock).toBe(14);
    expect(await stockLedgerDisagreements(db)).toEqual([]);
  });

  it('gives the stock back through the ledger once when the order is cancelled', async () => {
    const { db } = ctx.database;
    const { shirt, large, shopper, place } = await shirtInCart();
    const orderId: number = (await place()).json().data.orders[0].id;
    const { post } = shopperCalls(ctx.app, shopper.authorization);

    const cancelled = await post(`/orders/${orderId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await post(`/orders/${orderId}/cancel`, {});
    expect(again.statusCode).toBe(422);

    expect(await stockOfVariant(large.id)).toBe(4);
    expect(await stockOf(db, shirt)).toEqual({ stock: 16, total_sold: 0 });
    expect((await movementsOf(large.id)).map(({ change, reason }) => [change, reason])).toEqual([
      [4, 'import'],
      [-3, 'order'],
      [3, 'cancellation'],
    ]);
    expect((await movementsOf(large.id)).at(-1)).toMatchObject({ reference: String(orderId), actorId: shopper.userId });
    expect(await stockLedgerDisagreements(db)).toEqual([]);
  });
});

describe('the stock ledger check', () => {
  it('names a counter changed behind the ledger’s back', async () => {
    const { db } = ctx.database;
    const { shirt, small } = await shirtInCart();
    await db.update(productVariants).set({ stock: 9 }).where(eq(productVariants.id, small.id));
    const disagreements = await stockLedgerDisagreements(db);
    expect(disagreements).toEqual([
      { kind: 'product', id: shirt, counter: 16, expected: 21 },
      { kind: 'variant', id: small.id, counter: 9, expected: 4 },
    ]);
    await db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, small.id));
    expect(await stockLedgerDisagreements(db)).toEqual([]);
  });
});

describe("a line's product, colour and size in the reader's language", () => {
  it('names them in the cart, the checkout, the order, its mail and its invoice, as they were named when the order was placed', async () => {
    const { db } = ctx.database;
    const { shop, shirt, small, shopper } = await shirtInCart();
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, small.id));
    const [color] = await db.select().from(colors).where(eq(colors.id, variant!.colorId!));
    const [size] = await db.select().from(sizes).where(eq(sizes.id, variant!.sizeId!));
    const translate = async (colorName: string, sizeName: string) => {
      await db.update(colors).set({ translations: { ...color!.translations, ar: { name: colorName } } }).where(eq(colors.id, color!.id));
      await db.update(sizes).set({ translations: { ...size!.translations, ar: { name: sizeName } } }).where(eq(sizes.id, size!.id));
    };
    const translateShirt = (name: string) => db.update(products).set({ translations: { ar: { name } } }).where(eq(products.id, shirt));
    await translate('أبيض', 'صغير');
    await translateShirt('قميص الدفتر');
    try {
      const headers = (language: string) => ({ authorization: shopper.authorization, 'accept-language': language });
      const smallLine = (groups: Array<{ products: Array<{ variant_id: number; color: unknown; size: unknown }> }>) =>
        groups.flatMap((group) => group.products).find((line) => line.variant_id === small.id)!;

      const cart = await ctx.app.inject({ method: 'GET', url: '/api/carts', headers: headers('ar') });
      expect(smallLine(cart.json().data.cart_items)).toMatchObject({ name: 'قميص الدفتر', color: { id: color!.id, name: 'أبيض' }, size: { id: size!.id, name: 'صغير' } });
      const inEnglish = await ctx.app.inject({ method: 'GET', url: '/api/carts', headers: headers('en') });
      expect(smallLine(inEnglish.json().data.cart_items)).toMatchObject({ name: 'Ledger Shirt', color: { name: color!.name }, size: { name: size!.name } });
      const checkout = await ctx.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: headers('ar'), payload: { shop_ids: [shop.id] } });
      expect(smallLine(checkout.json().data.checkout_items)).toMatchObject({ name: 'قميص الدفتر', color: { name: 'أبيض' }, size: { name: 'صغير' } });

      const placed = await placeOrderCall(ctx.app, shopper.authorization, { shop_ids: [shop.id], address_id: shopper.addressId, payment_method: 'cash' }, undefined, 'ar');
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId: number = placed.json().data.orders[0].id;
      // Renamed later: the order keeps the names it was placed with.
      await translate('أبيض ناصع', 'صغير جدا');
      await translateShirt('قميص آخر');

      const order = async (language: string) => {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: headers(language) });
        return response.json().data.order.items.find((item: { quantity: number }) => item.quantity === 1);
      };
      expect(await order('ar')).toMatchObject({ name: 'قميص الدفتر', color: 'أبيض', size: 'صغير' });
      expect(await order('en')).toMatchObject({ name: 'Ledger Shirt', color: color!.name, size: size!.name });

      const invoice = await loadInvoiceFacts(db, { orderId, userId: shopper.userId });
      expect(invoice.lines.find((line) => line.quantity === 1)).toMatchObject({ name: 'قميص الدفتر', color: 'أبيض', size: 'صغير' });

      const [{ email }] = (await db.select({ email: users.email }).from(users).where(eq(users.id, shopper.userId))) as [{ email: string }];
      await vi.waitFor(() => expect(mailsTo(ctx.config.dataDir, email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
      expect(mailsTo(ctx.config.dataDir, email)[0]!.text).toContain('قميص الدفتر (اللون: أبيض · المقاس: صغير)');
    } finally {
      await db.update(colors).set({ translations: color!.translations }).where(eq(colors.id, color!.id));
      await db.update(sizes).set({ translations: size!.translations }).where(eq(sizes.id, size!.id));
    }
  });
});
