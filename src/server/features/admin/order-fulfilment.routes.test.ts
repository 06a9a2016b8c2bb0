import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../shared/orders.contract.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import { auditLog, orderItems, orders, orderStatusHistory, payments } from '../../db/schema.ts';
import type { Mail } from '../../platform/mailer.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { orderDesk } from '../../test/console-fixtures.ts';
import { addStoredOrders, stockOf } from '../../test/order-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let manager: { authorization: string; userId: number };
let shop: { id: number; owner: string; ownerId: number };
let otherShop: { id: number; owner: string };

const call = (authorization: string, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/console/orders${url}`, headers: { authorization }, payload });
const consoleOrder = async (authorization: string, id: number) =>
  (await ctx.app.inject({ url: `/api/console/orders/${id}`, headers: { authorization } })).json<{ data: { order: ConsoleOrder } }>().data.order;
const shopperOrder = async (authorization: string, id: number) => {
  const response = await ctx.app.inject({ url: `/api/orders/${id}`, headers: { authorization } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { order: OrderDetail } }>().data.order;
};
const statuses = async (orderId: number) =>
  (await ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id))).map((step) => [step.status, step.actorUserId]);
const auditOf = (orderId: number) => ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(orderId)))).orderBy(asc(auditLog.id));
/** The mails sent to `to` whose subject matches, waited for (they go through the job queue after the answer, after any mail queued earlier). */
async function mailsTo(spy: { mock: { calls: unknown[][] } }, to: string, count: number, subject: RegExp): Promise<Mail[]> {
  let sent: Mail[] = [];
  await vi.waitFor(
    () => {
      sent = spy.mock.calls.map(([mail]) => mail as Mail).filter((mail) => mail.to === to && subject.test(mail.subject));
      expect(sent).toHaveLength(count);
    },
    { timeout: 10_000, interval: 100 },
  );
  return sent;
}

/** A shopper's cash order of `quantity` units in our shop, confirmed by the shop. */
async function confirmedOrder(quantity: number) {
  const shopper = await createCustomer(ctx.app);
  const placed = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id, quantity });
  expect((await call(shop.owner, `/${placed.id}/status`, { status: 'confirm' })).statusCode).toBe(200);
  const [line] = (await consoleOrder(shop.owner, placed.id)).lines;
  return { shopper, ...placed, lineId: line!.id };
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ manager, shop, otherShop } = await orderDesk(ctx.app));
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

describe('POST /api/console/orders/{id}/shipments', () => {
  it('ships part of an order, then the rest, which moves it on to "on the way"; the shopper sees each parcel and gets a mail', async () => {
    const order = await confirmedOrder(3);
    const mail = vi.spyOn(ctx.app.mailer, 'send');

    const first = await call(shop.owner, `/${order.id}/shipments`, {
      carrier: 'DHL',
      tracking_number: 'JD0146 0000 1',
      tracking_url: 'https://track.example.test/JD01460000001',
      lines: [{ order_item_id: order.lineId, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const partly = first.json<{ message: string; data: { order: ConsoleOrder } }>();
    expect(partly.message).toBe('Shipment saved');
    expect(partly.data.order).toMatchObject({ status: 'confirm', lines: [{ id: order.lineId, quantity: 3, shipped_quantity: 1 }] });
    expect(partly.data.order.shipments).toEqual([
      { id: expect.any(Number), carrier: 'DHL', tracking_number: 'JD0146 0000 1', tracking_url: 'https://track.example.test/JD01460000001', shipped_at: expect.any(String), items: [{ order_item_id: order.lineId, quantity: 1 }] },
    ]);
    const [partMail] = await mailsTo(mail, order.shopper.user.email!, 1, /shipped/);
    expect(partMail!.subject).toContain(`Part of order ${order.orderNumber} has shipped`);
    expect(partMail!.text).toContain('  1 × ');
    expect(partMail!.text).toContain('Carrier: DHL');
    expect(partMail!.text).toContain('Tracking number: JD0146 0000 1');
    expect(partMail!.text).toContain('Track the parcel: https://track.example.test/JD01460000001');
    const told = async () => (await ctx.app.events.eventsAfter(order.shopper.user.id, '0-0')).map((event) => [event.type, event.data]);
    const statusNews = (status: string) => ['order.status_changed', { order_id: order.id, order_number: order.orderNumber, status }];
    const parcelNews = ['order.tracking_changed', { order_id: order.id, order_number: order.orderNumber }];
    // Still confirmed: the shopper hears of the parcel, not of an order "now confirmed" again.
    expect(await told()).toEqual([statusNews('confirm'), parcelNews]);

    const rest = await call(shop.owner, `/${order.id}/shipments`, { carrier: 'UPS', tracking_number: '1Z999', lines: [{ order_item_id: order.lineId, quantity: 2 }] });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.order).toMatchObject({ status: 'on_the_way', lines: [{ shipped_quantity: 3 }] });
    expect(await statuses(order.id)).toEqual([
      ['pending', order.shopper.user.id],
      ['confirm', shop.ownerId],
      ['processing', shop.ownerId],
      ['pickup', shop.ownerId],
      ['on_the_way', shop.ownerId],
    ]);
    expect(await told()).toEqual([statusNews('confirm'), parcelNews, statusNews('on_the_way')]);
    const [, restMail] = await mailsTo(mail, order.shopper.user.email!, 2, /shipped/);
    expect(restMail!.subject).toContain(`Order ${order.orderNumber} has shipped`);
    expect(restMail!.text).not.toContain('Track the parcel');

    const seen = await shopperOrder(order.shopper.authorization, order.id);
    expect(seen.status).toBe('on_the_way');
    expect(seen.shipments.map((parcel) => [parcel.carrier, parcel.tracking_number, parcel.tracking_url])).toEqual([
      ['DHL', 'JD0146 0000 1', 'https://track.example.test/JD01460000001'],
      ['UPS', '1Z999', null],
    ]);
    const audit = await auditOf(order.id);
    expect(audit.filter((row) => row.action === 'order.ship').map((row) => row.changes.status)).toEqual([undefined, { before: 'confirm', after: 'on_the_way' }]);
  });

  it('refuses more units than are left to ship, naming the field, and ships nothing of a refused parcel', async () => {
    const order = await confirmedOrder(2);
    const ship = (lines: unknown, extra: Record<string, unknown> = {}) => call(manager.authorization, `/${order.id}/shipments`, { carrier: 'DHL', tracking_number: 'T1', lines, ...extra });

    const over = await ship([{ order_item_id: order.lineId, quantity: 3 }]);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ message: 'The quantity must not be greater than 2.', errors: { 'lines.0.quantity': ['The quantity must not be greater than 2.'] } });
    expect((await ship([{ order_item_id: order.lineId, quantity: 1 }])).statusCode).toBe(201);
    expect((await ship([{ order_item_id: order.lineId, quantity: 2 }])).json().errors).toEqual({ 'lines.0.quantity': ['The quantity must not be greater than 1.'] });
    expect((await ship([{ order_item_id: order.lineId + 100_000, quantity: 1 }])).json().errors).toEqual({ 'lines.0.order_item_id': ['This line is not part of this order.'] });
    expect((await ship([{ order_item_id: order.lineId, quantity: 1 }])).statusCode).toBe(201);
    expect((await ship([{ order_item_id: order.lineId, quantity: 1 }])).json().errors).toEqual({ 'lines.0.quantity': ['This line has shipped already.'] });
    expect((await consoleOrder(manager.authorization, order.id)).shipments).toHaveLength(2);
  });

  it('refuses a bad parcel with field errors: no carrier, no lines, a link that is not https', async () => {
    const order = await confirmedOrder(1);
    const response = await call(shop.owner, `/${order.id}/shipments`, { carrier: ' ', tracking_number: '', tracking_url: 'http://track.example.test/1', lines: [] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      carrier: ['The carrier field is required.'],
      tracking_number: ['The tracking number field is required.'],
      tracking_url: ['The tracking link must be an https:// address.'],
      lines: ['Choose the lines to ship.'],
    });
    const script = await call(shop.owner, `/${order.id}/shipments`, { carrier: 'DHL', tracking_number: 'T', tracking_url: 'javascript:alert(1)', lines: [{ order_item_id: order.lineId, quantity: 0 }] });
    expect(script.json().errors).toEqual({ tracking_url: ['The tracking link must be an https:// address.'], 'lines.0.quantity': ['The quantity must be at least 1.'] });
  });

  it('ships only confirmed orders not yet delivered or cancelled', async () => {
    const shopper = await createCustomer(ctx.app);
    const [pending, delivered] = await addStoredOrders(ctx.database.db, [
      { shopId: shop.id, userId: shopper.user.id },
      { shopId: shop.id, userId: shopper.user.id, status: 'delivered' },
    ]);
    const lineOf = async (id: number) => (await consoleOrder(shop.owner, id)).lines[0]!.id;
    const ship = async (id: number) => call(shop.owner, `/${id}/shipments`, { carrier: 'DHL', tracking_number: 'T', lines: [{ order_item_id: await lineOf(id), quantity: 1 }] });
    expect((await ship(pending!.id)).json()).toEqual({ message: 'Confirm the order before shipping it.' });
    const late = await ship(delivered!.id);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: 'This order can no longer be shipped.' });
  });

  it('does not let a seller ship another shop’s order (404), while the store’s staff ship any shop’s', async () => {
    const shopper = await createCustomer(ctx.app);
    const [theirs] = await addStoredOrders(ctx.database.db, [{ shopId: otherShop.id, userId: shopper.user.id, status: 'processing' }]);
    const lineId = (await consoleOrder(otherShop.owner, theirs!.id)).lines[0]!.id;
    const parcel = { carrier: 'DHL', tracking_number: 'T', lines: [{ order_item_id: lineId, quantity: 1 }] };
    const foreign = await call(shop.owner, `/${theirs!.id}/shipments`, parcel);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Order not found' });
    expect(await auditOf(theirs!.id)).toEqual([]);
    const staff = await call(manager.authorization, `/${theirs!.id}/shipments`, parcel);
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json().data.order.status).toBe('on_the_way');
  });

  it('writes the shipped mail in the language the order was placed in', async () => {
    const shopper = await createCustomer(ctx.app);
    const placed = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id });
    await ctx.database.db.update(orders).set({ locale: 'ar', status: 'processing' }).where(eq(orders.id, placed.id));
    const lineId = (await consoleOrder(shop.owner, placed.id)).lines[0]!.id;
    // The line as kept with its product's Arabic name at placement.
    await ctx.database.db.update(orderItems).set({ translations: { ar: { name: 'منتج الاختبار' } } }).where(eq(orderItems.id, lineId));
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    const response = await call(shop.owner, `/${placed.id}/shipments`, { carrier: 'أرامكس', tracking_number: 'AR-77', tracking_url: 'https://track.example.test/AR-77', lines: [{ order_item_id: lineId, quantity: 1 }] });
    expect(response.statusCode, response.body).toBe(201);
    const [arabic] = await mailsTo(mail, shopper.user.email!, 1, /شحن/);
    expect(arabic!.subject).toContain(`تم شحن الطلب ${placed.orderNumber}`);
    expect(arabic!.text).toContain('1 × منتج الاختبار');
    expect(arabic!.text).toContain('شركة الشحن: أرامكس');
    expect(arabic!.text).toContain('رقم التتبع: AR-77');
    expect(arabic!.text).toContain('تتبع الشحنة: https://track.example.test/AR-77');
  });
});

describe('PATCH /api/console/orders/{id}/shipments/{shipmentId}', () => {
  const correct = (authorization: string, url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/console/orders${url}`, headers: { authorization }, payload });

  /** A confirmed order of 2 units with a parcel of 1 (DHL, T-1). */
  async function shippedInPart() {
    const order = await confirmedOrder(2);
    const shipped = await call(shop.owner, `/${order.id}/shipments`, { carrier: 'DHL', tracking_number: 'T-1', lines: [{ order_item_id: order.lineId, quantity: 1 }] });
    expect(shipped.statusCode, shipped.body).toBe(201);
    return { ...order, shipmentId: shipped.json<{ data: { order: ConsoleOrder } }>().data.order.shipments[0]!.id };
  }

  it('corrects a parcel’s carrier and tracking: the shopper sees it, is mailed the new tracking once, and the step is audited', async () => {
    const order = await shippedInPart();
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    const corrected = { carrier: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://track.example.test/1Z999AA10123456784' };
    const response = await correct(shop.owner, `/${order.id}/shipments/${order.shipmentId}`, corrected);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ message: string; data: { order: ConsoleOrder } }>();
    expect(answer.message).toBe('Shipment updated');
    expect(answer.data.order.shipments).toEqual([expect.objectContaining({ id: order.shipmentId, ...corrected, items: [{ order_item_id: order.lineId, quantity: 1 }] })]);
    expect(answer.data.order).toMatchObject({ status: 'confirm', lines: [{ shipped_quantity: 1 }] });
    expect((await shopperOrder(order.shopper.authorization, order.id)).shipments).toEqual([expect.objectContaining(corrected)]);

    const [told] = await mailsTo(mail, order.shopper.user.email!, 1, /tracking/);
    expect(told!.subject).toContain(`New tracking for order ${order.orderNumber}`);
    expect(told!.text).toContain('corrected the tracking of a parcel of your order');
    expect(told!.text).toContain('Carrier: UPS');
    expect(told!.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(told!.text).toContain('  1 × ');
    const audit = (await auditOf(order.id)).filter((row) => row.action === 'order.correct_shipment');
    expect(audit.map((row) => row.changes)).toEqual([
      { shipment: { before: { id: order.shipmentId, carrier: 'DHL', tracking_number: 'T-1', tracking_url: null }, after: { id: order.shipmentId, ...corrected } } },
    ]);

    const trackingEvents = async () => (await ctx.app.events.eventsAfter(order.shopper.user.id, '0-0')).filter((event) => event.type === 'order.tracking_changed');
    // One for the parcel shipped, one for its correction.
    expect((await trackingEvents()).map((event) => event.data)).toEqual(Array(2).fill({ order_id: order.id, order_number: order.orderNumber }));

    // The same tracking again changes nothing: no mail, no audit, no event.
    expect((await correct(shop.owner, `/${order.id}/shipments/${order.shipmentId}`, corrected)).statusCode).toBe(200);
    expect((await auditOf(order.id)).filter((row) => row.action === 'order.correct_shipment')).toHaveLength(1);
    await mailsTo(mail, order.shopper.user.email!, 1, /tracking/);
    expect(await trackingEvents()).toHaveLength(2);
  });

  it('refuses a bad correction with field errors, another order’s or shop’s parcel with 404, and a delivered order’s with 422, changing nothing', async () => {
    const order = await shippedInPart();
    const other = await shippedInPart();
    const bad = await correct(shop.owner, `/${order.id}/shipments/${order.shipmentId}`, { carrier: '', tracking_number: 'x'.repeat(101), tracking_url: 'http://track.example.test' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      carrier: ['The carrier field is required.'],
      tracking_number: ['The tracking number must not be greater than 100 characters.'],
      tracking_url: ['The tracking link must be an https:// address.'],
    });
    const good = { carrier: 'UPS', tracking_number: 'U-1' };
    for (const url of [`/${order.id}/shipments/${other.shipmentId}`, `/${order.id}/shipments/2000000000`, `/${order.id}/shipments/abc`]) {
      const missing = await correct(shop.owner, url, good);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ message: 'Shipment not found' });
    }
    const foreign = await correct(otherShop.owner, `/${order.id}/shipments/${order.shipmentId}`, good);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Order not found' });

    await ctx.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    const late = await correct(shop.owner, `/${order.id}/shipments/${order.shipmentId}`, good);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: 'This order’s parcels can no longer be changed.' });
    expect((await consoleOrder(shop.owner, order.id)).shipments).toEqual([expect.objectContaining({ carrier: 'DHL', tracking_number: 'T-1' })]);
    expect((await auditOf(order.id)).filter((row) => row.action === 'order.correct_shipment')).toEqual([]);
  });
});

describe('the language an order is placed in', () => {
  it('is kept from the shopper’s language header', async () => {
    const shopper = await createCustomer(ctx.app);
    const placed = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id });
    const [english] = await ctx.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, placed.id));
    expect(english!.locale).toBe('en');
    const again = await ctx.app.inject({ method: 'POST', url: '/api/cart/store', headers: { authorization: shopper.authorization }, payload: { product_id: placed.productId, quantity: 1 } });
    expect(again.statusCode, again.body).toBe(200);
    const addressId = (await ctx.app.inject({ url: '/api/addresses', headers: { authorization: shopper.authorization } })).json().data.addresses[0].id;
    const persian = await ctx.app.inject({
      method: 'POST',
      url: '/api/place-order',
      headers: { authorization: shopper.authorization, 'idempotency-key': `fa-${placed.id}`, 'accept-language': 'ir' },
      payload: { shop_ids: [shop.id], address_id: addressId, payment_method: 'cash' },
    });
    expect(persian.statusCode, persian.body).toBe(200);
    const [placedInPersian] = await ctx.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, persian.json().data.orders[0].id));
    expect(placedInPersian!.locale).toBe('ir');
  });
});

describe('POST /api/console/orders/{id}/cancel', () => {
  it('cancels an order on its way with a reason: kept, shown to the shopper and in the timeline, mailed, stock given back once', async () => {
    const order = await confirmedOrder(2);
    const lines = [{ order_item_id: order.lineId, quantity: 2 }];
    expect((await call(shop.owner, `/${order.id}/shipments`, { carrier: 'DHL', tracking_number: 'T', lines })).json().data.order.status).toBe('on_the_way');
    expect((await stockOf(ctx.database.db, order.productId)).stock).toBe(8);
    const mail = vi.spyOn(ctx.app.mailer, 'send');

    const reason = 'The courier lost the parcel.\nA new order is on us.';
    const response = await call(manager.authorization, `/${order.id}/cancel`, { reason });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json<{ message: string; data: { order: ConsoleOrder } }>();
    expect(cancelled.message).toBe('Order cancelled successfully');
    expect(cancelled.data.order.status).toBe('cancelled');
    expect(cancelled.data.order.timeline.at(-1)).toEqual({ status: 'cancelled', at: expect.any(String), actor: { id: manager.userId, name: expect.any(String) }, reason });
    expect((await stockOf(ctx.database.db, order.productId)).stock).toBe(10);

    const seen = await shopperOrder(order.shopper.authorization, order.id);
    expect(seen).toMatchObject({ status: 'cancelled', cancel_reason: reason, payment_status: 'cancelled' });
    const [sent] = await mailsTo(mail, order.shopper.user.email!, 1, /cancelled/);
    expect(sent!.subject).toContain(`Order ${order.orderNumber} is cancelled`);
    expect(sent!.text).toContain(`was cancelled by the store. The reason:\n\n${reason}`);
    expect((await auditOf(order.id)).at(-1)).toMatchObject({ action: 'order.cancel', actorUserId: manager.userId, changes: { status: { before: 'on_the_way', after: 'cancelled' }, reason: { after: reason } } });

    const again = await call(manager.authorization, `/${order.id}/cancel`, { reason: 'Twice' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'Only an order not yet delivered can be cancelled.' });
    expect((await stockOf(ctx.database.db, order.productId)).stock).toBe(10);
  });

  it('gives stock back once when two cancels race', async () => {
    const order = await confirmedOrder(3);
    const answers = await Promise.all([call(shop.owner, `/${order.id}/cancel`, { reason: 'Out of packaging' }), call(manager.authorization, `/${order.id}/cancel`, { reason: 'Customer called' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect((await stockOf(ctx.database.db, order.productId)).stock).toBe(10);
    expect((await statuses(order.id)).filter(([status]) => status === 'cancelled')).toHaveLength(1);
  });

  it('refuses a cancel after delivery, one without a reason, another shop’s order, and cancelling through the status route', async () => {
    const shopper = await createCustomer(ctx.app);
    const [delivered, pending, theirs] = await addStoredOrders(ctx.database.db, [
      { shopId: shop.id, userId: shopper.user.id, status: 'delivered', paymentStatus: 'paid' },
      { shopId: shop.id, userId: shopper.user.id },
      { shopId: otherShop.id, userId: shopper.user.id },
    ]);
    const late = await call(shop.owner, `/${delivered!.id}/cancel`, { reason: 'Too late' });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: 'Only an order not yet delivered can be cancelled.' });
    const blank = await call(shop.owner, `/${pending!.id}/cancel`, { reason: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ reason: ['The reason field is required.'] });
    expect((await call(shop.owner, `/${theirs!.id}/cancel`, { reason: 'Not mine' })).statusCode).toBe(404);
    const bare = await call(shop.owner, `/${pending!.id}/status`, { status: 'cancelled' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ status: ['Cancel an order with a reason.'] });
    expect((await statuses(pending!.id)).map(([status]) => status)).toEqual(['pending']);
    expect(await auditOf(pending!.id)).toEqual([]);
  });
});

describe('cash on delivery', () => {
  it('is paid when the order is delivered, in the same step; the shopper no longer sees it unpaid', async () => {
    const order = await confirmedOrder(1);
    for (const status of ['processing', 'pickup', 'on_the_way']) expect((await call(shop.owner, `/${order.id}/status`, { status })).statusCode).toBe(200);
    expect((await shopperOrder(order.shopper.authorization, order.id)).payment_status).toBe('pending');
    const delivered = await call(shop.owner, `/${order.id}/status`, { status: 'delivered' });
    expect(delivered.json().data.order).toMatchObject({ status: 'delivered', payment_status: 'paid', payment: { status: 'paid' } });
    expect((await shopperOrder(order.shopper.authorization, order.id)).payment_status).toBe('paid');
    const list = (await ctx.app.inject({ url: '/api/orders', headers: { authorization: order.shopper.authorization } })).json().data.orders;
    expect(list.find((row: { id: number }) => row.id === order.id)).toMatchObject({ payment_status: 'paid' });
    expect((await auditOf(order.id)).at(-1)!.changes).toEqual({ status: { before: 'on_the_way', after: 'delivered' }, payment_status: { before: 'pending', after: 'paid' } });
  });

  it('keeps a placement’s payment open while another of its orders is still to be paid', async () => {
    const shopper = await createCustomer(ctx.app);
    const [first] = await addStoredOrders(ctx.database.db, [{ shopId: shop.id, userId: shopper.user.id, status: 'on_the_way' }]);
    const [row] = await ctx.database.db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, first!.id));
    const [second] = await addStoredOrders(ctx.database.db, [{ shopId: otherShop.id, userId: shopper.user.id, status: 'on_the_way' }]);
    await ctx.database.db.update(orders).set({ paymentId: row!.paymentId }).where(eq(orders.id, second!.id));
    const paymentOf = async () => (await ctx.database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, row!.paymentId)))[0]!.status;

    expect((await call(shop.owner, `/${first!.id}/status`, { status: 'delivered' })).statusCode).toBe(200);
    expect(await paymentOf()).toBe('pending');
    expect((await call(otherShop.owner, `/${second!.id}/status`, { status: 'delivered' })).statusCode).toBe(200);
    expect(await paymentOf()).toBe('paid');
  });

  it('is marked paid by the store’s staff, once, and only for a cash order not cancelled', async () => {
    const shopper = await createCustomer(ctx.app);
    const [cash, card, cancelled, theirs] = await addStoredOrders(ctx.database.db, [
      { shopId: shop.id, userId: shopper.user.id, status: 'processing' },
      { shopId: shop.id, userId: shopper.user.id, status: 'processing', paymentMethod: 'stripe', paymentStatus: 'paid' },
      { shopId: shop.id, userId: shopper.user.id, status: 'cancelled', paymentStatus: 'cancelled' },
      { shopId: otherShop.id, userId: shopper.user.id },
    ]);
    const paid = await call(manager.authorization, `/${cash!.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ message: 'Order marked as paid', data: { order: { status: 'processing', payment_status: 'paid', payment: { status: 'paid' } } } });
    expect((await auditOf(cash!.id)).at(-1)).toMatchObject({ action: 'order.mark_paid', changes: { payment_status: { before: 'pending', after: 'paid' } } });
    const twice = await call(manager.authorization, `/${cash!.id}/mark-paid`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This order is already paid.' });
    expect((await call(manager.authorization, `/${card!.id}/mark-paid`)).json()).toEqual({ message: 'Only a cash on delivery order is marked paid here.' });
    expect((await call(manager.authorization, `/${cancelled!.id}/mark-paid`)).json()).toEqual({ message: 'A cancelled order cannot be marked paid.' });
    expect((await call(shop.owner, `/${theirs!.id}/mark-paid`)).statusCode).toBe(404);
  });
});
