import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { orders, payments, reviews, shops, voucherRedemptions, vouchers } from '../../db/schema.ts';
import { orderDetailSchema, orderListSchema } from '../../../shared/orders.contract.ts';
import { countryIdOf } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher, shopperCalls } from '../../test/commerce-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addShoppers, fillCarts, placeOrderCall, setOrderStatus, stockOf } from '../../test/order-fixtures.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

/** A shopper who ordered 2 Desk Plants (12.50 each, 10 % tax) from Plant Shop (delivery 3.00), with a 2.00 voucher. */
async function placedOrder({ stock = 10 } = {}) {
  const { db } = ctx.database;
  const shop = await addShop(db, { name: 'Plant Shop', deliveryCharge: 3_00, logo: '/media/placeholder/logo/plants.svg' });
  const [plant, pot] = await addProducts(db, [
    { name: 'Desk Plant', shopId: shop.id, price: 12_50, taxRate: 1000, stock, thumbnail: '/media/placeholder/product/plant.svg' },
    { name: 'Clay Pot', shopId: shop.id, price: 4_00, stock },
  ]);
  const voucher = await addVoucher(db, shop.id, clock.now(), { discountType: 'amount', discount: 2_00, totalLimit: 10 });
  const [shopper] = await addShoppers(db, 1);
  await fillCarts(db, [shopper!], [
    { productId: plant!, quantity: 2 },
    { productId: pot!, quantity: 1 },
  ]);
  const response = await placeOrderCall(ctx.app, shopper!.authorization, {
    shop_ids: [shop.id],
    address_id: shopper!.addressId,
    payment_method: 'cash',
    coupon_code: voucher.code,
    note: 'Leave at the door',
  });
  expect(response.statusCode, response.body).toBe(200);
  const orderId: number = response.json().data.orders[0].id;
  return { shopper: shopper!, shop, plant: plant!, pot: pot!, voucher, orderId, calls: shopperCalls(ctx.app, shopper!.authorization) };
}

const usedCount = async (voucherId: number) => (await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucherId)))[0]!.usedCount;

describe('order history', () => {
  it('lists the shopper’s orders newest first, with counts per status and paging', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db, { name: 'History Shop' });
    const [item] = await addProducts(db, [{ name: 'History Item', shopId: shop.id, price: 3_00, stock: 100 }]);
    const [shopper] = await addShoppers(db, 1);
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) {
      await fillCarts(db, [shopper!], [{ productId: item!, quantity: index + 1 }]);
      const response = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'cash' });
      ids.push(response.json().data.orders[0].id);
      clock.advance({ minutes: 1 });
    }
    await setOrderStatus(db, ids[0]!, 'delivered');
    await setOrderStatus(db, ids[1]!, 'confirm');
    const { get } = shopperCalls(ctx.app, shopper!.authorization);

    const all = await get('/orders?per_page=2');
    expect(all.statusCode).toBe(200);
    const list = orderListSchema.strict().parse(all.json().data);
    expect(list.total).toBe(3);
    expect(list.status_wise_orders).toEqual({ all: 3, pending: 1, confirm: 1, processing: 0, pickup: 0, on_the_way: 0, delivered: 1, cancelled: 0 });
    expect(list.orders.map((order) => order.id)).toEqual([ids[2], ids[1]]);
    expect(list.orders[0]).toEqual({
      id: ids[2],
      order_number: expect.stringMatching(/^OS\d+$/),
      shop: { id: shop.id, name: 'History Shop' },
      status: 'pending',
      payment_method: 'cash',
      payment_status: 'pending',
      total_items: 3,
      payable_amount: 9,
      created_at: expect.any(String),
    });
    expect(Object.keys(list.orders[0]!)).toEqual(Object.keys(all.json().data.orders[0]));

    const second = orderListSchema.parse((await get('/orders?per_page=2&page=2')).json().data);
    expect(second.orders.map((order) => order.id)).toEqual([ids[0]]);

    const delivered = orderListSchema.parse((await get('/orders?order_status=delivered')).json().data);
    expect(delivered.total).toBe(1);
    expect(delivered.orders.map((order) => order.id)).toEqual([ids[0]]);
    expect(orderListSchema.parse((await get('/orders?order_status=all')).json().data).total).toBe(3);
  });

  it('refuses an unknown status filter', async () => {
    const [shopper] = await addShoppers(ctx.database.db, 1);
    const response = await shopperCalls(ctx.app, shopper!.authorization).get('/orders?order_status=lost&per_page=500');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      order_status: ['The selected order status is invalid.'],
      per_page: ['The per page must not be greater than 50.'],
    });
  });

  it('shows one order with its lines, address, figures, currency and history', async () => {
    const { calls, orderId, shop, plant } = await placedOrder();
    const response = await calls.get(`/orders/${orderId}`);
    expect(response.statusCode).toBe(200);
    const order = orderDetailSchema.strict().parse(response.json().data.order);
    expect(order).toMatchObject({
      id: orderId,
      status: 'pending',
      payment_method: 'cash',
      payment_status: 'pending',
      note: 'Leave at the door',
      shop: { id: shop.id, name: 'Plant Shop', logo: '/media/placeholder/logo/plants.svg' },
      address: {
        name: 'Ada Shopper',
        phone: '2025550123',
        area: 'Riverside',
        flat_no: '4B',
        address_type: 'home',
        address_line: '12 Market Street',
        address_line2: 'Floor 2',
        post_code: '10001',
        city: 'New York',
        state: 'NY',
        country: 'United States',
        country_code: 'US',
      },
      // 25.00 + 4.00, delivery 3.00, voucher 2.00 (1.72 of it on the plant), tax 10% of 25.00 − 1.72 (decision 054).
      subtotal: 29,
      delivery_charge: 3,
      coupon_discount: 2,
      tax_amount: 2.33,
      // Taxed on the goods less the voucher; the plant's own 10 % and the pot's store rate (0 %) differ, so no one rate.
      taxable_amount: 27,
      tax_rate: null,
      payable_amount: 32.33,
      currency: { name: 'USD', symbol: '$', rate: 1 },
      status_history: [{ status: 'pending', created_at: clock.now().toISOString() }],
    });
    expect(order.items[0]).toEqual({
      id: expect.any(Number),
      product_id: plant,
      name: 'Desk Plant',
      thumbnail: '/media/placeholder/product/plant.svg',
      unit_price: 12.5,
      quantity: 2,
      color: null,
      size: null,
      unit: 'pc',
      line_total: 25,
      can_review: false,
      review: null,
    });
  });

  it('keeps the delivery address as placed when the address book entry is edited, then deleted', async () => {
    const { calls, orderId, shopper } = await placedOrder();
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/addresses/${shopper.addressId}`,
      headers: { authorization: shopper.authorization },
      payload: { name: 'Ada Moved', phone: '2025550123', area: 'Harbour', address_line: '1 Quay Road', city: 'Cork', country_id: await countryIdOf(ctx.database.db, 'IE') },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const placed = { name: 'Ada Shopper', area: 'Riverside', address_line: '12 Market Street', city: 'New York', state: 'NY', country: 'United States', country_code: 'US' };
    expect((await calls.get(`/orders/${orderId}`)).json().data.order.address).toMatchObject(placed);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/addresses/${shopper.addressId}`, headers: { authorization: shopper.authorization } });
    expect(removed.statusCode).toBe(200);
    expect((await calls.get(`/orders/${orderId}`)).json().data.order.address).toMatchObject(placed);
  });

  it('shows an order placed before city, state and country were kept with them empty', async () => {
    const { calls, orderId } = await placedOrder();
    await ctx.database.db.execute(sql`update orders set address = address - 'city' - 'state' - 'country' - 'country_code' where id = ${orderId}`);
    const response = await calls.get(`/orders/${orderId}`);
    expect(response.statusCode).toBe(200);
    expect(orderDetailSchema.strict().parse(response.json().data.order).address).toMatchObject({ address_line: '12 Market Street', city: '', state: '', country: '', country_code: '' });
  });

  it('does not find an order by a malformed id', async () => {
    const { calls } = await placedOrder();
    for (const id of ['abc', '0', '-1', '99999999999']) expect((await calls.get(`/orders/${id}`)).statusCode).toBe(404);
  });
});

describe('cancelling an order', () => {
  it('cancels a pending order, gives back stock and the voucher use, and records the status', async () => {
    const { calls, orderId, plant, pot, voucher } = await placedOrder();
    expect(await stockOf(ctx.database.db, plant)).toEqual({ stock: 8, total_sold: 2 });
    expect(await usedCount(voucher.id)).toBe(1);

    clock.advance({ minutes: 5 });
    const response = await calls.post(`/orders/${orderId}/cancel`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Order cancelled successfully');
    const order = orderDetailSchema.parse(response.json().data.order);
    expect(order.status).toBe('cancelled');
    expect(order.payment_status).toBe('cancelled');
    expect(order.status_history.map((entry) => entry.status)).toEqual(['pending', 'cancelled']);

    expect(await stockOf(ctx.database.db, plant)).toEqual({ stock: 10, total_sold: 0 });
    expect(await stockOf(ctx.database.db, pot)).toEqual({ stock: 10, total_sold: 0 });
    expect(await usedCount(voucher.id)).toBe(0);
    expect(await ctx.database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucher.id))).toEqual([]);
    const [payment] = await ctx.database.db.select().from(payments).innerJoin(orders, eq(orders.paymentId, payments.id)).where(eq(orders.id, orderId));
    expect(payment!.payments.status).toBe('cancelled');
  });

  it('gives back exactly once, however often and however concurrently it is asked', async () => {
    const { calls, orderId, plant, voucher } = await placedOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => calls.post(`/orders/${orderId}/cancel`, {})));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(refused.json()).toEqual({ message: 'Only pending orders can be cancelled.' });
    expect(await stockOf(ctx.database.db, plant)).toEqual({ stock: 10, total_sold: 0 });
    expect(await usedCount(voucher.id)).toBe(0);
  });

  it.each(['confirm', 'delivered'] as const)('refuses an order that is already %s', async (status) => {
    const { calls, orderId, plant, voucher } = await placedOrder();
    await setOrderStatus(ctx.database.db, orderId, status);
    const response = await calls.post(`/orders/${orderId}/cancel`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Only pending orders can be cancelled.' });
    expect(await stockOf(ctx.database.db, plant)).toEqual({ stock: 8, total_sold: 2 });
    expect(await usedCount(voucher.id)).toBe(1);
  });

  it('gives back each shop’s voucher with its own order, once', async () => {
    const { db } = ctx.database;
    const [lampShop, mugShop] = [await addShop(db), await addShop(db)];
    const [lamp, mug] = await addProducts(db, [
      { name: 'Cancel Lamp', shopId: lampShop.id, price: 20_00, stock: 10 },
      { name: 'Cancel Mug', shopId: mugShop.id, price: 10_00, stock: 10 },
    ]);
    const lampVoucher = await addVoucher(db, lampShop.id, clock.now(), { totalLimit: 1 });
    const mugVoucher = await addVoucher(db, mugShop.id, clock.now(), { totalLimit: 1 });
    const [shopper] = await addShoppers(db, 1);
    await fillCarts(db, [shopper!], [
      { productId: lamp!, quantity: 1 },
      { productId: mug!, quantity: 1 },
    ]);
    const response = await placeOrderCall(ctx.app, shopper!.authorization, {
      shop_ids: [lampShop.id, mugShop.id],
      address_id: shopper!.addressId,
      payment_method: 'cash',
      coupon_codes: { [lampShop.id]: lampVoucher.code, [mugShop.id]: mugVoucher.code },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [lampOrder, mugOrder] = response.json().data.orders as Array<{ id: number }>;
    expect([await usedCount(lampVoucher.id), await usedCount(mugVoucher.id)]).toEqual([1, 1]);

    const calls = shopperCalls(ctx.app, shopper!.authorization);
    await Promise.all([calls.post(`/orders/${mugOrder!.id}/cancel`, {}), calls.post(`/orders/${mugOrder!.id}/cancel`, {})]);
    expect([await usedCount(lampVoucher.id), await usedCount(mugVoucher.id)]).toEqual([1, 0]);
    await calls.post(`/orders/${lampOrder!.id}/cancel`, {});
    expect([await usedCount(lampVoucher.id), await usedCount(mugVoucher.id)]).toEqual([0, 0]);
    expect(await db.select().from(voucherRedemptions).where(inArray(voucherRedemptions.voucherId, [lampVoucher.id, mugVoucher.id]))).toEqual([]);
  });

  it('lets the voucher be used again once its order is cancelled', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    const [item] = await addProducts(db, [{ name: 'Voucher Item', shopId: shop.id, price: 20_00, stock: 10 }]);
    const voucher = await addVoucher(db, shop.id, clock.now(), { totalLimit: 1, limitForUser: 1 });
    const [shopper] = await addShoppers(db, 1);
    const place = () =>
      placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [shop.id], address_id: shopper!.addressId, payment_method: 'cash', coupon_code: voucher.code });
    await fillCarts(db, [shopper!], [{ productId: item!, quantity: 1 }]);
    const first = await place();
    expect(first.statusCode).toBe(200);
    await fillCarts(db, [shopper!], [{ productId: item!, quantity: 1 }]);
    expect((await place()).json().message).toBe('This voucher has reached its usage limit');
    await shopperCalls(ctx.app, shopper!.authorization).post(`/orders/${first.json().data.orders[0].id}/cancel`, {});
    expect((await place()).statusCode).toBe(200);
  });
});

describe('reviews', () => {
  async function deliveredOrder() {
    const placed = await placedOrder();
    await setOrderStatus(ctx.database.db, placed.orderId, 'delivered');
    return placed;
  }

  it('accepts a review of a delivered line and feeds the product and shop ratings', async () => {
    const { calls, orderId, plant, shop, shopper } = await deliveredOrder();
    const before = await calls.get(`/orders/${orderId}`);
    expect(orderDetailSchema.parse(before.json().data.order).items.map((item) => item.can_review)).toEqual([true, true]);

    const response = await calls.post(`/orders/${orderId}/reviews`, { product_id: plant, rating: 4, comment: ' Thriving on my desk ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you for your review', data: {} });

    const [review] = await ctx.database.db.select().from(reviews).where(eq(reviews.productId, plant));
    expect(review).toMatchObject({ userId: shopper.userId, rating: 4, comment: 'Thriving on my desk', reviewerName: expect.stringMatching(/^Shopper /) });
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/products/${plant}` })).json().data.product;
    expect(details.rating).toBe(4);
    expect(details.total_reviews).toBe(1);
    expect(details.reviews[0]).toMatchObject({ rating: 4, comment: 'Thriving on my desk' });
    const [shopRow] = await ctx.database.db.select().from(shops).where(eq(shops.id, shop.id));
    expect([Number(shopRow!.rating), shopRow!.reviewCount]).toEqual([4, 1]);

    const after = orderDetailSchema.parse((await calls.get(`/orders/${orderId}`)).json().data.order);
    expect(after.items.map((item) => [item.can_review, item.review])).toEqual([
      [false, { rating: 4, comment: 'Thriving on my desk', hidden: null }],
      [true, null],
    ]);
  });

  it('takes one review per line', async () => {
    const { calls, orderId, plant } = await deliveredOrder();
    const answers = await Promise.all([1, 2, 3].map((rating) => calls.post(`/orders/${orderId}/reviews`, { product_id: plant, rating, comment: '' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ message: 'You have already reviewed this product.' });
    expect(await ctx.database.db.select().from(reviews).where(eq(reviews.productId, plant))).toHaveLength(1);
  });

  it('refuses an order that is not delivered yet', async () => {
    const { calls, orderId, plant } = await placedOrder();
    const response = await calls.post(`/orders/${orderId}/reviews`, { product_id: plant, rating: 5 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'You can review products of delivered orders only.' });
  });

  it('refuses a product that is not in the order, and ratings outside 1 to 5', async () => {
    const { calls, orderId } = await deliveredOrder();
    const [stranger] = await addProducts(ctx.database.db, [{ name: 'Stranger Product' }]);
    const notInOrder = await calls.post(`/orders/${orderId}/reviews`, { product_id: stranger, rating: 5 });
    expect(notInOrder.statusCode).toBe(422);
    expect(notInOrder.json().errors).toEqual({ product_id: ['This product is not part of this order.'] });
    for (const [rating, message] of [
      [0, 'The rating must be between 1 and 5.'],
      [6, 'The rating must be between 1 and 5.'],
      [3.5, 'The rating must be between 1 and 5.'],
      ['5', 'The rating must be a number.'],
    ]) {
      const response = await calls.post(`/orders/${orderId}/reviews`, { product_id: stranger, rating });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ rating: [message] });
    }
  });
});

describe('another shopper’s orders', () => {
  it('are not found: not listed, not shown, not cancelled, not reviewed, their payment not cancelled', async () => {
    const { orderId, plant, voucher } = await placedOrder();
    await setOrderStatus(ctx.database.db, orderId, 'pending');
    const [intruder] = await addShoppers(ctx.database.db, 1);
    const calls = shopperCalls(ctx.app, intruder!.authorization);
    expect(orderListSchema.parse((await calls.get('/orders')).json().data).total).toBe(0);
    expect((await calls.get(`/orders/${orderId}`)).statusCode).toBe(404);
    expect((await calls.get(`/orders/${orderId}`)).json()).toEqual({ message: 'Order not found' });
    expect((await calls.post(`/orders/${orderId}/cancel`, {})).statusCode).toBe(404);
    await setOrderStatus(ctx.database.db, orderId, 'delivered');
    expect((await calls.post(`/orders/${orderId}/reviews`, { product_id: plant, rating: 1 })).statusCode).toBe(404);
    await setOrderStatus(ctx.database.db, orderId, 'pending');
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const paymentCancel = await calls.post(`/payments/${order!.paymentId}/cancel`, {});
    expect(paymentCancel.statusCode).toBe(404);
    expect(paymentCancel.json()).toEqual({ message: 'Payment not found' });

    expect(order!.status).toBe('pending');
    expect(await stockOf(ctx.database.db, plant)).toEqual({ stock: 8, total_sold: 2 });
    expect(await usedCount(voucher.id)).toBe(1);
    expect(await ctx.database.db.select().from(reviews).where(eq(reviews.productId, plant))).toEqual([]);
  });

  it('need a signed-in shopper at all', async () => {
    for (const [method, url] of [
      ['GET', '/api/orders'],
      ['GET', '/api/orders/1'],
      ['POST', '/api/orders/1/cancel'],
      ['POST', '/api/orders/1/reviews'],
      ['POST', '/api/payments/1/cancel'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('cash payments', () => {
  it('cancel all of a placement’s orders through the payment cancel, once', async () => {
    const { db } = ctx.database;
    const [first, second] = await Promise.all([addShop(db), addShop(db)]);
    const [a, b] = await addProducts(db, [
      { name: 'Pay Cancel A', shopId: first.id, stock: 5 },
      { name: 'Pay Cancel B', shopId: second.id, stock: 5 },
    ]);
    const [shopper] = await addShoppers(db, 1);
    await fillCarts(db, [shopper!], [
      { productId: a!, quantity: 1 },
      { productId: b!, quantity: 2 },
    ]);
    const placed = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [first.id, second.id], address_id: shopper!.addressId, payment_method: 'cash' });
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.json().data.orders[0].id));
    const calls = shopperCalls(ctx.app, shopper!.authorization);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await calls.post(`/payments/${order!.paymentId}/cancel`, {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Payment cancelled', data: {} });
    }
    const statuses = await queryRows<{ status: string; payment_status: string }>(db, sql`select status, payment_status from orders where payment_id = ${order!.paymentId}`);
    expect(statuses).toEqual([
      { status: 'cancelled', payment_status: 'cancelled' },
      { status: 'cancelled', payment_status: 'cancelled' },
    ]);
    expect(await stockOf(db, a!)).toEqual({ stock: 5, total_sold: 0 });
    expect(await stockOf(db, b!)).toEqual({ stock: 5, total_sold: 0 });
  });
});
