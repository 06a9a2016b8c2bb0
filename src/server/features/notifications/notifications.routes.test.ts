import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../../shared/console.contract.ts';
import type { NotificationKind, NotificationPage } from '../../../shared/notifications.contract.ts';
import { shops } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { addConsoleMember, addNotification, addShopWithOwner, notifiedUsers, signInConsoleMember, storeStaffHolding as storeStaffWith } from '../../test/console-fixtures.ts';
import { drawnPicture, multipartBody } from '../../test/multipart-fixtures.ts';
import { listen, openEventStream } from '../../test/sse-fixtures.ts';
import { placeCashOrder } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { openShopperTicket } from '../../test/ticket-fixtures.ts';
import { updateStoreSettings } from '../settings/settings.service.ts';
import { notifyProductAwaitingApproval, publishNotifications } from './notifications.service.ts';

let ctx: TestContext;
let catalogueManager: string;
/** The test store's `low_stock_threshold`, as the seed sets it. */
const LOW_STOCK_THRESHOLD = 5;

beforeAll(async () => {
  ctx = await createTestApp();
  catalogueManager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
});
afterAll(() => ctx.close());

const streams: Array<{ close(): void }> = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

const recipients = (kind: NotificationKind, entityId: number) => notifiedUsers(ctx.app, kind, entityId);
const storeStaffHolding = (permission: Permission) => storeStaffWith(ctx.app, permission);

const page = (authorization: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/console/notifications${query}`, headers: { authorization } });
const post = (authorization: string, url: string) => ctx.app.inject({ method: 'POST', url, headers: { authorization } });

async function adjustStock(productId: number, change: number) {
  const [variant] = await variantsOf(ctx.database.db, productId);
  const adjusted = await ctx.app.inject({
    method: 'POST',
    url: `/api/console/products/${productId}/variants/${variant!.id}/stock`,
    headers: { authorization: catalogueManager },
    payload: { change, reason: change > 0 ? 'restock' : 'adjustment' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
}

describe('who is told', () => {
  it('tells of a seller application exactly the store staff who review shops', async () => {
    const contentEditor = await addConsoleMember(ctx.app, 'content_editor');
    const picture = await drawnPicture('png', 400, 300);
    const { payload, headers } = await multipartBody(
      {
        shop_name: 'Notified Corner',
        address: '12 Garden Row',
        shop_phone: '5550123456',
        shop_email: 'hello@notified-corner.test',
        accept_terms: 'true',
        name: 'Nora Notified',
        email: `nora-${randomUUID().slice(0, 8)}@example.test`,
        password: 'seller-password',
      },
      [
        { field: 'logo', name: 'logo.png', type: 'image/png', data: picture },
        { field: 'banner', name: 'banner.png', type: 'image/png', data: picture },
      ],
    );
    const response = await ctx.app.inject({ method: 'POST', url: '/api/shop-registrations', headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    const shop = response.json<{ data: { shop: { id: number } } }>().data.shop;

    const told = await recipients('seller_application', shop.id);
    expect(told).toEqual(await storeStaffHolding('shops.review'));
    expect(told).not.toContain(contentEditor.user.id);
    const [notification] = (await page(catalogueManager, '?limit=1')).json<{ data: NotificationPage }>().data.notifications;
    expect(notification).toMatchObject({ kind: 'seller_application', entity_type: 'shop', entity_id: shop.id, shop_id: shop.id, data: { shop: 'Notified Corner' }, read_at: null });
  });

  it('tells the same reviewers again when a rejected shop applies again', async () => {
    const { shop, owner } = await addShopWithOwner(ctx.app);
    await ctx.database.db.update(shops).set({ status: 'rejected', statusReason: 'No logo.' }).where(eq(shops.id, shop.id));
    const saved = await ctx.app.inject({ method: 'PATCH', url: '/api/console/shop', headers: { authorization: owner.authorization }, payload: { description: 'Now with a logo.' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await recipients('seller_application', shop.id)).toEqual(await storeStaffHolding('shops.review'));
  });

  it("tells of low stock the shop's catalogue readers and the store's catalogue staff, once per crossing", async () => {
    const { shop, owner } = await addShopWithOwner(ctx.app);
    const reader = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['catalogue.read'] });
    const orderClerk = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['orders.read'] });
    const contentEditor = await addConsoleMember(ctx.app, 'content_editor');
    const shopper = await createCustomer(ctx.app);
    const expected = [owner.user.id, reader.user.id, ...(await storeStaffHolding('catalogue.write'))].sort((a, b) => a - b);

    // 10 in stock; an order of 5 takes it to the threshold.
    const { productId } = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id, quantity: 10 - LOW_STOCK_THRESHOLD });
    expect(await recipients('low_stock', productId)).toEqual(expected);
    expect(expected).not.toContain(orderClerk.user.id);
    expect(expected).not.toContain(contentEditor.user.id);
    const [told] = (await page(owner.authorization, '?limit=1')).json<{ data: NotificationPage }>().data.notifications;
    expect(told).toMatchObject({ kind: 'low_stock', entity_type: 'product', entity_id: productId, shop_id: shop.id, data: { stock: LOW_STOCK_THRESHOLD } });

    // Further sales below it, and a restock that stays below, tell no one again.
    await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id, productId, quantity: 1 });
    await adjustStock(productId, 1);
    expect(await recipients('low_stock', productId)).toEqual(expected);

    // Restocked above it, then a console adjustment down again: a new crossing.
    await adjustStock(productId, 10);
    expect(await recipients('low_stock', productId)).toEqual(expected);
    await adjustStock(productId, -10);
    expect(await recipients('low_stock', productId)).toEqual([...expected, ...expected].sort((a, b) => a - b));
  });

  it('uses the threshold the store set: a drop to 5 tells no one under a threshold of 2, a drop to 2 does', async () => {
    const { shop, owner } = await addShopWithOwner(ctx.app);
    const shopper = await createCustomer(ctx.app);
    const settings = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { authorization: (await signInConsoleMember(ctx.app, 'owner')).authorization }, payload: { low_stock_threshold: 2 } });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const { productId } = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id, quantity: 5 });
      expect(await recipients('low_stock', productId)).toEqual([]);
      await adjustStock(productId, -3);
      expect(await recipients('low_stock', productId)).toContain(owner.user.id);
    } finally {
      await updateStoreSettings(ctx.database.db, { low_stock_threshold: LOW_STOCK_THRESHOLD });
    }
  });

  it("tells of a product awaiting approval the store's catalogue staff", async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Awaiting Lamp' }]);
    const written = await ctx.database.db.transaction((tx) => notifyProductAwaitingApproval(tx, productId!, new Date()));
    await publishNotifications({ db: ctx.database.db, events: ctx.app.events, log: ctx.app.log }, written);
    expect(await recipients('product_awaiting_approval', productId!)).toEqual(await storeStaffHolding('catalogue.write'));
    const [notification] = (await page(catalogueManager, '?limit=1')).json<{ data: NotificationPage }>().data.notifications;
    expect(notification).toMatchObject({ kind: 'product_awaiting_approval', entity_type: 'product', entity_id: productId, data: { product: 'Awaiting Lamp' } });
  });
});

describe('orders and tickets', () => {
  const byId = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it("tells of a new order the shop's owner and order readers and the store's order staff, one row each, and no one else", async () => {
    const { shop, owner } = await addShopWithOwner(ctx.app);
    const clerk = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['orders.read'] });
    const packer = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['catalogue.read'] });
    const other = await addShopWithOwner(ctx.app);
    const supportAgent = await addConsoleMember(ctx.app, 'support_agent');
    const shopper = await createCustomer(ctx.app);
    const order = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id });

    const told = await recipients('new_order', order.id);
    expect(told).toEqual(byId([owner.user.id, clerk.user.id, ...(await storeStaffHolding('orders.write'))]));
    for (const left of [packer, other.owner, supportAgent]) expect(told).not.toContain(left.user.id);
    const [notification] = (await page(clerk.authorization, '?limit=1')).json<{ data: NotificationPage }>().data.notifications;
    expect(notification).toMatchObject({ kind: 'new_order', entity_type: 'order', entity_id: order.id, shop_id: shop.id, data: { order_number: order.orderNumber, shop: shop.name }, read_at: null });
  });

  it('tells of a shopper’s new ticket the store’s support staff and the order’s shop’s support people, and of a reply only whoever has it', async () => {
    const { shop, owner } = await addShopWithOwner(ctx.app);
    const answerer = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['support.read', 'support.write'] });
    const clerk = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['orders.read', 'support.read'] });
    const shopper = await createCustomer(ctx.app);
    const order = await placeCashOrder(ctx.app, shopper.authorization, { shopId: shop.id });
    const { ticket } = await openShopperTicket(ctx.app, shopper.authorization, { subject: 'Broken lid', issue_type: 'order', order_id: order.id, message: 'The lid came cracked.' });
    const supportStaff = await storeStaffHolding('support.write');
    expect(await recipients('ticket_message', ticket.id)).toEqual(byId([owner.user.id, answerer.user.id, ...supportStaff]));
    expect(await recipients('ticket_message', ticket.id)).not.toContain(clerk.user.id);
    const [notification] = (await page(answerer.authorization, '?limit=1')).json<{ data: NotificationPage }>().data.notifications;
    expect(notification).toMatchObject({ kind: 'ticket_message', entity_type: 'ticket', entity_id: ticket.id, shop_id: shop.id, data: { ticket_no: ticket.ticket_no, subject: 'Broken lid' } });

    // The answerer takes it and replies (the store's replies tell no one in the console); the shopper's answer goes to them alone.
    const asAnswerer = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/console/tickets/${ticket.id}${url}`, headers: { authorization: answerer.authorization }, payload });
    expect((await asAnswerer('/assign', { user_id: answerer.user.id })).statusCode).toBe(200);
    expect((await asAnswerer('/messages', { message: 'A new lid is on its way.' })).statusCode).toBe(201);
    const before = (await recipients('ticket_message', ticket.id)).length;
    const answered = await ctx.app.inject({ method: 'POST', url: `/api/support-tickets/${ticket.ticket_no}/messages`, headers: { authorization: shopper.authorization }, payload: { message: 'Thank you!' } });
    expect(answered.statusCode, answered.body).toBe(201);
    const after = await recipients('ticket_message', ticket.id);
    expect(after).toHaveLength(before + 1);
    expect(after.filter((id) => id === answerer.user.id)).toHaveLength(2);
  });

  it('tells of a ticket about no order the store’s support staff only', async () => {
    const { owner } = await addShopWithOwner(ctx.app);
    const shopper = await createCustomer(ctx.app);
    const { ticket } = await openShopperTicket(ctx.app, shopper.authorization, { subject: 'My account', issue_type: 'account', message: 'I cannot change my e-mail.' });
    const told = await recipients('ticket_message', ticket.id);
    expect(told).toEqual(await storeStaffHolding('support.write'));
    expect(told).not.toContain(owner.user.id);
  });
});

describe('/api/console/notifications', () => {
  it('pages the caller’s own newest first, counts the unread, marks one or all read', async () => {
    const member = await addConsoleMember(ctx.app, 'support_agent');
    const ids = [];
    for (let index = 0; index < 3; index++) ids.push(await addNotification(ctx.app, member.user.id));

    const first = (await page(member.authorization, '?limit=2')).json<{ data: NotificationPage }>().data;
    expect(first.notifications.map((notification) => notification.id)).toEqual([ids[2], ids[1]]);
    expect(first.unread_count).toBe(3);
    const second = (await page(member.authorization, `?limit=2&cursor=${first.next_cursor}`)).json<{ data: NotificationPage }>().data;
    expect(second.notifications.map((notification) => notification.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();

    const read = await post(member.authorization, `/api/console/notifications/${ids[1]}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ notification: { id: ids[1], read_at: expect.any(String) }, unread_count: 2 });
    const unread = (await page(member.authorization, '?unread=true')).json<{ data: NotificationPage }>().data;
    expect(unread.notifications.map((notification) => notification.id)).toEqual([ids[2], ids[0]]);

    const all = await post(member.authorization, '/api/console/notifications/read-all');
    expect(all.json()).toEqual({ message: 'Notifications read', data: { unread_count: 0 } });
    expect((await page(member.authorization, '?unread=true')).json<{ data: NotificationPage }>().data).toEqual({ notifications: [], next_cursor: null, unread_count: 0 });
  });

  it("finds no one else's notification, and refuses a bad page", async () => {
    const [mine, theirs] = [await addConsoleMember(ctx.app, 'support_agent'), await addConsoleMember(ctx.app, 'support_agent')];
    const id = await addNotification(ctx.app, theirs.user.id);
    const response = await post(mine.authorization, `/api/console/notifications/${id}/read`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Notification not found' });
    expect((await page(theirs.authorization, '?unread=true')).json<{ data: NotificationPage }>().data.unread_count).toBe(1);

    const refused = await page(mine.authorization, '?limit=0&cursor=abc&unread=maybe');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      limit: ['The limit must be at least 1.'],
      cursor: ['The cursor is invalid.'],
      unread: ['The unread field must be true or false.'],
    });
  });

  it('tells a console member following the live stream at once, with their unread count', async () => {
    const baseUrl = await listen(ctx.app);
    const member = await addConsoleMember(ctx.app, 'catalogue_manager');
    const stream = await openEventStream(baseUrl, { authorization: member.authorization });
    streams.push(stream);
    await stream.next((frame) => frame.retry !== undefined);

    const [productId] = await addProducts(ctx.database.db, [{ name: 'Live Low Lamp', stock: LOW_STOCK_THRESHOLD + 1 }]);
    await adjustStock(productId!, -1);
    const frame = await stream.next((candidate) => candidate.event === 'console.notification', 5000);
    expect(JSON.parse(frame.data!)).toMatchObject({
      notification: { kind: 'low_stock', entity_id: productId, data: { product: 'Live Low Lamp', stock: LOW_STOCK_THRESHOLD }, read_at: null },
      unread_count: 1,
    });
  });
});
