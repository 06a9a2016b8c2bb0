import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSummarySchema } from '../../../shared/cart.contract.ts';
import { orderDetailSchema } from '../../../shared/orders.contract.ts';
import { auditLog, orderItems, orders, products, shops } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher, shopperCalls } from '../../test/commerce-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { readPdf } from '../../test/pdf-fixtures.ts';
import { deliveredOrder } from '../../test/return-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateStoreSettings } from '../settings/settings.service.ts';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());
// Each test starts from a store that set nothing.
beforeEach(async () => {
  await updateStoreSettings(ctx.database.db, { tax_rate: 0, delivery_charge: 0, free_delivery_threshold: null, shops_set_delivery: true });
  ctx.app.caches.invalidate(['settings']);
});

const settingsCall = (method: 'GET' | 'PATCH', payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url: '/api/console/settings/delivery-tax', headers: { authorization: owner }, payload });

/** A shopper with 2 × 40.00 of a product on the store's rate and 1 × 20.00 of a product with its own 5 %, from a shop charging 4.99. */
async function shopperCart() {
  const { db } = ctx.database;
  const shop = await addShop(db, { name: 'Tax Shop', deliveryCharge: 4_99 });
  const [storeRated, ownRated] = await addProducts(db, [
    { name: 'Store Rated Kettle', shopId: shop.id, price: 40_00, taxRate: null, stock: 20 },
    { name: 'Own Rated Book', shopId: shop.id, price: 20_00, taxRate: 500, stock: 20 },
  ]);
  const { authorization } = await createCustomer(ctx.app);
  const calls = shopperCalls(ctx.app, authorization);
  await calls.post('/cart/store', { product_id: storeRated, quantity: 2 });
  await calls.post('/cart/store', { product_id: ownRated, quantity: 1 });
  const summary = async (body: object = {}) => {
    const response = await calls.post('/cart/checkout', { shop_ids: [shop.id], ...body });
    expect(response.statusCode, response.body).toBe(200);
    return checkoutSummarySchema.parse(response.json().data);
  };
  return { shop, authorization, storeRated: storeRated!, summary };
}

describe('/api/console/settings/delivery-tax', () => {
  it('shows the settings, changes them as the owner types them, each change audited', async () => {
    expect((await settingsCall('GET')).json().data.settings).toEqual({ tax_rate: 0, delivery_charge: 0, free_delivery_threshold: null, shops_set_delivery: true });
    const changed = await settingsCall('PATCH', { tax_rate: 7.5, delivery_charge: 3.5, free_delivery_threshold: 50 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      message: 'Delivery and tax settings updated',
      data: { settings: { tax_rate: 7.5, delivery_charge: 3.5, free_delivery_threshold: 50, shops_set_delivery: true } },
    });
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(asc(auditLog.id));
    expect(audit).toMatchObject({
      action: 'settings.update',
      changes: { tax_rate: { before: 0, after: 750 }, delivery_charge: { before: 0, after: 350 }, free_delivery_threshold: { before: null, after: 5000 } },
    });
  });

  it('refuses bad input with a message per field', async () => {
    const refused = await settingsCall('PATCH', { tax_rate: 101, delivery_charge: -1, free_delivery_threshold: 1.234, shops_set_delivery: 'yes' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      tax_rate: ['The tax rate must not be greater than 100.'],
      delivery_charge: ['The delivery charge must be at least 0.'],
      free_delivery_threshold: ['The free delivery threshold must have at most 2 decimal places.'],
      shops_set_delivery: ['The shops set delivery field must be true or false.'],
    });
    expect((await settingsCall('GET')).json().data.settings.tax_rate).toBe(0);
  });

  it('is the store’s staff’s only', async () => {
    const seller = await signInConsoleMember(ctx.app, 'shop_owner');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/console/settings/delivery-tax', headers: { authorization: seller.authorization } });
    expect(response.statusCode).toBe(403);
  });
});

describe('checkout follows the delivery and tax settings', () => {
  it('taxes at the store rate where a product has none, the product’s own rate over it, and names the basis', async () => {
    const { summary } = await shopperCart();
    await settingsCall('PATCH', { tax_rate: 15 });
    const { checkout, checkout_items: [group] } = await summary();
    // 80.00 at 15 % = 12.00, 20.00 at its own 5 % = 1.00.
    expect(checkout).toMatchObject({ total_amount: 100, taxable_amount: 100, order_tax_amount: 13, tax_rate: null, delivery_charge: 4.99, payable_amount: 117.99 });
    expect(group).toMatchObject({ taxable_amount: 100, tax_amount: 13, delivery_charge: 4.99, free_delivery: false, until_free_delivery: null });
  });

  it('takes the voucher off the taxed amount, spread over the lines', async () => {
    const { shop, summary } = await shopperCart();
    await settingsCall('PATCH', { tax_rate: 15 });
    const voucher = await addVoucher(ctx.database.db, shop.id, new Date(), { discountType: 'amount', discount: 10_00 });
    // 8.00 off the kettles (72.00 at 15 % = 10.80), 2.00 off the book (18.00 at 5 % = 0.90).
    expect((await summary({ coupon_code: voucher.code })).checkout).toMatchObject({ coupon_discount: 10, taxable_amount: 90, order_tax_amount: 11.7, payable_amount: 106.69 });
  });

  it('charges the store’s delivery when shops may not set theirs, and nothing from the threshold on', async () => {
    const { summary } = await shopperCart();
    await settingsCall('PATCH', { shops_set_delivery: false, delivery_charge: 6 });
    expect((await summary()).checkout).toMatchObject({ delivery_charge: 6, payable_amount: 107, free_delivery_threshold: null });

    await settingsCall('PATCH', { free_delivery_threshold: 100.01 });
    expect((await summary()).checkout_items[0]).toMatchObject({ delivery_charge: 6, free_delivery: false, until_free_delivery: 0.01 });
    await settingsCall('PATCH', { free_delivery_threshold: 100 });
    const free = await summary();
    expect(free.checkout).toMatchObject({ delivery_charge: 0, payable_amount: 101, free_delivery_threshold: 100 });
    expect(free.checkout_items[0]).toMatchObject({ delivery_charge: 0, free_delivery: true, until_free_delivery: null });
  });

  it('places the order as checkout priced it, and the invoice names the taxed amount and rate', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db, { name: 'Invoice Tax Shop', deliveryCharge: 2_00 });
    const [productId] = await addProducts(db, [{ name: 'Invoice Taxed Lamp', shopId: shop.id, price: 40_00, taxRate: null, stock: 5 }]);
    await settingsCall('PATCH', { tax_rate: 15, free_delivery_threshold: 70 });
    const shopper = await createCustomer(ctx.app);
    const order = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id, productId, quantity: 2 });

    const [placed] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(placed).toMatchObject({ subtotal: 80_00, deliveryCharge: 0, taxAmount: 12_00, payableAmount: 92_00 });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ taxRate: 1500, taxableAmount: 80_00, taxAmount: 12_00 });

    const invoice = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: { authorization: shopper.authorization } });
    expect(invoice.statusCode).toBe(200);
    expect((await readPdf(invoice.rawPayload)).text).toContain('Tax (15% of $80.00)');
  });

  it('shows the shopper’s order with what its tax was charged on: the goods less the voucher, at the one rate', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db, { name: 'Order Basis Shop', deliveryCharge: 2_00 });
    const [productId] = await addProducts(db, [{ name: 'Order Basis Lamp', shopId: shop.id, price: 40_00, taxRate: null, stock: 5 }]);
    await settingsCall('PATCH', { tax_rate: 15 });
    const voucher = await addVoucher(db, shop.id, new Date(), { discountType: 'amount', discount: 10_00 });
    const shopper = await createCustomer(ctx.app);
    const order = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id, productId, quantity: 2, couponCode: voucher.code });

    const shown = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: shopper.authorization } });
    expect(shown.statusCode, shown.body).toBe(200);
    // 80.00 less the 10.00 voucher = 70.00, at 15 % = 10.50.
    expect(orderDetailSchema.strict().parse(shown.json().data.order)).toMatchObject({ subtotal: 80, coupon_discount: 10, taxable_amount: 70, tax_rate: 15, tax_amount: 10.5, payable_amount: 82.5 });
  });
});

describe('the product page follows the store’s tax rate', () => {
  it('shows a new store rate on a product with none of its own right after the change, though its details are kept', async () => {
    const shop = await addShop(ctx.database.db, { name: 'Rate Page Shop' });
    const [storeRated, ownRated] = await addProducts(ctx.database.db, [
      { name: 'Rate Page Kettle', shopId: shop.id, price: 40_00, taxRate: null, stock: 5 },
      { name: 'Rate Page Book', shopId: shop.id, price: 20_00, taxRate: 500, stock: 5 },
    ]);
    const taxRateOf = async (productId: number) => {
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.product.tax_rate as number;
    };
    // Read twice: details are kept from their second load.
    for (let reads = 0; reads < 2; reads++) expect([await taxRateOf(storeRated!), await taxRateOf(ownRated!)]).toEqual([0, 5]);

    expect((await settingsCall('PATCH', { tax_rate: 12.5 })).statusCode).toBe(200);
    expect([await taxRateOf(storeRated!), await taxRateOf(ownRated!)]).toEqual([12.5, 5]);
  });
});

describe('who sets the charges', () => {
  const changeShop = (authorization: string, payload: object, shopId?: number) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/console/shop${shopId ? `?shop_id=${shopId}` : ''}`, headers: { authorization }, payload });
  const chargeOf = async (shopId: number) => (await ctx.database.db.select({ charge: shops.deliveryCharge }).from(shops).where(eq(shops.id, shopId)))[0]!.charge;

  it('lets a shop’s people change its delivery charge only while the store lets shops set theirs; the owner always may', async () => {
    const { shop, owner: seller } = await addShopWithOwner(ctx.app);
    expect((await changeShop(seller.authorization, { delivery_charge: 3.25 })).statusCode).toBe(200);
    expect(await chargeOf(shop.id)).toBe(3_25);

    await settingsCall('PATCH', { shops_set_delivery: false });
    const refused = await changeShop(seller.authorization, { delivery_charge: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ delivery_charge: ['The store sets the delivery charge of every shop.'] });
    expect(await chargeOf(shop.id)).toBe(3_25);
    // The My shop form sends the charge with every save: unchanged, it is no change.
    expect((await changeShop(seller.authorization, { delivery_charge: 3.25, shop_name: 'Still Saving' })).statusCode).toBe(200);

    expect((await changeShop(owner, { delivery_charge: 2.5 }, shop.id)).statusCode).toBe(200);
    expect(await chargeOf(shop.id)).toBe(2_50);
  });

  it('keeps a product’s own tax rate from the editor, and empty is the store’s rate', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    const [productId] = await addProducts(db, [{ name: 'Editor Taxed Lamp', shopId: shop.id, price: 10_00, taxRate: null }]);
    const edit = (tax_rate: number | null | string) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/console/products/${productId}`, headers: { authorization: owner }, payload: { tax_rate } });
    const stored = async () => (await db.select({ taxRate: products.taxRate }).from(products).where(eq(products.id, productId!)))[0]!.taxRate;

    const changed = await edit(12.5);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.product.tax_rate).toBe(12.5);
    expect(await stored()).toBe(1250);
    expect((await edit(120)).json().errors).toEqual({ tax_rate: ['The tax rate must not be greater than 100.'] });
    expect((await edit(null)).json().data.product.tax_rate).toBeNull();
    expect(await stored()).toBeNull();
  });
});

it('gives back the tax of a refunded unit with it, at the rate and on the amount it was charged', async () => {
  await settingsCall('PATCH', { tax_rate: 15 });
  // 3 × 10.00 at the store's 15 %: 4.50 tax, 1.50 a unit.
  const delivered = await deliveredOrder(ctx.app, { quantity: 3 });
  expect(delivered.line).toMatchObject({ taxRate: 1500, taxableAmount: 30_00, taxAmount: 4_50 });
  const refunded = await ctx.app.inject({
    method: 'POST',
    url: `/api/console/orders/${delivered.id}/refunds`,
    headers: { authorization: owner, 'idempotency-key': randomUUID() },
    payload: { lines: [{ order_item_id: delivered.line.id, quantity: 1 }], reason: 'One arrived broken' },
  });
  expect(refunded.statusCode, refunded.body).toBe(201);
  expect(refunded.json().data.refund.amount).toBe(11.5);
});
