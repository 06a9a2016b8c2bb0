import { and, count, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, contactMessages, idempotencyKeys, orders, payments, products, users } from '../db/schema.ts';
import { countryIdOf, createCustomer } from '../test/account-fixtures.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../test/order-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const notAllowed = (field: string) => `The ${field} field contains characters that are not allowed.`;

/** The rows a refused form could have left behind. */
async function rowCounts() {
  const { db } = ctx.database;
  const tables = { users, addresses, contactMessages, orders, payments, idempotencyKeys };
  const entries = await Promise.all(Object.entries(tables).map(async ([name, table]) => [name, (await db.select({ total: count() }).from(table))[0]!.total] as const));
  return Object.fromEntries(entries);
}

/** POST /api/profile as a browser's FormData would send it. */
async function postProfileForm(authorization: string, fields: Record<string, string>, photo?: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://store.test/', { method: 'POST', body: form });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { authorization, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('a NUL or other control character in a query', () => {
  it.each([
    ['the product search', '/api/products?search=lamp%00shade', 'search'],
    ['the product search, as an escape sequence', '/api/products?search=%1B%5B31m', 'search'],
    ['the blog search', '/api/blogs?search=a%00b', 'search'],
    ['the blog category', '/api/blogs?category=%00', 'category'],
  ])('refuses %s with a 422 naming the field', async (_case, url, field) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [notAllowed(field)] });
  });
});

describe('a NUL in a path', () => {
  it.each([
    '/api/pages/%00',
    '/api/pages/about%00us',
    '/api/blogs/%00',
    '/api/categories/%00',
    '/api/lang/%00',
    '/api/products/%00',
    '/page/%00',
    '/blog/a%00b',
    '/categories/%00',
    '/support-ticket/%00',
  ])('%s is not found or refused, never a server error', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect([404, 422], response.body).toContain(response.statusCode);
  });

  it('a ticket number or order id with a NUL names no record of the signed-in shopper', async () => {
    const me = await createCustomer(ctx.app);
    for (const url of ['/api/support-tickets/TCK-%00', '/api/orders/1%00', '/api/addresses/1%00']) {
      const response = await ctx.app.inject({ method: url.startsWith('/api/addresses') ? 'DELETE' : 'GET', url, headers: { authorization: me.authorization } });
      expect([404, 422], `${url}: ${response.body}`).toContain(response.statusCode);
    }
  });
});

describe('a NUL or other control character in a form', () => {
  const registration = { name: 'Ada', country: 'United States', phone_code: '+1', phone: '2025550199', email: 'ada-hostile@example.test', password: 'a-long-password' };
  const address = { name: 'Ada', phone: '2025550123', area: 'Riverside', address_line: '12 Market Street', city: 'New York' };
  const contact = { name: 'Ada', email: 'ada@example.test', subject: 'A question', message: 'When will my order arrive?' };

  it.each([
    ['login', '/api/login', { phone: 'customer@example.com\u0000', password: 'demo-password' }, 'phone'],
    ['login password', '/api/login', { phone: 'customer@example.com', password: 'demo-\u0000password' }, 'password'],
    ['registration', '/api/registration', { ...registration, name: 'Ada\u0000Lovelace' }, 'name'],
    ['registration e-mail', '/api/registration', { ...registration, email: 'ada\u0000@example.test' }, 'email'],
    ['contact subject', '/api/contact', { ...contact, subject: 'Order\u0000' }, 'subject'],
    ['contact message', '/api/contact', { ...contact, message: 'When will my order\u0000 arrive?' }, 'message'],
    ['contact message with a bell', '/api/contact', { ...contact, message: 'When will my order\u0007 arrive?' }, 'message'],
    ['contact name with a C1 control', '/api/contact', { ...contact, name: 'Ada\u009bLovelace' }, 'name'],
  ])('refuses the %s with a 422 naming the field, and writes nothing', async (_case, url, payload, field) => {
    const before = await rowCounts();
    const response = await ctx.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [notAllowed(field)] });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an address, new or edited, with a NUL or a line break in a one-line field', async () => {
    const me = await createCustomer(ctx.app);
    const headers = { authorization: me.authorization };
    const payload = { ...address, country_id: await countryIdOf(ctx.database.db) };
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers, payload });
    expect(saved.statusCode, saved.body).toBe(201);
    const before = await rowCounts();
    const created = await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: { ...payload, area: 'River\u0000side' } });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ area: [notAllowed('area')] });
    const edited = await ctx.app.inject({ method: 'PUT', url: `/api/addresses/${saved.json().data.address.id}`, headers, payload: { ...payload, city: 'New\nYork' } });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors).toEqual({ city: [notAllowed('city')] });
    expect(await rowCounts()).toEqual(before);
    const [kept] = await ctx.database.db.select().from(addresses).where(eq(addresses.userId, me.user.id));
    expect(kept).toMatchObject({ area: 'Riverside', city: 'New York' });
  });

  it('refuses a profile, as JSON or as a multipart form, and keeps the saved one', async () => {
    const me = await createCustomer(ctx.app);
    const headers = { authorization: me.authorization };
    const profile = { name: 'Ada Lovelace', email: me.user.email!, phone_code: '+1', phone: me.user.phone! };
    const json = await ctx.app.inject({ method: 'POST', url: '/api/profile', headers, payload: { ...profile, name: 'Ada\u0000' } });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ name: [notAllowed('name')] });

    const multipart = await postProfileForm(me.authorization, { ...profile, phone: '2025550\u0000123' });
    expect(multipart.statusCode).toBe(422);
    expect(multipart.json().errors).toEqual({ phone: [notAllowed('phone')] });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(user).toMatchObject({ name: me.user.name, phone: me.user.phone });
  });

  it('refuses a coupon code at checkout, and a payment method or note when placing an order, writing nothing', async () => {
    const [product] = await ctx.database.db
      .select({ id: products.id, shopId: products.shopId })
      .from(products)
      .where(and(eq(products.status, 'active'), gt(products.stock, 0)))
      .limit(1);
    const [shopper] = await addShoppers(ctx.database.db, 1);
    await fillCarts(ctx.database.db, [shopper!], [{ productId: product!.id, quantity: 1 }]);
    const shopIds = [product!.shopId];
    const before = await rowCounts();

    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { authorization: shopper!.authorization },
      payload: { shop_ids: shopIds, coupon_code: 'SAVE\u000010' },
    });
    expect(checkout.statusCode, checkout.body).toBe(422);
    expect(checkout.json().errors).toEqual({ coupon_code: [notAllowed('coupon code')] });

    const order = { shop_ids: shopIds, address_id: shopper!.addressId, payment_method: 'cash' };
    const method = await placeOrderCall(ctx.app, shopper!.authorization, { ...order, payment_method: 'cash\u0000' });
    expect(method.statusCode).toBe(422);
    expect(method.json().errors).toEqual({ payment_method: [notAllowed('payment method')] });
    const note = await placeOrderCall(ctx.app, shopper!.authorization, { ...order, note: 'Ring twice\u0000' });
    expect(note.statusCode).toBe(422);
    expect(note.json().errors).toEqual({ note: [notAllowed('note')] });
    expect(await rowCounts()).toEqual(before);

    // Line breaks and tabs are welcome in the note, which is free text over several lines.
    const placed = await placeOrderCall(ctx.app, shopper!.authorization, { ...order, note: 'Ring twice\r\n\tthen knock' });
    expect(placed.statusCode, placed.body).toBe(200);
    const [saved] = await ctx.database.db.select({ note: orders.note }).from(orders).where(eq(orders.userId, shopper!.userId));
    expect(saved!.note).toBe('Ring twice\n\tthen knock');
  });
});

describe('a huge picture', () => {
  it('refuses a profile photo over 25 megapixels, naming the field', async () => {
    const me = await createCustomer(ctx.app);
    const png = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .png()
      .toBuffer();
    const response = await postProfileForm(me.authorization, { name: 'Ada Lovelace', email: me.user.email!, phone_code: '+1', phone: me.user.phone! }, png);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ profile_photo: ['The profile photo must not be larger than 25 megapixels.'] });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(user).toMatchObject({ name: me.user.name, profilePhoto: null });
  });
});
