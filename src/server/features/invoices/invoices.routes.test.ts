import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { orders, shops } from '../../db/schema.ts';
import type { OutgoingMail } from '../../platform/mailer.ts';
import { sha256 } from '../../platform/secrets.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { addStoredOrders, setOrderStatus } from '../../test/order-fixtures.ts';
import { arabicLetterForms, readPdf } from '../../test/pdf-fixtures.ts';
import { placeCashOrder, sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { readStoreSettings } from '../settings/settings.service.ts';

let ctx: TestContext;
let manager: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInConsoleMember(ctx.app, 'order_manager');
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const get = (url: string, authorization?: string) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: authorization ? { authorization } : {} });

function expectPdfDownload(response: Awaited<ReturnType<typeof get>>, orderNumber: string) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${orderNumber}.pdf"`);
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}

const shopName = async (shopId: number) => (await ctx.database.db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId)))[0]!.name;

describe('GET /api/orders/{id}/invoice', () => {
  it("gives the shopper their order's invoice: store, shop, number, lines with SKU, figures and payment", async () => {
    const shopper = await createCustomer(ctx.app);
    const shopId = await sellerShopId(ctx.app);
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Invoice Linen Shirt', shopId, price: 24_50, stock: 10 }]);
    const order = await placeCashOrder(ctx.app, shopper.authorization, { productId, quantity: 2 });
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.locale).toBe('en');

    const response = await get(`/orders/${order.id}/invoice`, shopper.authorization);
    expectPdfDownload(response, order.orderNumber);
    const { text } = await readPdf(response.rawPayload);
    const store = await readStoreSettings(ctx.database.db);
    const [line] = await queryRows<{ sku: string }>(ctx.database.db, sql`select sku from order_items where order_id = ${order.id}`);
    const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
    for (const expected of [
      store.app_name,
      store.email,
      'Invoice',
      `Order number: ${order.orderNumber}`,
      'Sold by',
      await shopName(shopId),
      shopper.user.name,
      'Shipping Address',
      'Invoice Linen Shirt',
      line!.sku,
      money(24_50),
      money(49_00),
      'Sub Total',
      'Delivery Charge',
      'Tax',
      'Payable Amount',
      money(stored!.payableAmount),
      'Payment Method: Cash on Delivery',
      'Payment Status: Unpaid',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('writes an order placed in Arabic in Arabic, right to left, its letters joined', async () => {
    const shopper = await createCustomer(ctx.app);
    const [productId] = await addProducts(ctx.database.db, [{ name: 'قميص كتان', shopId: await sellerShopId(ctx.app), stock: 10 }]);
    const order = await placeCashOrder(ctx.app, shopper.authorization, { productId, language: 'ar' });
    const [stored] = await ctx.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, order.id));
    expect(stored!.locale).toBe('ar');

    const response = await get(`/orders/${order.id}/invoice`, shopper.authorization);
    expectPdfDownload(response, order.orderNumber);
    const { text, glyphs } = await readPdf(response.rawPayload);
    const words = text.split(/\s+/);
    // The invoice's own words, the order's product and the store's words for the totals (each drawn as it reads).
    // The payment method's title too (the store's Arabic title for cash: الدفع عند الاستلام).
    for (const word of ['فاتورة', 'البائع', 'العميل', 'قميص', 'كتان', 'الضريبة', 'المستحق', 'الدفع', 'عند']) expect(words, word).toContain(word);
    expect(text).not.toContain('Cash on Delivery');
    expect(text).toContain(order.orderNumber);
    expect(text).not.toContain('Payable Amount');
    // Shaped: a letter is drawn with a different glyph at the start, in the middle and at the end of a word.
    const forms = arabicLetterForms(glyphs);
    expect(forms.get('ي')).toBeGreaterThanOrEqual(3);
    expect([...forms.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(10);
  });

  it("answers 404 for another shopper's order and an unknown one, 401 signed out", async () => {
    const owner = await createCustomer(ctx.app);
    const other = await createCustomer(ctx.app);
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: await sellerShopId(ctx.app), userId: owner.user.id }]);
    for (const url of [`/orders/${order!.id}/invoice`, '/orders/999999999/invoice', '/orders/abc/invoice']) {
      const response = await get(url, other.authorization);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Order not found' });
    }
    const signedOut = await get(`/orders/${order!.id}/invoice`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Unauthenticated.' });
    expectPdfDownload(await get(`/orders/${order!.id}/invoice`, owner.authorization), order!.orderNumber);
  });
});

describe('GET /api/guest-orders/{key}/invoice', () => {
  it("gives a guest their order's invoice by the key of its link; another key is not found", async () => {
    const key = 'guest-link-key_0123456789abcdef';
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: await sellerShopId(ctx.app), guestEmail: 'grace.guest@example.test' }]);
    await ctx.database.db.update(orders).set({ guestKeyHash: sha256(key) }).where(eq(orders.id, order!.id));

    const response = await get(`/guest-orders/${key}/invoice`);
    expectPdfDownload(response, order!.orderNumber);
    expect((await readPdf(response.rawPayload)).text).toContain(`Order number: ${order!.orderNumber}`);
    for (const other of ['guest-link-key_0123456789abcdeX', 'short', '%00'.repeat(20)]) {
      const refused = await get(`/guest-orders/${other}/invoice`);
      expect(refused.statusCode, other).toBe(404);
      expect(refused.json()).toEqual({ message: 'Order not found' });
    }
  });
});

describe('GET /api/console/orders/{id}/invoice', () => {
  it("gives the store's staff any order's invoice and a shop's people only their shop's", async () => {
    const own = await addShopWithOwner(ctx.app);
    const other = await addShopWithOwner(ctx.app);
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: own.shop.id }]);
    const url = `/console/orders/${order!.id}/invoice`;

    const staffAnswer = await get(url, manager.authorization);
    expectPdfDownload(staffAnswer, order!.orderNumber);
    expect((await readPdf(staffAnswer.rawPayload)).text).toContain(own.shop.name);
    expectPdfDownload(await get(url, own.owner.authorization), order!.orderNumber);

    const foreign = await get(url, other.owner.authorization);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Order not found' });
    const shopper = await createCustomer(ctx.app);
    expect((await get(url, shopper.authorization)).json()).toEqual({ message: 'This action is unauthorized.' });
  });
});

describe('the delivered mail', () => {
  it('carries the invoice, made when the mail is sent; the queued mail keeps only its reference', async () => {
    const shopper = await createCustomer(ctx.app);
    const order = await placeCashOrder(ctx.app, shopper.authorization);
    await setOrderStatus(ctx.database.db, order.id, 'on_the_way');
    const send = vi.spyOn(ctx.app.mailer, 'send');

    const moved = await ctx.app.inject({ method: 'POST', url: `/api/console/orders/${order.id}/status`, headers: { authorization: manager.authorization }, payload: { status: 'delivered' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const delivered = (mail: OutgoingMail) => mail.to === shopper.user.email && mail.subject.includes(`Order ${order.orderNumber} is now Delivered`);
    await vi.waitFor(() => expect(send.mock.calls.some(([mail]) => delivered(mail))).toBe(true), { timeout: 15_000, interval: 100 });
    const mail = send.mock.calls.map(([sent]) => sent).find(delivered)!;
    expect(mail.attachments?.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([{ filename: `invoice-${order.orderNumber}.pdf`, contentType: 'application/pdf' }]);
    expect((await readPdf(mail.attachments![0]!.content)).text).toContain(`Order number: ${order.orderNumber}`);

    const [queued] = await queryRows<{ data: { attachments: unknown } }>(
      ctx.database.db,
      sql`select data from pgboss.job where name = 'send-mail' and data->>'to' = ${shopper.user.email} and data->>'subject' like ${'%Delivered'}`,
    );
    expect(queued!.data.attachments).toEqual([{ invoiceOfOrder: order.id }]);
  });
});

describe('the outbox', () => {
  it('writes a mail’s attachment as a file its message names', async () => {
    await ctx.app.mailer.send({ to: 'ada@example.test', subject: 'With a file', text: 'See the file.', attachments: [{ filename: 'invoice-OS1.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 test') }] });
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    const [message] = readdirSync(outbox)
      .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { subject: string; attachments?: Array<{ filename: string; contentType: string; file: string }> })
      .filter((written) => written.subject === 'With a file');
    expect(message!.attachments).toEqual([{ filename: 'invoice-OS1.pdf', contentType: 'application/pdf', file: expect.stringContaining('outbox-files') }]);
    expect(readFileSync(message!.attachments![0]!.file, 'utf8')).toBe('%PDF-1.7 test');
  });
});
