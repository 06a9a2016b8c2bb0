import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffOrderList, StaffOrderSummary } from '../../../shared/admin.contract.ts';
import type { StaffTicketList, TicketThread } from '../../../shared/support.contract.ts';
import { auditLog, orderStatusHistory, payments, orders, vouchers } from '../../db/schema.ts';
import { DEMO_ADMIN, DEMO_SELLER } from '../../seed/accounts.seed.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addShop, addVoucher } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { stockOf } from '../../test/order-fixtures.ts';
import { placeCashOrder, sellerShopId, signInStaff } from '../../test/staff-fixtures.ts';

let ctx: TestContext;
let admin: string;
let seller: string;
/** A seller of another shop than the seeded seller's. */
let otherSeller: string;
let otherShopId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signInStaff(ctx.app, DEMO_ADMIN)).authorization;
  seller = (await signInStaff(ctx.app, DEMO_SELLER)).authorization;
  otherShopId = (await addShop(ctx.database.db)).id;
  otherSeller = (await createCustomer(ctx.app, { role: 'seller', shopId: otherShopId })).authorization;
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

function call(authorization: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  return ctx.app.inject({ method, url: `/api${url}`, headers: authorization ? { authorization } : {}, payload });
}

const changeStatus = (authorization: string, orderId: number, status: unknown) => call(authorization, 'POST', `/admin/orders/${orderId}/status`, { status });

/** What the bus hands a user's live connections from now on. */
async function liveEventsOf(userId: number) {
  const seen: BusEvent[] = [];
  const stop = await ctx.app.events.subscribe(userId, (event) => seen.push(event));
  return { seen, stop };
}

async function shopperWithOrder(options: Parameters<typeof placeCashOrder>[2] = {}) {
  const shopper = await createCustomer(ctx.app);
  const order = await placeCashOrder(ctx.app, shopper.authorization, options);
  return { shopper, order };
}

async function openTicket(authorization: string, orderId?: number) {
  const response = await call(authorization, 'POST', '/support-tickets', { subject: 'Help please', issue_type: 'order', message: 'Where is it?', order_id: orderId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: TicketThread }>().data.ticket;
}

describe('who may use the operations API', () => {
  const routes = [
    ['GET', '/admin/orders'],
    ['POST', '/admin/orders/1/status'],
    ['GET', '/admin/support-tickets'],
    ['GET', '/admin/support-tickets/TCK-AAAAAAAAAA'],
    ['POST', '/admin/support-tickets/TCK-AAAAAAAAAA/messages'],
    ['POST', '/admin/support-tickets/TCK-AAAAAAAAAA/close'],
  ] as const;

  it.each(routes)('%s %s: no token is a 401, a shopper’s token a 403', async (method, url) => {
    const payload = method === 'POST' ? { status: 'confirm', message: 'Hi' } : undefined;
    expect((await call(undefined, method, url, payload)).statusCode).toBe(401);
    expect((await call('Bearer forged', method, url, payload)).statusCode).toBe(401);
    const shopper = await createCustomer(ctx.app);
    const refused = await call(shopper.authorization, method, url, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});

describe('GET /api/admin/orders', () => {
  it('shows the admin every shop’s orders and a seller only their own shop’s', async () => {
    const mine = await shopperWithOrder();
    const theirs = await shopperWithOrder({ shopId: otherShopId });

    const all = (await call(admin, 'GET', '/admin/orders?per_page=50')).json<{ data: StaffOrderList }>().data;
    const ids = all.orders.map((order) => order.id);
    expect(ids).toEqual(expect.arrayContaining([mine.order.id, theirs.order.id]));
    expect(all.orders.find((order) => order.id === mine.order.id)).toMatchObject({
      order_number: mine.order.orderNumber,
      status: 'pending',
      next_statuses: ['confirm', 'cancelled'],
      payment_method: 'cash',
      customer: { id: mine.shopper.user.id, email: mine.shopper.user.email },
    });

    const shopId = await sellerShopId(ctx.app);
    const own = (await call(seller, 'GET', '/admin/orders?per_page=50')).json<{ data: StaffOrderList }>().data;
    expect(own.orders.map((order) => order.id)).toContain(mine.order.id);
    expect(own.orders.every((order) => order.shop.id === shopId)).toBe(true);
    const other = (await call(otherSeller, 'GET', '/admin/orders')).json<{ data: StaffOrderList }>().data;
    expect(other.orders.map((order) => order.id)).toEqual([theirs.order.id]);
    expect(other.total).toBe(1);

    const pendingOnly = (await call(admin, 'GET', '/admin/orders?order_status=delivered')).json<{ data: StaffOrderList }>().data;
    expect(pendingOnly.orders.every((order) => order.status === 'delivered')).toBe(true);
    expect((await call(admin, 'GET', '/admin/orders?order_status=lost')).statusCode).toBe(422);
  });
});

describe('POST /api/admin/orders/{id}/status', () => {
  it('moves an order step by step to delivered, writing each step and telling the shopper live and by mail', async () => {
    const { shopper, order } = await shopperWithOrder();
    const live = await liveEventsOf(shopper.user.id);
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    try {
      const steps = ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered'] as const;
      for (const status of steps) {
        const response = await changeStatus(admin, order.id, status);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ message: 'Order status updated successfully', data: { order: { id: order.id, status } } });
      }
      expect(live.seen.map((event) => [event.type, event.data])).toEqual(
        steps.map((status) => ['order.status_changed', { order_id: order.id, order_number: order.orderNumber, status }]),
      );
      // Mail goes out through the job queue, after the answer.
      const statusMails = () => mail.mock.calls.map(([sent]) => sent).filter((sent) => sent.subject.includes(`Order ${order.orderNumber} is now`));
      await vi.waitFor(() => expect(statusMails()).toHaveLength(steps.length), { timeout: 10_000, interval: 100 });
      expect(statusMails()[3]).toMatchObject({ to: shopper.user.email, subject: expect.stringContaining(`Order ${order.orderNumber} is now On The Way`) });
    } finally {
      live.stop();
    }

    const history = await ctx.database.db.select({ status: orderStatusHistory.status }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((row) => row.status)).toEqual(['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered']);
    const details = (await call(shopper.authorization, 'GET', `/orders/${order.id}`)).json().data.order;
    expect(details.status).toBe('delivered');
    const final = (await call(admin, 'GET', '/admin/orders?order_status=delivered&per_page=50')).json<{ data: StaffOrderList }>().data;
    expect(final.orders.find((row) => row.id === order.id)?.next_statuses).toEqual([]);
  });

  it('refuses a step that is not allowed, and bad input, changing nothing', async () => {
    const { order } = await shopperWithOrder();
    for (const status of ['delivered', 'pickup', 'pending', 'on_the_way']) {
      const response = await changeStatus(admin, order.id, status);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'This status change is not allowed.', errors: { status: ['This status change is not allowed.'] } });
    }
    expect((await changeStatus(admin, order.id, 'shipped')).json().errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await changeStatus(admin, order.id, undefined)).json().errors).toEqual({ status: ['The status field is required.'] });
    expect((await changeStatus(admin, 2_000_000_000, 'confirm')).statusCode).toBe(404);
    expect((await changeStatus(admin, 'abc' as unknown as number, 'confirm')).statusCode).toBe(404);

    for (const status of ['confirm', 'processing', 'pickup']) expect((await changeStatus(admin, order.id, status)).statusCode).toBe(200);
    // Picked up: too late to cancel.
    expect((await changeStatus(admin, order.id, 'cancelled')).statusCode).toBe(422);
    const [row] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pickup');
  });

  it('lets a seller move only their own shop’s orders', async () => {
    const mine = await shopperWithOrder();
    const theirs = await shopperWithOrder({ shopId: otherShopId });
    const refused = await changeStatus(seller, theirs.order.id, 'confirm');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Order not found' });
    expect((await changeStatus(otherSeller, mine.order.id, 'confirm')).statusCode).toBe(404);
    const [row] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, theirs.order.id));
    expect(row!.status).toBe('pending');

    expect((await changeStatus(seller, mine.order.id, 'confirm')).statusCode).toBe(200);
    expect((await changeStatus(otherSeller, theirs.order.id, 'confirm')).statusCode).toBe(200);
  });

  it('cancels a processing order, giving back its stock, its voucher use and closing its cash payment', async () => {
    const shopId = await sellerShopId(ctx.app);
    const voucher = await addVoucher(ctx.database.db, shopId, new Date(), { totalLimit: 5 });
    const { shopper, order } = await shopperWithOrder({ quantity: 3, couponCode: voucher.code });
    expect((await stockOf(ctx.database.db, order.productId)).stock).toBe(7);
    const used = async () => (await ctx.database.db.select({ usedCount: vouchers.usedCount }).from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.usedCount;
    expect(await used()).toBe(1);

    await changeStatus(admin, order.id, 'confirm');
    await changeStatus(admin, order.id, 'processing');
    const live = await liveEventsOf(shopper.user.id);
    const cancelled = await changeStatus(admin, order.id, 'cancelled');
    live.stop();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: { order: StaffOrderSummary } }>().data.order).toMatchObject({ status: 'cancelled', payment_status: 'cancelled', next_statuses: [] });
    expect(await stockOf(ctx.database.db, order.productId)).toEqual({ stock: 10, total_sold: 0 });
    expect(await used()).toBe(0);
    const [payment] = await ctx.database.db.select({ status: payments.status }).from(payments).innerJoin(orders, eq(orders.paymentId, payments.id)).where(eq(orders.id, order.id));
    expect(payment!.status).toBe('cancelled');
    expect(live.seen.map((event) => event.data)).toEqual([{ order_id: order.id, order_number: order.orderNumber, status: 'cancelled' }]);

    // Cancelled is final: nothing is given back twice.
    expect((await changeStatus(admin, order.id, 'cancelled')).statusCode).toBe(422);
    expect((await stockOf(ctx.database.db, order.productId)).stock).toBe(10);
  });

  it('tells the shopper’s other tabs when the shopper cancels an order too', async () => {
    const { shopper, order } = await shopperWithOrder();
    const live = await liveEventsOf(shopper.user.id);
    const response = await call(shopper.authorization, 'POST', `/orders/${order.id}/cancel`);
    live.stop();
    expect(response.statusCode).toBe(200);
    expect(live.seen.map((event) => [event.type, event.data])).toEqual([
      ['order.status_changed', { order_id: order.id, order_number: order.orderNumber, status: 'cancelled' }],
    ]);
  });
});

describe('support tickets for the staff', () => {
  it('lists every ticket for the admin and a seller only those about their shop’s orders', async () => {
    const { shopper, order } = await shopperWithOrder();
    const aboutSellerShop = await openTicket(shopper.authorization, order.id);
    const general = await openTicket(shopper.authorization);
    const other = await shopperWithOrder({ shopId: otherShopId });
    const aboutOtherShop = await openTicket(other.shopper.authorization, other.order.id);

    const all = (await call(admin, 'GET', '/admin/support-tickets?per_page=50')).json<{ data: StaffTicketList }>().data;
    expect(all.tickets.map((ticket) => ticket.ticket_no)).toEqual(expect.arrayContaining([aboutSellerShop.ticket_no, general.ticket_no, aboutOtherShop.ticket_no]));
    expect(all.tickets.find((ticket) => ticket.ticket_no === general.ticket_no)?.customer).toEqual({ id: shopper.user.id, name: shopper.user.name, email: shopper.user.email });

    const own = (await call(seller, 'GET', '/admin/support-tickets?per_page=50')).json<{ data: StaffTicketList }>().data;
    const ownNumbers = own.tickets.map((ticket) => ticket.ticket_no);
    expect(ownNumbers).toContain(aboutSellerShop.ticket_no);
    expect(ownNumbers).not.toContain(general.ticket_no);
    expect(ownNumbers).not.toContain(aboutOtherShop.ticket_no);
    expect((await call(seller, 'GET', `/admin/support-tickets/${general.ticket_no}`)).statusCode).toBe(404);
    expect((await call(seller, 'GET', `/admin/support-tickets/${aboutSellerShop.ticket_no}`)).statusCode).toBe(200);

    const answered = (await call(admin, 'GET', '/admin/support-tickets?status=answered&per_page=50')).json<{ data: StaffTicketList }>().data;
    expect(answered.tickets.every((ticket) => ticket.status === 'answered')).toBe(true);
    expect((await call(admin, 'GET', '/admin/support-tickets?status=lost')).statusCode).toBe(422);
  });

  it('a staff reply answers the ticket, as text, and reaches the shopper live and by mail', async () => {
    const shopper = await createCustomer(ctx.app);
    const ticket = await openTicket(shopper.authorization);
    const live = await liveEventsOf(shopper.user.id);
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    const body = 'We are on it. <script>alert(1)</script>';
    const response = await call(admin, 'POST', `/admin/support-tickets/${ticket.ticket_no}/messages`, { message: body });
    live.stop();
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: TicketThread }>().data.ticket.status).toBe('answered');

    const thread = (await call(shopper.authorization, 'GET', `/support-tickets/${ticket.ticket_no}`)).json<{ data: TicketThread }>().data;
    expect(thread.ticket.status).toBe('answered');
    expect(thread.messages.at(-1)).toMatchObject({ body, is_staff: true, author: { name: DEMO_ADMIN.name } });
    expect(live.seen.map((event) => [event.type, event.data])).toEqual([['ticket.replied', { ticket_no: ticket.ticket_no }]]);
    await vi.waitFor(
      () =>
        expect(mail).toHaveBeenCalledWith(
          expect.objectContaining({ to: shopper.user.email, subject: expect.stringContaining(ticket.ticket_no), text: expect.stringContaining(body) }),
        ),
      { timeout: 10_000, interval: 100 },
    );

    // The shopper writes again: the ticket waits for the store.
    await call(shopper.authorization, 'POST', `/support-tickets/${ticket.ticket_no}/messages`, { message: 'Thanks' });
    const again = (await call(admin, 'GET', `/admin/support-tickets/${ticket.ticket_no}`)).json<{ data: TicketThread }>().data;
    expect(again.ticket.status).toBe('open');
    expect(again.messages.map((message) => message.is_staff)).toEqual([false, true, false]);
  });

  it('lets a seller answer only tickets about their own shop’s orders', async () => {
    const { shopper, order } = await shopperWithOrder();
    const ticket = await openTicket(shopper.authorization, order.id);
    const general = await openTicket(shopper.authorization);
    expect((await call(otherSeller, 'POST', `/admin/support-tickets/${ticket.ticket_no}/messages`, { message: 'Not mine' })).statusCode).toBe(404);
    expect((await call(seller, 'POST', `/admin/support-tickets/${general.ticket_no}/messages`, { message: 'Not mine' })).statusCode).toBe(404);
    const reply = await call(seller, 'POST', `/admin/support-tickets/${ticket.ticket_no}/messages`, { message: 'Shipping today.' });
    expect(reply.statusCode).toBe(201);
    const thread = (await call(shopper.authorization, 'GET', `/support-tickets/${ticket.ticket_no}`)).json<{ data: TicketThread }>().data;
    expect(thread.messages.map((message) => message.body)).toEqual(['Where is it?', 'Shipping today.']);
    expect((await call(seller, 'POST', `/admin/support-tickets/${ticket.ticket_no}/messages`, { message: '' })).statusCode).toBe(422);
  });

  it('only the admin closes a ticket, and a closed ticket takes no replies', async () => {
    const shopper = await createCustomer(ctx.app);
    const { ticket_no: ticketNo } = await openTicket(shopper.authorization);
    const bySeller = await call(seller, 'POST', `/admin/support-tickets/${ticketNo}/close`);
    expect(bySeller.statusCode).toBe(403);
    const closed = await call(admin, 'POST', `/admin/support-tickets/${ticketNo}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.ticket.status).toBe('closed');
    expect((await call(admin, 'POST', `/admin/support-tickets/${ticketNo}/close`)).statusCode).toBe(200);
    // The shopper's open storefronts heard of it once: closing it again changed nothing.
    const told = (await ctx.app.events.eventsAfter(shopper.user.id, '0-0')).filter((event) => event.type === 'ticket.status_changed');
    expect(told.map((event) => event.data)).toEqual([{ ticket_no: ticketNo, status: 'closed' }]);
    const late = await call(admin, 'POST', `/admin/support-tickets/${ticketNo}/messages`, { message: 'One more thing' });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('This ticket is closed.');
    expect((await call(shopper.authorization, 'POST', `/support-tickets/${ticketNo}/messages`, { message: 'Hello?' })).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/admin/support-tickets/TCK-AAAAAAAAAA/close')).statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/settings', () => {
  const guestCheckoutInMaster = async () => (await call(undefined, 'GET', '/master')).json().data.guest_checkout;

  it('changes what the kept /api/master answer says at once', async () => {
    expect(await guestCheckoutInMaster()).toBe(false);
    const response = await call(admin, 'PATCH', '/admin/settings', { guest_checkout: true });
    expect(response.json()).toEqual({ message: 'Settings updated', data: {} });
    try {
      expect(await guestCheckoutInMaster()).toBe(true);
    } finally {
      await call(admin, 'PATCH', '/admin/settings', { guest_checkout: false });
    }
    expect(await guestCheckoutInMaster()).toBe(false);
  });

  it('keeps each change in the audit log, setting by setting, with who made it', async () => {
    const before = await ctx.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityType, 'settings'));
    const response = await call(admin, 'PATCH', '/admin/settings', { low_stock_threshold: 9, return_window_days: 14, guest_checkout: false });
    expect(response.statusCode, response.body).toBe(200);
    try {
      const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(asc(auditLog.id));
      expect(rows).toHaveLength(before.length + 1);
      // Only what changed: the return window and guest checkout kept their values (14 is the default).
      expect(rows.at(-1)).toMatchObject({ action: 'settings.update', entityId: 'store', shopId: null, actorRole: 'owner', changes: { low_stock_threshold: { before: 5, after: 9 } } });
    } finally {
      await call(admin, 'PATCH', '/admin/settings', { low_stock_threshold: 5 });
    }
  });

  it('is the store staff’s alone', async () => {
    const response = await call(seller, 'PATCH', '/admin/settings', { guest_checkout: true });
    expect(response.statusCode).toBe(403);
    expect(await guestCheckoutInMaster()).toBe(false);
  });
});
