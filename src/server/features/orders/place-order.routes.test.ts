import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { cartItems, currencies, idempotencyKeys, orderItems, orders, orderStatusHistory, payments, settings, vouchers } from '../../db/schema.ts';
import { placedOrdersSchema } from '../../../shared/orders.contract.ts';
import { addProducts, setVariantStock, variantsOf } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher, offerChoices } from '../../test/commerce-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { quickJobTiming } from '../../test/job-timing.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addShoppers, fillCarts, placeOrderCall, stockOf, type Shopper } from '../../test/order-fixtures.ts';
import { forgetOldIdempotencyKeys } from './place-order.service.ts';

const DAY_MS = 86_400_000;

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ jobs: quickJobTiming() }, clock);
});
afterAll(() => ctx.close());

/**
 * A shopper with two shops in the cart: Lamp Shop (delivery 4.99) with 3 × 19.99 at 7.5 % tax and
 * Mug Shop (delivery 2.49) with 1 × 5.00 untaxed; payable 76.95 for both.
 */
async function twoShopCart({ lampStock = 20, mugStock = 20, verified = true } = {}) {
  const { db } = ctx.database;
  const lampShop = await addShop(db, { name: 'Lamp Shop', deliveryCharge: 4_99 });
  const mugShop = await addShop(db, { name: 'Mug Shop', deliveryCharge: 2_49 });
  const [lamp, mug] = await addProducts(db, [
    { name: 'Order Lamp', shopId: lampShop.id, price: 24_99, discountPrice: 19_99, taxRate: 750, stock: lampStock },
    { name: 'Order Mug', shopId: mugShop.id, price: 5_00, stock: mugStock },
  ]);
  const [shopper] = await addShoppers(db, 1, { verified });
  await fillCarts(db, [shopper!], [
    { productId: lamp!, quantity: 3 },
    { productId: mug!, quantity: 1 },
  ]);
  const place = (body: object, key?: string | null) =>
    placeOrderCall(ctx.app, shopper!.authorization, { address_id: shopper!.addressId, payment_method: 'cash', ...body }, key);
  return { shopper: shopper!, lampShop, mugShop, lamp: lamp!, mug: mug!, place };
}

const ordersOf = (userId: number) => ctx.database.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
const cartOf = (userId: number) => ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, userId));

async function nothingWritten(shopper: Shopper, cartLines: number) {
  expect(await ordersOf(shopper.userId)).toEqual([]);
  expect(await ctx.database.db.select().from(payments).where(eq(payments.userId, shopper.userId))).toEqual([]);
  expect(await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, shopper.userId))).toEqual([]);
  expect(await cartOf(shopper.userId)).toHaveLength(cartLines);
}

describe('placing an order', () => {
  it('writes one order per shop with snapshot lines, takes the stock and empties the ordered cart lines', async () => {
    const { place, shopper, lampShop, mugShop, lamp, mug } = await twoShopCart();
    const response = await place({ shop_ids: [lampShop.id, mugShop.id], note: ' Ring twice ', expected_payable_amount: 76.95 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Order placed successfully');
    const data = placedOrdersSchema.strict().parse(body.data);
    expect(data.order_payment_url).toBeNull();

    const placed = await ordersOf(shopper.userId);
    expect(data.orders).toEqual(placed.map((order) => ({ id: order.id, order_number: order.orderNumber })));
    expect(placed.map((order) => [order.shopId, order.subtotal, order.deliveryCharge, order.taxAmount, order.couponDiscount, order.payableAmount])).toEqual([
      [lampShop.id, 59_97, 4_99, 4_50, 0, 69_46],
      [mugShop.id, 5_00, 2_49, 0, 0, 7_49],
    ]);
    expect(placed[0]).toMatchObject({
      status: 'pending',
      paymentMethod: 'cash',
      paymentStatus: 'pending',
      note: 'Ring twice',
      currencyName: 'USD',
      currencySymbol: '$',
      address: {
        name: 'Ada Shopper',
        phone: '2025550123',
        area: 'Riverside',
        flat_no: '4B',
        address_line: '12 Market Street',
        post_code: '10001',
        city: 'New York',
        state: 'NY',
        country: 'United States',
        country_code: 'US',
      },
    });
    expect(Number(placed[0]!.currencyRate)).toBe(1);
    expect(placed[0]!.orderNumber).toMatch(/^OS\d{6,}$/);

    const lines = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed[0]!.id));
    expect(lines).toEqual([
      expect.objectContaining({ productId: lamp, name: 'Order Lamp', unitPrice: 19_99, quantity: 3, lineTotal: 59_97, taxRate: 750, taxAmount: 4_50, unit: 'pc' }),
    ]);
    expect(lines[0]!.sku).toMatch(/^TEST-/);
    const history = await ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed[0]!.id));
    expect(history.map((entry) => [entry.status, entry.createdAt.toISOString()])).toEqual([['pending', clock.now().toISOString()]]);

    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.userId, shopper.userId));
    expect(payment).toMatchObject({ method: 'cash', status: 'pending', amount: 76_95, currency: 'USD' });
    expect(placed.every((order) => order.paymentId === payment!.id)).toBe(true);

    expect(await stockOf(ctx.database.db, lamp)).toEqual({ stock: 17, total_sold: 3 });
    expect(await stockOf(ctx.database.db, mug)).toEqual({ stock: 19, total_sold: 1 });
    expect(await cartOf(shopper.userId)).toEqual([]);
  });

  it('keeps the lines of shops not selected in the cart', async () => {
    const { place, shopper, mugShop, lamp } = await twoShopCart();
    expect((await place({ shop_ids: [mugShop.id] })).statusCode).toBe(200);
    expect((await ordersOf(shopper.userId)).map((order) => order.shopId)).toEqual([mugShop.id]);
    expect((await cartOf(shopper.userId)).map((line) => line.productId)).toEqual([lamp]);
  });

  it('keeps a placed order as it was when the catalogue changes later', async () => {
    const { place, shopper, mugShop, mug } = await twoShopCart();
    await place({ shop_ids: [mugShop.id] });
    await ctx.database.db.execute(sql`update products set name = 'Renamed Mug', price = 9900 where id = ${mug}`);
    const [line] = await ctx.database.db.select().from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(eq(orders.userId, shopper.userId));
    expect(line!.order_items).toMatchObject({ name: 'Order Mug', unitPrice: 5_00 });
  });

  it('copies the chosen colour and size names onto the line', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    const [shirt] = await addProducts(db, [{ name: 'Order Shirt', shopId: shop.id, stock: 5 }]);
    const { variants } = await offerChoices(db, shirt!, { colorCount: 1, sizeCount: 1 });
    const [shopper] = await addShoppers(db, 1);
    await fillCarts(db, [shopper!], [{ productId: shirt!, variantId: variants[0]!.id, quantity: 1 }]);
    const response = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'cash' });
    expect(response.statusCode, response.body).toBe(200);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, response.json().data.orders[0].id));
    expect(line!.color).toEqual(expect.any(String));
    expect(line!.size).toEqual(expect.any(String));
  });

  it('orders only the buy-now line when asked to, leaving the cart alone', async () => {
    const { place, shopper, lampShop, mugShop, lamp, mug } = await twoShopCart();
    await fillCarts(ctx.database.db, [shopper], [{ productId: mug, quantity: 2 }], true);
    const response = await place({ shop_ids: [lampShop.id, mugShop.id], is_buy_now: true });
    expect(response.statusCode, response.body).toBe(200);
    const placed = await ordersOf(shopper.userId);
    expect(placed.map((order) => [order.shopId, order.subtotal])).toEqual([[mugShop.id, 10_00]]);
    const cart = await cartOf(shopper.userId);
    expect(cart.map((line) => [line.productId, line.quantity, line.isBuyNow])).toEqual([
      [lamp, 3, false],
      [mug, 1, false],
    ]);
  });

  it('applies a voucher to its shop, counts its use and keeps the redemption with the order', async () => {
    const { place, shopper, lampShop, mugShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { discountType: 'amount', discount: 5_00, totalLimit: 3 });
    const response = await place({ shop_ids: [lampShop.id, mugShop.id], coupon_code: voucher.code.toLowerCase(), expected_payable_amount: 71.57 });
    expect(response.statusCode, response.body).toBe(200);
    const placed = await ordersOf(shopper.userId);
    expect(placed.map((order) => [order.couponDiscount, order.couponCode, order.voucherId])).toEqual([
      [5_00, voucher.code, voucher.id],
      [0, null, null],
    ]);
    expect(placed[0]!.voucherRedemptionId).toEqual(expect.any(Number));
    const [row] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.usedCount).toBe(1);
  });

  it('gives each shop’s order its own voucher and counts each use', async () => {
    const { place, shopper, lampShop, mugShop } = await twoShopCart();
    const lampVoucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { discountType: 'amount', discount: 5_00 });
    const mugVoucher = await addVoucher(ctx.database.db, mugShop.id, clock.now(), { discountType: 'amount', discount: 1_00 });
    const response = await place({
      shop_ids: [lampShop.id, mugShop.id],
      coupon_codes: { [lampShop.id]: lampVoucher.code, [mugShop.id]: mugVoucher.code.toLowerCase() },
      expected_payable_amount: 70.57,
    });
    expect(response.statusCode, response.body).toBe(200);
    const placed = await ordersOf(shopper.userId);
    expect(placed.map((order) => [order.shopId, order.couponDiscount, order.couponCode, order.voucherId, order.payableAmount])).toEqual([
      [lampShop.id, 5_00, lampVoucher.code, lampVoucher.id, 64_08],
      [mugShop.id, 1_00, mugVoucher.code, mugVoucher.id, 6_49],
    ]);
    const used = await ctx.database.db.select({ id: vouchers.id, usedCount: vouchers.usedCount }).from(vouchers).where(inArray(vouchers.id, [lampVoucher.id, mugVoucher.id])).orderBy(vouchers.id);
    expect(used.map((row) => row.usedCount)).toEqual([1, 1]);
  });

  it('refuses a voucher typed under another shop, on that shop’s code, and writes nothing', async () => {
    const { place, shopper, lampShop, mugShop } = await twoShopCart();
    const lampVoucher = await addVoucher(ctx.database.db, lampShop.id, clock.now());
    const response = await place({ shop_ids: [lampShop.id, mugShop.id], coupon_codes: { [mugShop.id]: lampVoucher.code } });
    expect(response.statusCode).toBe(422);
    const message = 'This voucher is not valid for this shop.';
    expect(response.json()).toEqual({ message, errors: { [`coupon_codes.${mugShop.id}`]: [message] } });
    await nothingWritten(shopper, 2);
  });

  it('refuses a voucher that no longer applies, with the reason on coupon_code, and writes nothing', async () => {
    const { place, shopper, lampShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { totalLimit: 2, usedCount: 2 });
    const response = await place({ shop_ids: [lampShop.id], coupon_code: voucher.code });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'This voucher has reached its usage limit', errors: { coupon_code: ['This voucher has reached its usage limit'] } });
    await nothingWritten(shopper, 2);
  });
});

describe('refusals that write nothing', () => {
  it('refuses a product that ran out, naming it', async () => {
    const { place, shopper, lampShop, mugShop, lamp } = await twoShopCart({ mugStock: 0 });
    const response = await place({ shop_ids: [lampShop.id, mugShop.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Order Mug is out of stock' });
    await nothingWritten(shopper, 2);
    expect(await stockOf(ctx.database.db, lamp)).toEqual({ stock: 20, total_sold: 0 });
  });

  it('says how many are left when fewer than ordered remain', async () => {
    const { place, shopper, lampShop } = await twoShopCart({ lampStock: 2 });
    const response = await place({ shop_ids: [lampShop.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Only 2 left of Order Lamp' });
    await nothingWritten(shopper, 2);
  });

  it('refuses a product taken off sale since it was put in the cart', async () => {
    const { place, shopper, lampShop, mugShop, mug } = await twoShopCart();
    await ctx.database.db.execute(sql`update products set status = 'draft' where id = ${mug}`);
    const response = await place({ shop_ids: [lampShop.id, mugShop.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Order Mug is no longer available' });
    await nothingWritten(shopper, 2);
  });

  it('refuses when the payable amount differs from what the shopper saw', async () => {
    const { place, shopper, lampShop, mugShop, lamp } = await twoShopCart();
    await ctx.database.db.execute(sql`update products set discount_price = 2099 where id = ${lamp}`);
    const response = await place({ shop_ids: [lampShop.id, mugShop.id], expected_payable_amount: 76.95 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Prices have changed. Please review your order.' });
    await nothingWritten(shopper, 2);
  });

  it('refuses an address of another shopper', async () => {
    const { place, shopper, mugShop } = await twoShopCart();
    const [other] = await addShoppers(ctx.database.db, 1);
    const response = await place({ shop_ids: [mugShop.id], address_id: other!.addressId });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The selected address is invalid.', errors: { address_id: ['The selected address is invalid.'] } });
    await nothingWritten(shopper, 2);
  });

  it('asks for at least one shop', async () => {
    const { place, shopper } = await twoShopCart();
    const response = await place({ shop_ids: [] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Please select at least one shop', errors: { shop_ids: ['Please select at least one shop'] } });
    await nothingWritten(shopper, 2);
  });

  it('refuses shops that have nothing in the cart', async () => {
    const { place, shopper } = await twoShopCart();
    const elsewhere = await addShop(ctx.database.db);
    const response = await place({ shop_ids: [elsewhere.id] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ shop_ids: ['Your cart has no products from the selected shops.'] });
    await nothingWritten(shopper, 2);
  });

  it('asks for the Idempotency-Key header', async () => {
    const { place, shopper, mugShop } = await twoShopCart();
    const response = await place({ shop_ids: [mugShop.id] }, null);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The Idempotency-Key header is required.', errors: { 'Idempotency-Key': ['The Idempotency-Key header is required.'] } });
    await nothingWritten(shopper, 2);
  });

  it('answers field errors for a malformed body', async () => {
    const { shopper } = await twoShopCart();
    const response = await placeOrderCall(ctx.app, shopper.authorization, { shop_ids: 'all', address_id: 'home', note: 5 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      shop_ids: ['The shop ids must be an array.'],
      address_id: ['The address id must be a number.'],
      payment_method: ['The payment method field is required.'],
      note: ['The note must be a string.'],
    });
  });

  it.each([
    ['a method the store does not offer', 'bitcoin', 'The selected payment method is invalid.'],
    ['Stripe while it is not configured', 'stripe', 'This payment method is not available.'],
  ])('refuses %s', async (_case, method, message) => {
    const { place, shopper, mugShop } = await twoShopCart();
    const response = await place({ shop_ids: [mugShop.id], payment_method: method });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { payment_method: [message] } });
    await nothingWritten(shopper, 2);
  });

  it('asks an unverified shopper to verify first when the store requires it', async () => {
    const { db } = ctx.database;
    const { place, shopper, mugShop } = await twoShopCart({ verified: false });
    await db.update(settings).set({ value: true }).where(eq(settings.key, 'order_place_account_verify'));
    try {
      const response = await place({ shop_ids: [mugShop.id] });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'Please verify your account first' });
      await nothingWritten(shopper, 2);

      const verified = await twoShopCart({ verified: true });
      expect((await verified.place({ shop_ids: [verified.mugShop.id] })).statusCode).toBe(200);
    } finally {
      await db.update(settings).set({ value: false }).where(eq(settings.key, 'order_place_account_verify'));
    }
    expect((await place({ shop_ids: [mugShop.id] })).statusCode).toBe(200);
  });

  it('has no Stripe webhook while Stripe is not configured', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(response.statusCode).toBe(404);
  });

  it('needs a signed-in shopper', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/place-order', headers: { 'idempotency-key': randomUUID() }, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('mass assignment', () => {
  it('ignores prices, statuses and owners sent in the body', async () => {
    const { place, shopper, mugShop } = await twoShopCart();
    const [other] = await addShoppers(ctx.database.db, 1);
    const response = await place({
      shop_ids: [mugShop.id],
      price: 0.01,
      unit_price: 0.01,
      payable_amount: 0.01,
      status: 'delivered',
      payment_status: 'paid',
      user_id: other!.userId,
      order_number: 'HACKED',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await ordersOf(shopper.userId);
    expect(order).toMatchObject({ userId: shopper.userId, status: 'pending', paymentStatus: 'pending', subtotal: 5_00, payableAmount: 7_49 });
    expect(order!.orderNumber).not.toBe('HACKED');
    const [line] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line!.unitPrice).toBe(5_00);
    expect(await ordersOf(other!.userId)).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeated request with the first answer and places nothing more', async () => {
    const { place, shopper, lampShop, mugShop, lamp } = await twoShopCart();
    const key = randomUUID();
    const first = await place({ shop_ids: [lampShop.id, mugShop.id] }, key);
    expect(first.statusCode).toBe(200);
    // The cart is empty now: only the key can answer this with the orders.
    const again = await place({ shop_ids: [mugShop.id, lampShop.id], payment_status: 'paid' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(shopper.userId)).toHaveLength(2);
    expect(await stockOf(ctx.database.db, lamp)).toEqual({ stock: 17, total_sold: 3 });
  });

  it('refuses the same key with a different request', async () => {
    const { place, shopper, lampShop, mugShop } = await twoShopCart();
    const key = randomUUID();
    expect((await place({ shop_ids: [mugShop.id] }, key)).statusCode).toBe(200);
    const response = await place({ shop_ids: [lampShop.id] }, key);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This Idempotency-Key was used with a different request.');
    expect(await ordersOf(shopper.userId)).toHaveLength(1);
  });

  it('lets a refused request be retried with its key once the problem is solved', async () => {
    const { place, shopper, mugShop, mug } = await twoShopCart({ mugStock: 0 });
    const key = randomUUID();
    expect((await place({ shop_ids: [mugShop.id] }, key)).statusCode).toBe(409);
    const [variant] = await variantsOf(ctx.database.db, mug);
    await setVariantStock(ctx.database.db, variant!.id, 5);
    expect((await place({ shop_ids: [mugShop.id] }, key)).statusCode).toBe(200);
    expect(await ordersOf(shopper.userId)).toHaveLength(1);
  });

  it('forgets keys after a week', async () => {
    const { place, shopper, mugShop } = await twoShopCart();
    expect((await place({ shop_ids: [mugShop.id] })).statusCode).toBe(200);
    const keysOf = () => ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, shopper.userId));
    await forgetOldIdempotencyKeys(ctx.database.db, new Date(clock.now().getTime() + 6 * DAY_MS));
    expect(await keysOf()).toHaveLength(1);
    await forgetOldIdempotencyKeys(ctx.database.db, new Date(clock.now().getTime() + 8 * DAY_MS));
    expect(await keysOf()).toEqual([]);
  });

  it('keeps keys per shopper', async () => {
    const a = await twoShopCart();
    const b = await twoShopCart();
    const key = randomUUID();
    expect((await a.place({ shop_ids: [a.mugShop.id] }, key)).statusCode).toBe(200);
    expect((await b.place({ shop_ids: [b.mugShop.id] }, key)).statusCode).toBe(200);
    expect(await ordersOf(b.shopper.userId)).toHaveLength(1);
  });
});

describe('order confirmation mail', () => {
  const outbox = () => path.join(ctx.config.dataDir, 'outbox');
  const mailsTo = (address: string) => {
    if (!existsSync(outbox())) return [];
    return readdirSync(outbox())
      .map((name) => JSON.parse(readFileSync(path.join(outbox(), name), 'utf8')) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === address);
  };
  const emailOf = async (shopper: Shopper) =>
    (await queryRows<{ email: string }>(ctx.database.db, sql`select email from users where id = ${shopper.userId}`))[0]!.email;

  it('sends the shopper the orders with their lines and totals', async () => {
    const { place, shopper, lampShop, mugShop } = await twoShopCart();
    const response = await place({ shop_ids: [lampShop.id, mugShop.id] });
    const numbers = response.json().data.orders.map((order: { order_number: string }) => order.order_number);
    const email = await emailOf(shopper);
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe(`Your order #${numbers[0]}, #${numbers[1]} at Open Store`);
    expect(mail!.text).toContain('3 × Order Lamp — $59.97');
    expect(mail!.text).toContain('Total payable: $76.95');
    expect(mail!.text).toContain('Payment: Cash on Delivery');
    expect(mail!.text).toContain('Delivery to: Ada Shopper, 4B, 12 Market Street, Floor 2, Riverside, New York NY 10001, United States');
  });

  it("is written in the language the shopper placed in, amounts in the store currency's own decimals, its symbol where it goes", async () => {
    const { db } = ctx.database;
    const placeIn = async (language: string) => {
      const { shopper, lampShop } = await twoShopCart();
      const response = await placeOrderCall(ctx.app, shopper.authorization, { address_id: shopper.addressId, payment_method: 'cash', shop_ids: [lampShop.id] }, randomUUID(), language);
      expect(response.statusCode, response.body).toBe(200);
      const email = await emailOf(shopper);
      await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
      return { number: response.json().data.orders[0].order_number as string, mail: mailsTo(email)[0]! };
    };
    const storeCurrency = async (currency: typeof currencies.$inferInsert) => {
      await db.update(currencies).set({ isDefault: false });
      await db.insert(currencies).values({ ...currency, isDefault: true });
    };
    try {
      await storeCurrency({ name: 'KWD', symbol: 'KD', position: 'suffix', rate: '0.31' });
      const arabic = await placeIn('ar');
      expect(arabic.mail.subject).toBe(`طلبك #${arabic.number} من Open Store`);
      expect(arabic.mail.text).toContain(`الطلب رقم #${arabic.number} من Lamp Shop`);
      expect(arabic.mail.text).toContain('3 × Order Lamp — 18.591KD');
      expect(arabic.mail.text).toContain('التوصيل: 1.547KD');
      expect(arabic.mail.text).toContain('الدفع: الدفع عند الاستلام');

      await db.delete(currencies).where(eq(currencies.name, 'KWD'));
      await storeCurrency({ name: 'JPY', symbol: '¥', position: 'prefix', rate: '150' });
      const persian = await placeIn('ir');
      expect(persian.mail.subject).toBe(`سفارش شما #${persian.number} در Open Store`);
      expect(persian.mail.text).toContain('۳ × Order Lamp — ¥۸٬۹۹۶');
      expect(persian.mail.text).toContain('پرداخت در محل');
      expect(persian.mail.text).toContain('می‌توانید سفارش‌های خود را در «تاریخچه سفارش‌ها» در حساب کاربری خود پیگیری کنید.');
    } finally {
      await db.delete(currencies).where(inArray(currencies.name, ['KWD', 'JPY']));
      await db.update(currencies).set({ isDefault: true }).where(eq(currencies.name, 'USD'));
    }
  });

  it('places the order when the mail cannot be sent, and sends the mail on a later attempt', async () => {
    const { place, shopper, mugShop } = await twoShopCart();
    const email = await emailOf(shopper);
    const send = vi.spyOn(ctx.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    try {
      const response = await place({ shop_ids: [mugShop.id] });
      expect(response.statusCode).toBe(200);
      expect(await ordersOf(shopper.userId)).toHaveLength(1);
      await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1), { timeout: 15_000, interval: 100 });
      expect(send).toHaveBeenCalledTimes(2);
      expect(mailsTo(email)[0]!.subject).toBe(`Your order #${response.json().data.orders[0].order_number} at Open Store`);
    } finally {
      send.mockRestore();
    }
  });
});

describe('order numbers', () => {
  it('are unique and readable', async () => {
    const rows = await queryRows<{ duplicates: number }>(
      ctx.database.db,
      sql`select count(*)::int - count(distinct order_number)::int as duplicates from orders`,
    );
    expect(rows[0]!.duplicates).toBe(0);
    const { place, mugShop } = await twoShopCart();
    const { data } = (await place({ shop_ids: [mugShop.id] })).json();
    const [order] = await ctx.database.db.select({ number: orders.orderNumber }).from(orders).where(and(eq(orders.id, data.orders[0].id)));
    expect(order!.number).toBe(data.orders[0].order_number);
  });
});
