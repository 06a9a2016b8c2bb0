import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartSchema, type Cart } from '../../../shared/cart.contract.ts';
import { orderDetailSchema, placedOrdersSchema } from '../../../shared/orders.contract.ts';
import { cartItems, guestCarts, orders, settings, voucherRedemptions } from '../../db/schema.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { countryIdOf, createCustomer, CUSTOMER_PASSWORD } from '../../test/account-fixtures.ts';
import { addProducts, setVariantStock, variantsOf } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher, shopperCalls } from '../../test/commerce-fixtures.ts';
import { quickJobTiming } from '../../test/job-timing.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { newCustomer, postLogin } from '../../test/auth-fixtures.ts';
import { stockOf } from '../../test/order-fixtures.ts';
import { mailsTo as mailsToOf } from '../../test/outbox-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobs: quickJobTiming() });
});
afterAll(() => ctx.close());

async function setGuestCheckout(on: boolean) {
  await ctx.database.db.update(settings).set({ value: on }).where(eq(settings.key, 'guest_checkout'));
  ctx.app.caches.invalidate([cacheTags.settings]);
}

/** A visitor's browser: keeps the cookies the store sets, sends them back, never a bearer token. */
function visitor() {
  const jar = new Map<string, string>();
  const call = async (method: 'GET' | 'POST', url: string, payload?: InjectOptions['payload'], headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await ctx.app.inject({ method, url: `/api${url}`, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    for (const set of response.cookies) {
      if (set.value === '' || (set.expires && set.expires.getTime() < Date.now())) jar.delete(set.name);
      else jar.set(set.name, set.value);
    }
    return response;
  };
  return {
    jar,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: InjectOptions['payload'], headers?: Record<string, string>) => call('POST', url, payload, headers),
  };
}

function cartOf(response: { statusCode: number; body: string; json(): { data: unknown } }): Cart {
  expect(response.statusCode, response.body).toBe(200);
  return cartSchema.parse(response.json().data);
}

const quantities = (cart: Cart) => Object.fromEntries(cart.cart_items.flatMap((group) => group.products).map((line) => [line.id, line.quantity]));

async function product(values: { price?: number; stock?: number } = {}) {
  const shop = await addShop(ctx.database.db, { deliveryCharge: 2_00 });
  const [id] = await addProducts(ctx.database.db, [{ name: `Guest Lamp ${randomUUID().slice(0, 6)}`, shopId: shop.id, price: 10_00, stock: 10, ...values }]);
  return { id: id!, shop };
}

const guestDetails = (email = `guest-${randomUUID().slice(0, 8)}@example.test`) => ({
  email,
  phone: '3035550101',
  name: 'Grace Guest',
  address_line: '12 Elm Street',
  city: 'Springfield',
  state: 'Illinois',
  post_code: '12345',
  country_id: unitedStates,
});
let unitedStates: number;
beforeAll(async () => {
  unitedStates = await countryIdOf(ctx.database.db, 'US');
});

const mailsTo = (address: string) => mailsToOf(ctx.config.dataDir, address);

describe('with guest checkout off (the default)', () => {
  beforeEach(() => setGuestCheckout(false));

  it('refuses a visitor’s cart calls with 401 and sets no cookie', async () => {
    const { id } = await product();
    const guest = visitor();
    const added = await guest.post('/cart/store', { product_id: id, quantity: 1 });
    expect(added.statusCode).toBe(401);
    expect(added.json()).toEqual({ message: 'Unauthenticated.' });
    expect(added.cookies).toEqual([]);
    expect((await guest.get('/carts')).statusCode).toBe(401);
    expect((await guest.post('/cart/checkout', { shop_ids: [1] })).statusCode).toBe(401);
    expect((await guest.post('/place-order', { shop_ids: [1], payment_method: 'cash', ...guestDetails() }, { 'idempotency-key': randomUUID() })).statusCode).toBe(401);
  });

  it('says so in /master', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.guest_checkout).toBe(false);
  });
});

describe('with guest checkout on', () => {
  beforeEach(() => setGuestCheckout(true));
  afterAll(() => setGuestCheckout(false));

  it('says so in /master', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.guest_checkout).toBe(true);
  });

  it('keeps a visitor’s cart behind an httpOnly cookie whose value is stored only hashed', async () => {
    const { id } = await product();
    const guest = visitor();
    expect(cartOf(await guest.get('/carts'))).toEqual({ total: 0, cart_items: [], unavailable_items: [] });
    expect(guest.jar.size).toBe(0);

    const added = await guest.post('/cart/store', { product_id: id, quantity: 2 });
    expect(cartOf(added).total).toBe(1);
    const [cookie] = added.cookies;
    expect(cookie).toMatchObject({ name: 'guest_cart', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie!.secure).toBeFalsy();
    const stored = await ctx.database.db.select().from(guestCarts);
    expect(stored.some((row) => row.tokenHash === cookie!.value)).toBe(false);

    await guest.post('/cart/store', { product_id: id, quantity: 1 });
    expect(quantities(cartOf(await guest.post('/cart/increment', { product_id: id })))).toEqual({ [id]: 4 });
    expect(quantities(cartOf(await guest.post('/cart/decrement', { product_id: id })))).toEqual({ [id]: 3 });
    expect(quantities(cartOf(await guest.get('/carts')))).toEqual({ [id]: 3 });
  });

  it('never shows one visitor’s cart to another, nor to a forged cookie', async () => {
    const { id } = await product();
    const first = visitor();
    await first.post('/cart/store', { product_id: id, quantity: 1 });
    const second = visitor();
    expect(cartOf(await second.get('/carts')).total).toBe(0);
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/carts', headers: { cookie: 'guest_cart=not-a-real-cart' } });
    expect(cartOf(forged).total).toBe(0);
    expect((await second.post('/cart/delete', { product_id: id })).statusCode).toBe(404);
    expect(quantities(cartOf(await first.get('/carts')))).toEqual({ [id]: 1 });
  });

  it('holds a visitor’s cart to the stock like a customer’s', async () => {
    const { id } = await product({ stock: 2 });
    const guest = visitor();
    const refused = await guest.post('/cart/store', { product_id: id, quantity: 3 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ quantity: ['Only 2 left in stock'] });
  });

  it('still refuses a bad bearer token instead of treating it as a visitor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/carts', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
  });

  it('checks out and places the order with e-mail, phone and address; mails a link to the order page', async () => {
    const { id, shop } = await product({ stock: 5 });
    const guest = visitor();
    await guest.post('/cart/store', { product_id: id, quantity: 2 });
    const summary = await guest.post('/cart/checkout', { shop_ids: [shop.id] });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data.checkout).toEqual({ total_amount: 20, delivery_charge: 2, coupon_discount: 0, payable_amount: 22, order_tax_amount: 0, taxable_amount: 20, tax_rate: 0, free_delivery_threshold: null });

    const details = guestDetails();
    const key = randomUUID();
    const body = { shop_ids: [shop.id], payment_method: 'cash', ...details };
    const placed = await guest.post('/place-order', body, { 'idempotency-key': key });
    expect(placed.statusCode, placed.body).toBe(200);
    const answer = placedOrdersSchema.parse(placed.json().data);
    expect(answer.order_payment_url).toBeNull();
    const [order] = answer.orders;
    expect(order!.guest_order_url).toMatch(/^\/orders\/guest\/[\w-]{43}$/);
    expect((await stockOf(ctx.database.db, id)).stock).toBe(3);
    expect(cartOf(await guest.get('/carts')).total).toBe(0);

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(row).toMatchObject({ userId: null, guestEmail: details.email, payableAmount: 22_00 });
    expect(row!.address).toMatchObject({
      name: 'Grace Guest',
      phone: '3035550101',
      address_line: '12 Elm Street',
      city: 'Springfield',
      state: 'Illinois',
      post_code: '12345',
      country: 'United States',
      country_code: 'US',
    });

    // The same attempt again is answered from the key, and places nothing new.
    const again = await guest.post('/place-order', body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orders.map((entry: { id: number }) => entry.id)).toEqual([order!.id]);
    expect((await stockOf(ctx.database.db, id)).stock).toBe(3);

    await vi.waitFor(() => expect(mailsTo(details.email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [mail] = mailsTo(details.email);
    expect(mail!.subject).toBe(`Your order #${order!.order_number} at Open Store`);
    expect(mail!.text).toContain(`View your order: ${ctx.config.publicUrl}${order!.guest_order_url}`);
    expect(mail!.text).toContain('Delivery to: Grace Guest, 12 Elm Street, Springfield Illinois 12345, United States');

    const page = await ctx.app.inject({ method: 'GET', url: `/api/guest-orders/${order!.guest_order_url!.split('/').pop()}` });
    expect(page.statusCode, page.body).toBe(200);
    const shown = orderDetailSchema.parse(page.json().data.order);
    expect(shown).toMatchObject({ id: order!.id, order_number: order!.order_number, status: 'pending', payable_amount: 22 });
    expect(shown.items.map((item) => [item.product_id, item.quantity, item.can_review])).toEqual([[id, 2, false]]);
  });

  it('answers 404 for a wrong or malformed order key', async () => {
    for (const key of ['x'.repeat(43), 'short', '%00'.repeat(20)]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/guest-orders/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Order not found' });
    }
  });

  it('refuses missing contact and address fields under each field', async () => {
    const { id, shop } = await product();
    const guest = visitor();
    await guest.post('/cart/store', { product_id: id, quantity: 1 });
    const refused = await guest.post('/place-order', { shop_ids: [shop.id], payment_method: 'cash', email: 'not-an-email' }, { 'idempotency-key': randomUUID() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      email: ['The email must be a valid email address.'],
      name: ['The name field is required.'],
      address_line: ['The street address field is required.'],
      city: ['The city field is required.'],
      post_code: ['The postal code field is required.'],
      country_id: ['The country field is required.'],
    });
  });

  it('takes the country from the store’s list only, and places nothing for another', async () => {
    const { id, shop } = await product();
    const guest = visitor();
    await guest.post('/cart/store', { product_id: id, quantity: 1 });
    for (const country_id of [99_999_999, 'United States']) {
      const refused = await guest.post('/place-order', { shop_ids: [shop.id], payment_method: 'cash', ...guestDetails(), country_id }, { 'idempotency-key': randomUUID() });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({ country_id: ['The selected country is invalid.'] });
    }
    expect(cartOf(await guest.get('/carts')).total).toBeGreaterThan(0);
  });

  it('refuses an order beyond the stock and places nothing', async () => {
    const { id, shop } = await product({ stock: 3 });
    const guest = visitor();
    await guest.post('/cart/store', { product_id: id, quantity: 3 });
    const [variant] = await variantsOf(ctx.database.db, id);
    await setVariantStock(ctx.database.db, variant!.id, 1);
    const refused = await guest.post('/place-order', { shop_ids: [shop.id], payment_method: 'cash', ...guestDetails() }, { 'idempotency-key': randomUUID() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Only 1 left of Guest Lamp/);
    expect((await stockOf(ctx.database.db, id)).stock).toBe(1);
  });

  it('asks a guest at any account’s e-mail to sign in, never telling that the account is blocked, and places nothing', async () => {
    const { id, shop } = await product();
    const { user: blocked } = await createCustomer(ctx.app, { blockedAt: new Date(), blockedReason: 'Chargebacks' });
    const { user: active } = await createCustomer(ctx.app);
    const guest = visitor();
    await guest.post('/cart/store', { product_id: id, quantity: 1 });
    const placeAs = (email: string, language = 'en') =>
      guest.post('/place-order', { shop_ids: [shop.id], payment_method: 'cash', ...guestDetails(email.toUpperCase()) }, { 'idempotency-key': randomUUID(), 'accept-language': language });
    const signIn = 'This e-mail belongs to an account. Please sign in to order with it.';
    for (const email of [blocked.email!, active.email!]) {
      const refused = await placeAs(email);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: signIn, errors: { email: [signIn] } });
    }
    const inArabic = await placeAs(blocked.email!, 'ar');
    expect(inArabic.json().errors).toEqual({ email: ['هذا البريد الإلكتروني مرتبط بحساب. يرجى تسجيل الدخول لتطلب به.'] });
    expect(await ctx.database.db.select().from(orders).where(eq(orders.shopId, shop.id))).toEqual([]);
  });

  it('refuses a visitor with nothing in the cart', async () => {
    const refused = await visitor().post('/place-order', { shop_ids: [1], payment_method: 'cash', ...guestDetails() }, { 'idempotency-key': randomUUID() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ shop_ids: ['Your cart has no products from the selected shops.'] });
  });

  it('counts a voucher’s per-shopper limit by the guest’s e-mail', async () => {
    const { id, shop } = await product({ stock: 10 });
    const voucher = await addVoucher(ctx.database.db, shop.id, new Date(), { limitForUser: 1 });
    const email = `Voucher-${randomUUID().slice(0, 8)}@Example.test`;
    const first = visitor();
    await first.post('/cart/store', { product_id: id, quantity: 1 });
    const summary = await first.post('/cart/checkout', { shop_ids: [shop.id], coupon_codes: { [shop.id]: voucher.code }, email });
    expect(summary.json().data.checkout.coupon_discount).toBe(1);
    const placed = await first.post('/place-order', { shop_ids: [shop.id], payment_method: 'cash', coupon_codes: { [shop.id]: voucher.code }, ...guestDetails(email) }, { 'idempotency-key': randomUUID() });
    expect(placed.statusCode, placed.body).toBe(200);
    const redemptions = await ctx.database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(redemptions).toEqual([expect.objectContaining({ userId: null, guestEmail: email.toLowerCase() })]);

    const second = visitor();
    await second.post('/cart/store', { product_id: id, quantity: 1 });
    const refused = await second.post('/cart/checkout', { shop_ids: [shop.id], coupon_codes: { [shop.id]: voucher.code }, email: email.toUpperCase() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('You have already used this voucher the maximum number of times');
    const other = await second.post('/place-order', { shop_ids: [shop.id], payment_method: 'cash', coupon_codes: { [shop.id]: voucher.code }, ...guestDetails() }, { 'idempotency-key': randomUUID() });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('counts a voucher’s per-shopper limit across spellings of one e-mail: +tags, letter case, Gmail’s dots', async () => {
    const { id, shop } = await product({ stock: 20 });
    const voucher = await addVoucher(ctx.database.db, shop.id, new Date(), { limitForUser: 1 });
    const coupon = { coupon_codes: { [shop.id]: voucher.code } };
    const alreadyUsed = 'You have already used this voucher the maximum number of times';
    const tag = randomUUID().slice(0, 8);
    const checkoutAs = async (email: string) => {
      const guest = visitor();
      await guest.post('/cart/store', { product_id: id, quantity: 1 });
      return { guest, summary: await guest.post('/cart/checkout', { shop_ids: [shop.id], ...coupon, email }) };
    };
    for (const [used, others] of [
      [`deal-${tag}@example.test`, [`Deal-${tag}+again@Example.test`, `deal-${tag}+x+y@example.test`]],
      [`j.doe.${tag}@gmail.com`, [`JDoe${tag}+2@gmail.com`, `j.d.o.e.${tag}@googlemail.com`]],
    ] as const) {
      const { guest } = await checkoutAs(used);
      const placed = await guest.post('/place-order', { shop_ids: [shop.id], payment_method: 'cash', ...coupon, ...guestDetails(used) }, { 'idempotency-key': randomUUID() });
      expect(placed.statusCode, placed.body).toBe(200);
      for (const other of others) {
        const { summary } = await checkoutAs(other);
        expect(summary.statusCode, other).toBe(422);
        expect(summary.json().message).toBe(alreadyUsed);
      }
    }
    // A signed-in account's e-mail under a +tag is the same shopper as the guest who used it.
    const { authorization } = await createCustomer(ctx.app, { email: `deal-${tag}+account@example.test` });
    const account = shopperCalls(ctx.app, authorization);
    await account.post('/cart/store', { product_id: id, quantity: 1 });
    const refused = await account.post('/cart/checkout', { shop_ids: [shop.id], ...coupon });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(alreadyUsed);
    const { summary: stranger } = await checkoutAs(`someone-${tag}@example.test`);
    expect(stranger.json().data.checkout.coupon_discount).toBe(1);
  });

  it('moves the guest cart into the account at login, adding up within stock, and clears the cookie', async () => {
    const { id: lamp } = await product({ stock: 4 });
    const { id: mug } = await product({ stock: 9 });
    const { user, authorization } = await createCustomer(ctx.app);
    await shopperCalls(ctx.app, authorization).post('/cart/store', { product_id: lamp, quantity: 3 });

    const guest = visitor();
    await guest.post('/cart/store', { product_id: lamp, quantity: 2 });
    await guest.post('/cart/store', { product_id: mug, quantity: 1 });
    const [guestCart] = await ctx.database.db.select({ id: cartItems.guestCartId }).from(cartItems).where(eq(cartItems.productId, mug));
    const login = await guest.post('/login', { phone: user.email, password: CUSTOMER_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.cookies).toEqual([expect.objectContaining({ name: 'guest_cart', value: '' })]);
    expect(guest.jar.size).toBe(0);

    const merged = cartOf(await shopperCalls(ctx.app, `Bearer ${login.json().data.access.token}`).get('/carts'));
    expect(quantities(merged)).toEqual({ [lamp]: 4, [mug]: 1 });
    expect(await ctx.database.db.select().from(guestCarts).where(eq(guestCarts.id, guestCart!.id!))).toEqual([]);
  });

  it('moves the guest cart into a new account at registration', async () => {
    const { id } = await product();
    const guest = visitor();
    await guest.post('/cart/store', { product_id: id, quantity: 2 });
    const registered = await guest.post('/registration', newCustomer());
    expect(registered.statusCode, registered.body).toBe(200);
    const cart = cartOf(await shopperCalls(ctx.app, `Bearer ${registered.json().data.access.token}`).get('/carts'));
    expect(quantities(cart)).toEqual({ [id]: 2 });
    expect(cartOf(await guest.get('/carts')).total).toBe(0);
  });

  it('leaves an account’s cart alone at a login without a guest cart', async () => {
    const { user } = await createCustomer(ctx.app);
    const login = await postLogin(ctx.app, user.email!, CUSTOMER_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.cookies).toEqual([]);
  });
});
