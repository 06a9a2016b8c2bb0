import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPage } from '../../../shared/notifications.contract.ts';
import type { TicketThread } from '../../../shared/support.contract.ts';
import { consoleTicketPageSchema, consoleTicketSchema, type ConsoleTicket } from '../../../shared/tickets-console.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { multipartBody } from '../../test/multipart-fixtures.ts';
import { listen, openEventStream } from '../../test/sse-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addTicket, addTicketOrder, openShopperTicket } from '../../test/ticket-fixtures.ts';

let ctx: TestContext;
let agent: { authorization: string; userId: number };
let shop: { id: number; name: string };
let shopOwner: { authorization: string; userId: number };

const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/console${url}`, headers: { authorization }, ...(payload && { payload }) });
const ticketOf = (response: { statusCode: number; body: string; json(): { data: unknown } }, status = 200): ConsoleTicket => {
  expect(response.statusCode, response.body).toBe(status);
  return consoleTicketSchema.parse(response.json().data);
};
const queue = async (authorization: string, query: string) => {
  const response = await call(authorization, 'GET', `/tickets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return consoleTicketPageSchema.parse(response.json<{ data: unknown }>().data);
};
const numbers = (page: { tickets: Array<{ ticket_no: string }> }) => page.tickets.map((ticket) => ticket.ticket_no);
const auditActions = async (ticketId: number) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'ticket'), eq(auditLog.entityId, String(ticketId)))).orderBy(asc(auditLog.id))).map(
    (row) => row.action,
  );

const streams: Array<{ close(): void }> = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

beforeAll(async () => {
  ctx = await createTestApp();
  agent = await signInConsoleMember(ctx.app, 'support_agent');
  const added = await addShopWithOwner(ctx.app);
  shop = added.shop;
  shopOwner = { authorization: added.owner.authorization, userId: added.owner.user.id };
});
afterAll(() => ctx.close());

describe('the support queue', () => {
  it('lists the most recently active first a keyset page at a time, by status, type, shop, assignee and search, with each status counted', async () => {
    const db = ctx.database.db;
    const orderId = await addTicketOrder(db, shop.id);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
    const oldest = await addTicket(db, { orderId, subject: 'Lid missing', updatedAt: at(0) });
    const closed = await addTicket(db, { orderId, status: 'closed', issueType: 'delivery', updatedAt: at(1) });
    const taken = await addTicket(db, { orderId, status: 'answered', assignedUserId: agent.userId, updatedAt: at(2) });
    const newest = await addTicket(db, { orderId, issueType: 'payment', subject: 'Charged twice for the lid', updatedAt: at(3) });
    const all = `shop_id=${shop.id}`;

    const first = await queue(agent.authorization, `${all}&limit=3`);
    expect(numbers(first)).toEqual([newest.ticketNo, taken.ticketNo, closed.ticketNo]);
    expect(first.tickets[1]).toMatchObject({ status: 'answered', shop: { id: shop.id, name: shop.name }, assignee: { id: agent.userId }, customer: { name: expect.stringMatching(/^Ticket Shopper/) } });
    const second = await queue(agent.authorization, `${all}&limit=3&cursor=${first.next_cursor}`);
    expect(numbers(second)).toEqual([oldest.ticketNo]);
    expect(second.next_cursor).toBeNull();
    // The tabs count each status under the other filters, whichever status is shown.
    expect(first.counts).toEqual({ open: 2, answered: 1, closed: 1 });
    expect((await queue(agent.authorization, `${all}&status=closed&search=lid`)).counts).toEqual({ open: 2, answered: 0, closed: 0 });
    expect((await queue(agent.authorization, `${all}&assignee=none`)).counts).toEqual({ open: 2, answered: 0, closed: 1 });

    expect(numbers(await queue(agent.authorization, `${all}&status=closed`))).toEqual([closed.ticketNo]);
    expect(numbers(await queue(agent.authorization, `${all}&issue_type=payment`))).toEqual([newest.ticketNo]);
    expect(numbers(await queue(agent.authorization, `${all}&assignee=me`))).toEqual([taken.ticketNo]);
    expect(numbers(await queue(agent.authorization, `${all}&assignee=${agent.userId}`))).toEqual([taken.ticketNo]);
    expect(numbers(await queue(agent.authorization, `${all}&assignee=none`))).toEqual([newest.ticketNo, closed.ticketNo, oldest.ticketNo]);
    expect(numbers(await queue(agent.authorization, `${all}&search=lid`))).toEqual([newest.ticketNo, oldest.ticketNo]);
    expect(numbers(await queue(agent.authorization, `search=${oldest.ticketNo.toLowerCase()}`))).toEqual([oldest.ticketNo]);
    // `%` and `_` are letters in a search, not patterns.
    expect(numbers(await queue(agent.authorization, `${all}&search=${encodeURIComponent('%')}`))).toEqual([]);
  });

  it('refuses a bad filter with field errors', async () => {
    const response = await call(agent.authorization, 'GET', '/tickets?status=lost&issue_type=refund&assignee=someone&shop_id=x&limit=0&cursor=abc');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      status: ['The selected status is invalid.'],
      issue_type: ['The selected issue type is invalid.'],
      assignee: ['The selected assignee is invalid.'],
      shop_id: ['The shop id must be a number.'],
      limit: ['The limit must be at least 1.'],
    });
    const cursor = await call(agent.authorization, 'GET', '/tickets?cursor=abc');
    expect(cursor.json().errors).toEqual({ cursor: ['The cursor is invalid.'] });
  });
});

describe('a seller’s people', () => {
  it('see and answer only the tickets about their shop’s orders, whatever shop they name; another shop’s ticket is not found', async () => {
    const db = ctx.database.db;
    const mine = await addTicket(db, { orderId: await addTicketOrder(db, shop.id) });
    const other = await addShopWithOwner(ctx.app);
    const theirs = await addTicket(db, { orderId: await addTicketOrder(db, other.shop.id) });
    const aboutNoOrder = await addTicket(db);

    const seenPage = await queue(shopOwner.authorization, `shop_id=${other.shop.id}&limit=100`);
    const seen = numbers(seenPage);
    // Their tabs count their own shop's tickets only.
    expect(seenPage.counts.open + seenPage.counts.answered + seenPage.counts.closed).toBe(seen.length);
    expect(seen).toContain(mine.ticketNo);
    expect(seen).not.toContain(theirs.ticketNo);
    expect(seen).not.toContain(aboutNoOrder.ticketNo);
    expect(ticketOf(await call(shopOwner.authorization, 'GET', `/tickets/${mine.id}`)).ticket.ticket_no).toBe(mine.ticketNo);

    for (const ticket of [theirs, aboutNoOrder]) {
      for (const [method, url, payload] of [
        ['GET', '', undefined],
        ['POST', '/messages', { message: 'Hello' }],
        ['POST', '/assign', { user_id: shopOwner.userId }],
        ['POST', '/close', undefined],
        ['POST', '/reopen', undefined],
      ] as const) {
        const response = await call(shopOwner.authorization, method, `/tickets/${ticket.id}${url}`, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Ticket not found' });
      }
    }
    expect(await auditActions(theirs.id)).toEqual([]);
    expect((await call(agent.authorization, 'GET', '/tickets/2000000000')).statusCode).toBe(404);
  });
});

describe('assigning', () => {
  it('gives a ticket to the store’s support staff or the shop’s support people, or back to the queue, each audited', async () => {
    const db = ctx.database.db;
    const shopAnswerer = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['support.read', 'support.write'] });
    const shopReader = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['support.read'] });
    const orderManager = await addConsoleMember(ctx.app, 'order_manager');
    const ticket = await addTicket(db, { orderId: await addTicketOrder(db, shop.id) });

    const detail = ticketOf(await call(agent.authorization, 'GET', `/tickets/${ticket.id}`));
    const assignable = detail.assignees.map((person) => person.id);
    expect(assignable).toEqual(expect.arrayContaining([agent.userId, shopOwner.userId, shopAnswerer.user.id]));
    expect(assignable).not.toContain(shopReader.user.id);
    expect(assignable).not.toContain(orderManager.user.id);
    // A seller gives it to their own shop's people only.
    const sellersChoice = ticketOf(await call(shopOwner.authorization, 'GET', `/tickets/${ticket.id}`)).assignees.map((person) => person.id);
    expect(sellersChoice.sort((a, b) => a - b)).toEqual([shopOwner.userId, shopAnswerer.user.id].sort((a, b) => a - b));

    expect(ticketOf(await call(agent.authorization, 'POST', `/tickets/${ticket.id}/assign`, { user_id: agent.userId })).ticket.assignee).toEqual({ id: agent.userId, name: expect.any(String) });
    expect(ticketOf(await call(shopOwner.authorization, 'POST', `/tickets/${ticket.id}/assign`, { user_id: shopAnswerer.user.id })).ticket.assignee?.id).toBe(shopAnswerer.user.id);
    expect(ticketOf(await call(agent.authorization, 'POST', `/tickets/${ticket.id}/assign`, { user_id: null })).ticket.assignee).toBeNull();
    expect(await auditActions(ticket.id)).toEqual(['ticket.assign', 'ticket.assign', 'ticket.assign']);

    // The one given it by someone else is told; the one who took it themselves is not.
    const assignedNotices = async (who: { authorization: string }) =>
      (await call(who.authorization, 'GET', '/notifications?limit=50')).json<{ data: NotificationPage }>().data.notifications.filter((notice) => notice.kind === 'ticket_assigned' && notice.entity_id === ticket.id);
    expect(await assignedNotices(shopAnswerer)).toEqual([
      expect.objectContaining({ kind: 'ticket_assigned', entity_type: 'ticket', shop_id: shop.id, data: { ticket_no: ticket.ticketNo, subject: ticket.subject }, read_at: null }),
    ]);
    expect(await assignedNotices(agent)).toEqual([]);
  });

  it('refuses someone who does not answer tickets here with 422, changing nothing', async () => {
    const db = ctx.database.db;
    const ticket = await addTicket(db, { orderId: await addTicketOrder(db, shop.id) });
    const shopper = await createCustomer(ctx.app);
    const orderManager = await addConsoleMember(ctx.app, 'order_manager');
    const otherShop = await addShopWithOwner(ctx.app);
    for (const [who, userId] of [
      [agent, shopper.user.id],
      [agent, orderManager.user.id],
      [agent, otherShop.owner.user.id],
      [shopOwner, agent.userId],
      [agent, 2_000_000_000],
    ] as const) {
      const response = await call(who.authorization, 'POST', `/tickets/${ticket.id}/assign`, { user_id: userId });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'The selected user cannot answer this ticket.', errors: { user_id: ['The selected user cannot answer this ticket.'] } });
    }
    const missing = await call(agent.authorization, 'POST', `/tickets/${ticket.id}/assign`, {});
    expect(missing.json().errors).toEqual({ user_id: ['The user id field is required.'] });
    expect(ticketOf(await call(agent.authorization, 'GET', `/tickets/${ticket.id}`)).ticket.assignee).toBeNull();
    expect(await auditActions(ticket.id)).toEqual([]);
  });
});

describe('closing and reopening', () => {
  it('closes an open ticket and reopens a closed one; the other way round is refused with 409, changing nothing', async () => {
    const db = ctx.database.db;
    const ticket = await addTicket(db, { orderId: await addTicketOrder(db, shop.id) });
    const notClosed = await call(agent.authorization, 'POST', `/tickets/${ticket.id}/reopen`);
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json()).toEqual({ message: 'This ticket is not closed.' });

    expect(ticketOf(await call(shopOwner.authorization, 'POST', `/tickets/${ticket.id}/close`)).ticket.status).toBe('closed');
    const again = await call(agent.authorization, 'POST', `/tickets/${ticket.id}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This ticket is already closed.' });
    const reply = await call(agent.authorization, 'POST', `/tickets/${ticket.id}/messages`, { message: 'Anything else?' });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toEqual({ message: 'This ticket is closed.' });

    expect(ticketOf(await call(agent.authorization, 'POST', `/tickets/${ticket.id}/reopen`)).ticket.status).toBe('open');
    expect(await auditActions(ticket.id)).toEqual(['ticket.close', 'ticket.reopen']);
    // The shopper's open storefronts hear of each change once; the refused ones told them nothing.
    const told = await ctx.app.events.eventsAfter(ticket.userId, '0-0');
    expect(told.map(({ type, data }) => [type, data])).toEqual([
      ['ticket.status_changed', { ticket_no: ticket.ticketNo, status: 'closed' }],
      ['ticket.status_changed', { ticket_no: ticket.ticketNo, status: 'open' }],
    ]);
  });
});

describe('replying', () => {
  it('answers with text and a picture; the shopper sees it in their ticket and hears of it live', async () => {
    const shopper = await createCustomer(ctx.app);
    const order = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id });
    const { ticket } = await openShopperTicket(ctx.app, shopper.authorization, { subject: 'Scratched lid', issue_type: 'order', order_id: order.id, message: 'It came scratched.' });
    const stream = await openEventStream(await listen(ctx.app), { authorization: shopper.authorization });
    streams.push(stream);
    await stream.next((frame) => frame.retry !== undefined);

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer();
    const { payload, headers } = await multipartBody({ message: 'A new one is on its way.\nHere is the label.' }, [{ field: 'attachments', name: 'label.jpg', type: 'image/jpeg', data: photo }]);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/console/tickets/${ticket.id}/messages`, headers: { ...headers, authorization: shopOwner.authorization }, payload });
    const replied = ticketOf(response, 201);
    expect(replied.ticket.status).toBe('answered');
    expect(replied.messages.at(-1)).toMatchObject({ body: 'A new one is on its way.\nHere is the label.', is_staff: true, attachments: [expect.stringMatching(/^\/media\/uploads\/tickets\/[a-f0-9]{32}\.webp$/)] });

    const frame = await stream.next((candidate) => candidate.event === 'ticket.replied', 5000);
    expect(JSON.parse(frame.data!)).toEqual({ ticket_no: ticket.ticket_no });
    const seen = (await ctx.app.inject({ method: 'GET', url: `/api/support-tickets/${ticket.ticket_no}`, headers: { authorization: shopper.authorization } })).json<{ data: TicketThread }>().data;
    expect(seen.ticket.status).toBe('answered');
    expect(seen.messages.map((message) => [message.body, message.is_staff, message.attachments.length])).toEqual([
      ['It came scratched.', false, 0],
      ['A new one is on its way.\nHere is the label.', true, 1],
    ]);
    expect(await auditActions(ticket.id)).toEqual(['ticket.reply']);
  });

  it('mails the reply to the shopper in the language they opened the ticket in', async () => {
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    const shopper = await createCustomer(ctx.app);
    const { ticket } = await openShopperTicket(ctx.app, shopper.authorization, { subject: 'کد تخفیف', issue_type: 'other', message: 'کد کار نمی‌کند.' }, 'ir');
    const response = await call(agent.authorization, 'POST', `/tickets/${ticket.id}/messages`, { message: 'کد تازه فرستاده شد.' });
    expect(response.statusCode, response.body).toBe(201);
    await vi.waitFor(() => expect(mail.mock.calls.map(([sent]) => sent.to)).toContain(shopper.user.email));
    const sent = mail.mock.calls.map(([message]) => message).find((message) => message.to === shopper.user.email)!;
    expect(sent.subject).toBe(`[Open Store] پاسخ تازه به تیکت پشتیبانی ${ticket.ticket_no}`);
    expect(sent.text).toContain(`به تیکت پشتیبانی ${ticket.ticket_no} («کد تخفیف») پاسخ دادیم:\n\nکد تازه فرستاده شد.`);
  });

  it('refuses an empty reply with a field error, saving nothing', async () => {
    const db = ctx.database.db;
    const ticket = await addTicket(db, { orderId: await addTicketOrder(db, shop.id) });
    const response = await call(agent.authorization, 'POST', `/tickets/${ticket.id}/messages`, { message: '   ' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ message: ['The message field is required.'] });
    expect(ticketOf(await call(agent.authorization, 'GET', `/tickets/${ticket.id}`)).messages).toHaveLength(1);
  });
});
