import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSummarySchema, type CheckoutSummary } from '../../../shared/cart.contract.ts';
import { vouchers } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addFlashSale, addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher, shopperCalls } from '../../test/commerce-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { redeemVoucher } from '../vouchers/vouchers.service.ts';
import { priceCheckout } from './checkout-pricing.ts';

let ctx: TestContext;
const clock = new ManualClock();
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

const HOUR_MS = 3_600_000;

/**
 * A shopper with two shops in the cart: Lamp Shop (delivery 4.99) with 3 × 19.99 at 7.5 % tax, and
 * Mug Shop (delivery 2.49) with 1 × 5.00 untaxed.
 */
async function twoShopCart() {
  const { db } = ctx.database;
  const lampShop = await addShop(db, { name: 'Lamp Shop', deliveryCharge: 4_99 });
  const mugShop = await addShop(db, { name: 'Mug Shop', deliveryCharge: 2_49 });
  const [lamp, mug] = await addProducts(db, [
    { name: 'Checkout Lamp', shopId: lampShop.id, price: 24_99, discountPrice: 19_99, taxRate: 750, stock: 20 },
    { name: 'Checkout Mug', shopId: mugShop.id, price: 5_00, stock: 20 },
  ]);
  const { user, authorization } = await createCustomer(ctx.app);
  const calls = shopperCalls(ctx.app, authorization);
  await calls.post('/cart/store', { product_id: lamp, quantity: 3 });
  await calls.post('/cart/store', { product_id: mug, quantity: 1 });
  const checkout = (body: object) => calls.post('/cart/checkout', body);
  return { user, lampShop, mugShop, lamp: lamp!, mug: mug!, checkout, ...calls };
}

function summaryOf(response: { statusCode: number; body: string; json(): { data: unknown } }): CheckoutSummary {
  expect(response.statusCode, response.body).toBe(200);
  return checkoutSummarySchema.parse(response.json().data);
}

const zeroFigures = { total_amount: 0, delivery_charge: 0, coupon_discount: 0, payable_amount: 0, order_tax_amount: 0, taxable_amount: 0, tax_rate: 0, free_delivery_threshold: null };

describe('checkout figures', () => {
  it('adds the selected shops’ lines, delivery charges and per-line tax', async () => {
    const { checkout, lampShop, mugShop, lamp, mug } = await twoShopCart();
    const response = await checkout({ shop_ids: [lampShop.id, mugShop.id] });
    expect(response.json().message).toBe('Checkout details');
    const summary = summaryOf(response);
    // 3 × 19.99 = 59.97 (+ 4.49775 tax → 4.50) and 5.00; delivery 4.99 + 2.49.
    expect(summary.checkout).toEqual({
      total_amount: 64.97, delivery_charge: 7.48, coupon_discount: 0, payable_amount: 76.95, order_tax_amount: 4.5,
      // The lines are taxed at different rates (7.5 % and the store's 0): each shop names its own.
      taxable_amount: 64.97, tax_rate: null, free_delivery_threshold: null,
    });
    expect(summary.apply_coupon).toBe(false);
    expect(summary.checkout_items.map((group) => [group.shop_id, group.products.map((line) => [line.id, line.quantity])])).toEqual([
      [lampShop.id, [[lamp, 3]]],
      [mugShop.id, [[mug, 1]]],
    ]);
  });

  it('leaves out the shops not selected, and shops that are not in the cart add nothing', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    const elsewhere = await addShop(ctx.database.db, { deliveryCharge: 9_99 });
    const summary = summaryOf(await checkout({ shop_ids: [mugShop.id, elsewhere.id, 2_000_000_000] }));
    expect(summary.checkout).toEqual({ total_amount: 5, delivery_charge: 2.49, coupon_discount: 0, payable_amount: 7.49, order_tax_amount: 0, taxable_amount: 5, tax_rate: 0, free_delivery_threshold: null });
    expect(summary.checkout_items.map((group) => group.shop_id)).toEqual([mugShop.id]);
    expect(summary.checkout_items.map((group) => group.shop_id)).not.toContain(lampShop.id);
  });

  it('answers zeros for an empty selection', async () => {
    const { checkout } = await twoShopCart();
    expect(summaryOf(await checkout({ shop_ids: [] }))).toEqual({ checkout: zeroFigures, apply_coupon: false, checkout_items: [] });
  });

  it('charges the running flash sale price', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db, { deliveryCharge: 0 });
    const [id] = await addProducts(db, [{ name: 'Checkout Flash Fan', shopId: shop.id, price: 50_00, discountPrice: 45_00 }]);
    const now = Date.now();
    await addFlashSale(db, { startsAt: new Date(now - HOUR_MS), endsAt: new Date(now + HOUR_MS) }, [{ productId: id!, price: 29_99 }]);
    const { authorization } = await createCustomer(ctx.app);
    const { post } = shopperCalls(ctx.app, authorization);
    await post('/cart/store', { product_id: id, quantity: 2 });
    expect(summaryOf(await post('/cart/checkout', { shop_ids: [shop.id] })).checkout.total_amount).toBe(59.98);
  });

  it('prices only the buy-now line when asked to', async () => {
    const { post, checkout, lampShop, mugShop, lamp } = await twoShopCart();
    await post('/cart/store', { product_id: lamp, quantity: 1, is_buy_now: true });
    const summary = summaryOf(await checkout({ shop_ids: [lampShop.id, mugShop.id], is_buy_now: true }));
    // 19.99 + 1.49925 tax → 1.50, + delivery 4.99.
    expect(summary.checkout).toEqual({ total_amount: 19.99, delivery_charge: 4.99, coupon_discount: 0, payable_amount: 26.48, order_tax_amount: 1.5, taxable_amount: 19.99, tax_rate: 7.5, free_delivery_threshold: null });
    expect(summary.checkout_items.flatMap((group) => group.products.map((line) => [line.id, line.quantity]))).toEqual([[lamp, 1]]);
  });

  it('ignores amounts a client sends', async () => {
    const { checkout, lampShop } = await twoShopCart();
    const summary = summaryOf(await checkout({ shop_ids: [lampShop.id], total_amount: 0.01, coupon_discount: 999, delivery_charge: 0 }));
    expect(summary.checkout.total_amount).toBe(59.97);
    expect(summary.checkout.coupon_discount).toBe(0);
  });
});

describe('vouchers at checkout', () => {
  it('takes a percentage off the voucher’s shop, capped at its maximum, whatever the letter case', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { discountType: 'percentage', discount: 50, maxDiscountAmount: 10_00 });
    const response = await checkout({ shop_ids: [lampShop.id, mugShop.id], coupon_code: ` ${voucher.code.toLowerCase()} ` });
    expect(response.json().message).toBe('Voucher applied successfully');
    const summary = summaryOf(response);
    expect(summary.apply_coupon).toBe(true);
    // The discount lowers what is taxed (decision 054): 7.5 % of 49.97 is 3.75.
    expect(summary.checkout).toEqual({
      total_amount: 64.97, delivery_charge: 7.48, coupon_discount: 10, payable_amount: 66.2, order_tax_amount: 3.75,
      taxable_amount: 54.97, tax_rate: null, free_delivery_threshold: null,
    });
  });

  it('rounds an uncapped percentage to the cent', async () => {
    const { checkout, lampShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { discountType: 'percentage', discount: 15 });
    // 15 % of 59.97 = 8.9955.
    expect(summaryOf(await checkout({ shop_ids: [lampShop.id], coupon_code: voucher.code })).checkout.coupon_discount).toBe(9);
  });

  it('never takes a fixed amount beyond the shop’s subtotal', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, mugShop.id, clock.now(), { discountType: 'amount', discount: 100_00 });
    const summary = summaryOf(await checkout({ shop_ids: [lampShop.id, mugShop.id], coupon_code: voucher.code }));
    expect(summary.checkout.coupon_discount).toBe(5);
    expect(summary.checkout.payable_amount).toBe(71.95);
  });

  it('refuses a voucher of a shop outside the selection', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, mugShop.id, clock.now());
    const response = await checkout({ shop_ids: [lampShop.id], coupon_code: voucher.code });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'This voucher is not valid for the selected shops',
      errors: { coupon_code: ['This voucher is not valid for the selected shops'] },
    });
  });

  it.each([
    ['an unknown code', null, 'This voucher code is not valid'],
    ['an inactive voucher', { isActive: false }, 'This voucher is not active'],
    ['a voucher not started yet', { startsAt: new Date(Date.now() + 2 * HOUR_MS), expiresAt: new Date(Date.now() + 48 * HOUR_MS) }, 'This voucher is not valid yet'],
    ['an expired voucher', { startsAt: new Date(Date.now() - 48 * HOUR_MS), expiresAt: new Date(Date.now() - HOUR_MS) }, 'This voucher has expired'],
    ['a voucher below its minimum spend', { minOrderAmount: 60_00 }, 'Your order does not reach the minimum spend for this voucher'],
    ['a voucher used up by everyone', { totalLimit: 5, usedCount: 5 }, 'This voucher has reached its usage limit'],
  ] as const)('refuses %s with a message saying so', async (_case, terms, message) => {
    const { checkout, lampShop } = await twoShopCart();
    const code = terms ? (await addVoucher(ctx.database.db, lampShop.id, clock.now(), terms)).code : 'NO-SUCH-CODE';
    const response = await checkout({ shop_ids: [lampShop.id], coupon_code: code });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { coupon_code: [message] } });
  });

  it('refuses a voucher this shopper already used up, while another shopper may still use it', async () => {
    const { checkout, lampShop, lamp, user } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { limitForUser: 2 });
    await redeemVoucher(ctx.database.db, { voucherId: voucher.id, redeemer: { userId: user.id }, now: clock.now() });
    expect((await checkout({ shop_ids: [lampShop.id], coupon_code: voucher.code })).statusCode).toBe(200);
    await redeemVoucher(ctx.database.db, { voucherId: voucher.id, redeemer: { userId: user.id }, now: clock.now() });
    const refused = await checkout({ shop_ids: [lampShop.id], coupon_code: voucher.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('You have already used this voucher the maximum number of times');

    const other = shopperCalls(ctx.app, (await createCustomer(ctx.app)).authorization);
    await other.post('/cart/store', { product_id: lamp, quantity: 1 });
    expect((await other.post('/cart/checkout', { shop_ids: [lampShop.id], coupon_code: voucher.code })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.usedCount).toBe(2);
  });

  it('follows the store clock past a voucher’s end', async () => {
    const { checkout, lampShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { expiresAt: new Date(clock.now().getTime() + HOUR_MS) });
    expect((await checkout({ shop_ids: [lampShop.id], coupon_code: voucher.code })).statusCode).toBe(200);
    clock.advance({ hours: 2 });
    const response = await checkout({ shop_ids: [lampShop.id], coupon_code: voucher.code });
    expect(response.json().message).toBe('This voucher has expired');
  });

  it('cannot be redeemed past its total limit, even by a direct write', async () => {
    const { user, lampShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { totalLimit: 1 });
    await redeemVoucher(ctx.database.db, { voucherId: voucher.id, redeemer: { userId: user.id }, now: clock.now() });
    await expect(ctx.database.db.transaction((tx) => redeemVoucher(tx, { voucherId: voucher.id, redeemer: { userId: user.id }, now: clock.now() }))).rejects.toThrow();
  });
});

describe('a voucher per shop', () => {
  const notThisShop = 'This voucher is not valid for this shop.';

  it('takes each shop’s voucher off that shop alone and says what each shop saves', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    const lampVoucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { discountType: 'percentage', discount: 10 });
    const mugVoucher = await addVoucher(ctx.database.db, mugShop.id, clock.now(), { discountType: 'amount', discount: 1_50 });
    const response = await checkout({ shop_ids: [lampShop.id, mugShop.id], coupon_codes: { [lampShop.id]: lampVoucher.code.toLowerCase(), [mugShop.id]: mugVoucher.code } });
    expect(response.json().message).toBe('Voucher applied successfully');
    const summary = summaryOf(response);
    // 10 % of 59.97 = 6.00 off Lamp Shop (7.5 % tax on 53.97 is 4.05), 1.50 off Mug Shop.
    expect(summary.checkout).toEqual({
      total_amount: 64.97, delivery_charge: 7.48, coupon_discount: 7.5, payable_amount: 69, order_tax_amount: 4.05,
      taxable_amount: 57.47, tax_rate: null, free_delivery_threshold: null,
    });
    expect(summary.apply_coupon).toBe(true);
    expect(summary.checkout_items.map((group) => [group.shop_id, group.coupon_code, group.coupon_discount])).toEqual([
      [lampShop.id, lampVoucher.code, 6],
      [mugShop.id, mugVoucher.code, 1.5],
    ]);
  });

  it('judges each code against its own shop’s subtotal', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    // Mug Shop's subtotal is 5.00: the whole checkout (64.97) would reach this minimum, Mug Shop alone does not.
    const mugVoucher = await addVoucher(ctx.database.db, mugShop.id, clock.now(), { minOrderAmount: 20_00 });
    const response = await checkout({ shop_ids: [lampShop.id, mugShop.id], coupon_codes: { [mugShop.id]: mugVoucher.code } });
    expect(response.statusCode).toBe(422);
    const message = 'Your order does not reach the minimum spend for this voucher';
    expect(response.json()).toEqual({ message, errors: { [`coupon_codes.${mugShop.id}`]: [message] } });
  });

  it('refuses a code typed under another shop than its own, under that shop', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    const lampVoucher = await addVoucher(ctx.database.db, lampShop.id, clock.now());
    const response = await checkout({ shop_ids: [lampShop.id, mugShop.id], coupon_codes: { [mugShop.id]: lampVoucher.code } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: notThisShop, errors: { [`coupon_codes.${mugShop.id}`]: [notThisShop] } });
  });

  it('refuses an unknown code under its shop', async () => {
    const { checkout, lampShop } = await twoShopCart();
    const response = await checkout({ shop_ids: [lampShop.id], coupon_codes: { [lampShop.id]: 'NO-SUCH-CODE' } });
    expect(response.json()).toEqual({ message: 'This voucher code is not valid', errors: { [`coupon_codes.${lampShop.id}`]: ['This voucher code is not valid'] } });
  });

  it('counts each shopper’s uses per voucher', async () => {
    const { checkout, lampShop, mugShop, user } = await twoShopCart();
    const lampVoucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { limitForUser: 1 });
    const mugVoucher = await addVoucher(ctx.database.db, mugShop.id, clock.now(), { limitForUser: 1 });
    await redeemVoucher(ctx.database.db, { voucherId: lampVoucher.id, redeemer: { userId: user.id }, now: clock.now() });
    const codes = { [lampShop.id]: lampVoucher.code, [mugShop.id]: mugVoucher.code };
    const refused = await checkout({ shop_ids: [lampShop.id, mugShop.id], coupon_codes: codes });
    expect(refused.json().errors).toEqual({ [`coupon_codes.${lampShop.id}`]: ['You have already used this voucher the maximum number of times'] });
    expect(summaryOf(await checkout({ shop_ids: [mugShop.id], coupon_codes: codes })).checkout.coupon_discount).toBe(0.5);
  });

  it('leaves out codes of shops outside the selection, and blank codes', async () => {
    const { checkout, lampShop, mugShop } = await twoShopCart();
    const lampVoucher = await addVoucher(ctx.database.db, lampShop.id, clock.now());
    const summary = summaryOf(await checkout({ shop_ids: [mugShop.id], coupon_codes: { [lampShop.id]: lampVoucher.code, [mugShop.id]: ' ' } }));
    expect(summary.apply_coupon).toBe(false);
    expect(summary.checkout.coupon_discount).toBe(0);
    expect(summary.checkout_items.map((group) => [group.coupon_code, group.coupon_discount])).toEqual([[null, 0]]);
  });

  it.each([
    ['codes as a list', { coupon_codes: ['X'] }, 'coupon_codes', 'The coupon codes must be an object.'],
    ['a key that is no shop id', { coupon_codes: { lamp: 'X' } }, 'coupon_codes.lamp', 'The coupon codes must be keyed by shop id.'],
    ['a numeric code', { coupon_codes: { 1: 5 } }, 'coupon_codes.1', 'The coupon code must be a string.'],
    ['a huge code', { coupon_codes: { 1: 'X'.repeat(51) } }, 'coupon_codes.1', 'The coupon code must not be greater than 50 characters.'],
    ['both ways at once', { coupon_code: 'A', coupon_codes: { 1: 'B' } }, 'coupon_code', 'The coupon code and coupon codes fields cannot be sent together.'],
  ])('refuses %s with a field error', async (_case, body, field, message) => {
    const { checkout } = await twoShopCart();
    const response = await checkout({ shop_ids: [1], ...body });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });
});

describe('pricing for an order', () => {
  it('prices the same figures with the rows locked inside a transaction', async () => {
    const { user, lampShop, mugShop } = await twoShopCart();
    const voucher = await addVoucher(ctx.database.db, lampShop.id, clock.now(), { discountType: 'amount', discount: 5_00 });
    const options = { owner: { userId: user.id }, shopIds: [lampShop.id, mugShop.id], couponCode: voucher.code, isBuyNow: false, now: clock.now() };
    const locked = await ctx.database.db.transaction((tx) => priceCheckout(tx, { ...options, lockRows: true }));
    expect(locked).toEqual(await priceCheckout(ctx.database.db, options));
    expect(locked.vouchers.map((applied) => applied.id)).toEqual([voucher.id]);
    // The lamps' tax is on 59.97 − 5.00 (decision 054): 7.5 % of 54.97 is 4.12.
    expect(locked.totals).toEqual({ subtotal: 64_97, deliveryCharge: 7_48, taxableAmount: 59_97, taxAmount: 4_12, discount: 5_00, payable: 71_57 });
    expect(locked.shops.map((shop) => [shop.shopId, shop.voucher?.id ?? null, shop.payable])).toEqual([
      [lampShop.id, voucher.id, 64_08],
      [mugShop.id, null, 7_49],
    ]);
    expect(locked.shops[0]!.lines[0]).toMatchObject({ name: 'Checkout Lamp', sku: expect.any(String), unitPrice: 19_99, quantity: 3, taxRate: 750, lineTotal: 59_97, discountShare: 5_00, taxableAmount: 54_97, taxAmount: 4_12 });
  });

  // PGlite runs one transaction at a time anyway; on PostgreSQL only the row lock keeps the increment waiting.
  it('holds the shopper’s lines until the order’s transaction ends', async () => {
    const { user, lampShop, lamp, post } = await twoShopCart();
    // Warm the code path first, so that only the lock can keep the increment waiting below.
    await post('/cart/increment', { product_id: lamp });
    let incremented = false;
    let increment: Promise<unknown> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await priceCheckout(tx, { owner: { userId: user.id }, shopIds: [lampShop.id], isBuyNow: false, now: clock.now(), lockRows: true });
      increment = post('/cart/increment', { product_id: lamp }).then(() => (incremented = true));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(incremented).toBe(false);
    });
    await increment;
    expect(incremented).toBe(true);
  });
});

describe('bad input', () => {
  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/cart/checkout', payload: { shop_ids: [] } })).statusCode).toBe(401);
  });

  it.each([
    ['no shop ids', {}, 'shop_ids', 'The shop ids field is required.'],
    ['shop ids as text', { shop_ids: 'all' }, 'shop_ids', 'The shop ids must be an array.'],
    ['a text shop id', { shop_ids: ['x'] }, 'shop_ids.0', 'The shop id must be a number.'],
    ['a numeric coupon code', { shop_ids: [1], coupon_code: 123 }, 'coupon_code', 'The coupon code must be a string.'],
    ['a huge coupon code', { shop_ids: [1], coupon_code: 'X'.repeat(51) }, 'coupon_code', 'The coupon code must not be greater than 50 characters.'],
  ])('refuses %s with a field error', async (_case, body, field, message) => {
    const { checkout } = await twoShopCart();
    const response = await checkout(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('never answers junk with a server error', async () => {
    const { authorization } = await createCustomer(ctx.app);
    for (const payload of ['{not json', '[1,2]', 'null', '{"shop_ids": [{"id": 1}]}', '{"shop_ids": [1e40]}']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: { authorization, 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });
});
