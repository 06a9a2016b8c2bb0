import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketList, TicketThread } from '../../../shared/support.contract.ts';
import { supportTickets, ticketMessages } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { multipartBody, type FilePart } from '../../test/multipart-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { newTicketNumber } from './tickets.service.ts';

let ctx: TestContext;
const clock = new ManualClock();
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

const TICKET_NUMBER = /^TCK-[A-Z2-7]{10}$/;

const ticketForm = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Where is my parcel?',
  issue_type: 'delivery',
  message: 'It was due yesterday.',
  ...overrides,
});

/** A fresh shopper, each with its own rate-limit budget. */
async function shopper() {
  const customer = await createCustomer(ctx.app);
  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: { authorization: customer.authorization }, payload });
  return { ...customer, call };
}

async function openTicket(who: Awaited<ReturnType<typeof shopper>>, overrides: Record<string, unknown> = {}): Promise<TicketThread> {
  const response = await who.call('POST', '/support-tickets', ticketForm(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: TicketThread }>().data;
}

const picture = (format: 'png' | 'jpeg', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

async function postForm(authorization: string, url: string, fields: Record<string, string>, files: FilePart[] = []) {
  const { payload, headers } = await multipartBody(fields, files.map((file) => ({ ...file, field: 'attachments' })));
  return ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization, ...headers }, payload });
}

const ticketCount = async (userId: number) => (await ctx.database.db.select().from(supportTickets).where(eq(supportTickets.userId, userId))).length;

describe('without a token', () => {
  it.each([
    ['GET', '/api/support-tickets'],
    ['POST', '/api/support-tickets'],
    ['GET', '/api/support-tickets/TCK-AAAAAAAAAA'],
    ['POST', '/api/support-tickets/TCK-AAAAAAAAAA/messages'],
    ['POST', '/api/support-tickets/TCK-AAAAAAAAAA/close'],
  ] as const)('%s %s is refused with 401', async (method, url) => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const response = await ctx.app.inject({ method, url, headers, payload: method === 'POST' ? ticketForm() : undefined });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('opening a ticket', () => {
  it('answers the ticket with an unguessable number and its first message, and lists it', async () => {
    const me = await shopper();
    const { ticket, messages } = await openTicket(me);
    expect(ticket).toMatchObject({ status: 'open', subject: 'Where is my parcel?', issue_type: 'delivery', order_id: null, order_number: null });
    expect(ticket.ticket_no).toMatch(TICKET_NUMBER);
    expect(messages).toEqual([
      expect.objectContaining({ body: 'It was due yesterday.', is_staff: false, author: { name: me.user.name }, attachments: [] }),
    ]);

    const second = await openTicket(me, { subject: 'Another question', issue_type: 'account' });
    expect(second.ticket.ticket_no).not.toBe(ticket.ticket_no);
    const list = (await me.call('GET', '/support-tickets')).json<{ data: TicketList }>().data;
    expect(list.total).toBe(2);
    // Newest first, with the fields the list shows.
    expect(list.tickets.map((row) => row.ticket_no)).toEqual([second.ticket.ticket_no, ticket.ticket_no]);
    expect(Object.keys(list.tickets[0]!)).toEqual(expect.arrayContaining(['id', 'ticket_no', 'order_number', 'status', 'subject', 'issue_type', 'created_at']));

    const details = await me.call('GET', `/support-tickets/${ticket.ticket_no.toLowerCase()}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toEqual({ ticket, messages });
  });

  it('takes one of the shopper’s own orders and shows its number', async () => {
    const me = await shopper();
    const order = await placeCashOrder(ctx.app, me.authorization);
    const { ticket } = await openTicket(me, { order_id: order.id, issue_type: 'order' });
    expect(ticket).toMatchObject({ order_id: order.id, order_number: order.orderNumber });
    const list = (await me.call('GET', '/support-tickets')).json<{ data: TicketList }>().data;
    expect(list.tickets[0]!.order_number).toBe(order.orderNumber);
  });

  it('refuses another shopper’s order or one that does not exist, saving nothing', async () => {
    const owner = await shopper();
    const order = await placeCashOrder(ctx.app, owner.authorization);
    const me = await shopper();
    for (const orderId of [order.id, 2_000_000_000, 'abc', -4]) {
      const response = await me.call('POST', '/support-tickets', ticketForm({ order_id: orderId }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ order_id: ['The selected order is invalid.'] });
    }
    expect(await ticketCount(me.user.id)).toBe(0);
  });

  it('answers field errors for a missing or bad field', async () => {
    const me = await shopper();
    const empty = await me.call('POST', '/support-tickets', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      subject: ['The subject field is required.'],
      issue_type: ['The issue type field is required.'],
      message: ['The message field is required.'],
    });
    const bad = await me.call('POST', '/support-tickets', ticketForm({ subject: 'x'.repeat(151), issue_type: 'refund-me', message: '   ' }));
    expect(bad.json().errors).toEqual({
      subject: ['The subject must not be greater than 150 characters.'],
      issue_type: ['The selected issue type is invalid.'],
      message: ['The message field is required.'],
    });
    const wrongTypes = await me.call('POST', '/support-tickets', { subject: ['a'], issue_type: 3, message: { html: '<b>' } });
    expect(wrongTypes.statusCode).toBe(422);
    expect(await ticketCount(me.user.id)).toBe(0);
  });

  it('keeps a message as plain text: markup comes back as the same characters, never as HTML', async () => {
    const me = await shopper();
    const markup = '<script>alert("x")</script> <img src=x onerror=alert(1)> & "quotes"';
    const { ticket, messages } = await openTicket(me, { subject: '<b>bold?</b>', message: `${markup}\r\nsecond line` });
    expect(ticket.subject).toBe('<b>bold?</b>');
    expect(messages[0]!.body).toBe(`${markup}\nsecond line`);
    const details = await me.call('GET', `/support-tickets/${ticket.ticket_no}`);
    expect(details.headers['content-type']).toMatch(/^application\/json/);
    expect(details.json().data.messages[0].body).toBe(`${markup}\nsecond line`);
  });

  it('limits how many tickets a shopper opens in an hour', async () => {
    const me = await shopper();
    for (let index = 0; index < 5; index++) await openTicket(me, { subject: `Question ${index}` });
    const refused = await me.call('POST', '/support-tickets', ticketForm());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await ticketCount(me.user.id)).toBe(5);
    // Another shopper is not held back, and the window passes.
    await openTicket(await shopper());
    clock.advance({ hours: 1, seconds: 1 });
    await openTicket(me);
  });
});

describe('pictures', () => {
  it('stores up to three as re-encoded WebP files the thread links to', async () => {
    const me = await shopper();
    const response = await postForm(me.authorization, '/support-tickets', ticketForm(), [
      { name: 'screen.png', type: 'image/png', data: await picture('png', 2400, 1200) },
      { name: 'photo.jpg', type: 'image/jpeg', data: await picture('jpeg') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [message] = response.json<{ data: TicketThread }>().data.messages;
    expect(message!.attachments).toHaveLength(2);
    for (const url of message!.attachments) {
      expect(url).toMatch(/^\/media\/uploads\/tickets\/[a-f0-9]{32}\.webp$/);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    const stored = await sharp(await readFile(path.join(ctx.config.dataDir, message!.attachments[0]!.replace(/^\/media\//, '')))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1600, height: 800 });
  });

  it('refuses a fourth picture, a file that is no picture and one over 2 MB, saving nothing', async () => {
    const me = await shopper();
    const png = { name: 'a.png', type: 'image/png', data: await picture('png') };
    const four = await postForm(me.authorization, '/support-tickets', ticketForm(), [png, png, png, png]);
    expect(four.statusCode).toBe(422);
    expect(four.json().errors).toEqual({ attachments: ['The attachments must not have more than 3 items.'] });

    const text = await postForm(me.authorization, '/support-tickets', ticketForm(), [png, { name: 'evil.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') }]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ attachments: ['The attachments must be an image.'] });

    const huge = await postForm(me.authorization, '/support-tickets', ticketForm(), [{ name: 'big.png', type: 'image/png', data: Buffer.alloc(2 * 1024 * 1024 + 1) }]);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ attachments: ['The attachments must not be greater than 2048 kilobytes.'] });
    expect(await ticketCount(me.user.id)).toBe(0);
  });

  it('go with a reply as well', async () => {
    const me = await shopper();
    const { ticket } = await openTicket(me);
    const response = await postForm(me.authorization, `/support-tickets/${ticket.ticket_no}/messages`, { message: 'Here is a photo.' }, [
      { name: 'box.jpg', type: 'image/jpeg', data: await picture('jpeg') },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: TicketThread }>().data.messages[1]!.attachments).toHaveLength(1);
  });
});

describe('the conversation', () => {
  it('adds the shopper’s reply, and closing ends it', async () => {
    const me = await shopper();
    const { ticket } = await openTicket(me);
    const reply = await me.call('POST', `/support-tickets/${ticket.ticket_no}/messages`, { message: 'Any news?' });
    expect(reply.statusCode).toBe(201);
    const thread = reply.json<{ data: TicketThread }>().data;
    expect(thread.ticket.status).toBe('open');
    expect(thread.messages.map((message) => message.body)).toEqual(['It was due yesterday.', 'Any news?']);

    const closed = await me.call('POST', `/support-tickets/${ticket.ticket_no}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.ticket.status).toBe('closed');
    // Closing twice changes nothing.
    expect((await me.call('POST', `/support-tickets/${ticket.ticket_no}/close`)).json().data.ticket.status).toBe('closed');

    const late = await me.call('POST', `/support-tickets/${ticket.ticket_no}/messages`, { message: 'One more thing' });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('This ticket is closed.');
    expect(await ctx.database.db.select().from(ticketMessages).where(eq(ticketMessages.body, 'One more thing'))).toEqual([]);
  });

  it('refuses an empty reply', async () => {
    const me = await shopper();
    const { ticket } = await openTicket(me);
    const response = await me.call('POST', `/support-tickets/${ticket.ticket_no}/messages`, { message: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ message: ['The message field is required.'] });
  });

  it('hides another shopper’s ticket, and numbers that are not tickets, behind a 404', async () => {
    const owner = await shopper();
    const { ticket } = await openTicket(owner);
    const stranger = await shopper();
    const attempts = [
      stranger.call('GET', `/support-tickets/${ticket.ticket_no}`),
      stranger.call('POST', `/support-tickets/${ticket.ticket_no}/messages`, { message: 'Hi' }),
      stranger.call('POST', `/support-tickets/${ticket.ticket_no}/close`),
      stranger.call('GET', '/support-tickets/TCK-AAAAAAAAAA'),
      stranger.call('GET', '/support-tickets/1'),
      stranger.call('GET', `/support-tickets/${encodeURIComponent("' or 1=1 --")}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Ticket not found' });
    }
    expect((await stranger.call('GET', '/support-tickets')).json().data).toEqual({ total: 0, tickets: [] });
    const untouched = (await owner.call('GET', `/support-tickets/${ticket.ticket_no}`)).json<{ data: TicketThread }>().data;
    expect(untouched.ticket.status).toBe('open');
    expect(untouched.messages).toHaveLength(1);
  });
});

describe('the list', () => {
  it('pages ten at a time by default and takes per_page', async () => {
    const me = await shopper();
    const base = clock.now().getTime();
    await ctx.database.db.insert(supportTickets).values(
      Array.from({ length: 12 }, (_, index) => ({
        ticketNo: newTicketNumber(),
        userId: me.user.id,
        subject: `Ticket ${index}`,
        issueType: 'other' as const,
        createdAt: new Date(base + index * 1000),
      })),
    );
    const first = (await me.call('GET', '/support-tickets')).json<{ data: TicketList }>().data;
    expect(first.total).toBe(12);
    expect(first.tickets.map((ticket) => ticket.subject)).toEqual(Array.from({ length: 10 }, (_, index) => `Ticket ${11 - index}`));
    const second = (await me.call('GET', '/support-tickets?page=2')).json<{ data: TicketList }>().data;
    expect(second.tickets.map((ticket) => ticket.subject)).toEqual(['Ticket 1', 'Ticket 0']);
    const five = (await me.call('GET', '/support-tickets?per_page=5&page=3')).json<{ data: TicketList }>().data;
    expect(five.tickets).toHaveLength(2);
    const bad = await me.call('GET', '/support-tickets?page=0&per_page=500');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ page: ['The page must be at least 1.'], per_page: ['The per page must not be greater than 50.'] });
  });
});
