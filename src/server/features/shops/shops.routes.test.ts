import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, consoleMembers, products, settings, shops, users } from '../../db/schema.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { createCustomer, CUSTOMER_PASSWORD } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let reviewer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  reviewer = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
});
afterAll(() => ctx.close());

const picture = () => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 60 } } }).png().toBuffer();

async function application(fields: Record<string, string>, withImages = true) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (withImages) {
    const image = new Uint8Array(await picture());
    form.append('logo', new Blob([image], { type: 'image/png' }), 'logo.png');
    form.append('banner', new Blob([image], { type: 'image/png' }), 'banner.png');
  }
  const request = new Request('http://store.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const shopFields = (overrides: Record<string, string> = {}) => ({
  shop_name: 'Green Corner',
  description: 'Plants and pots.',
  address: '12 Garden Row',
  shop_phone: '5550123456',
  shop_email: 'hello@green-corner.test',
  accept_terms: 'true',
  ...overrides,
});
const accountFields = () => ({ name: 'Gina Green', email: `gina-${randomUUID().slice(0, 8)}@example.test`, password: 'seller-password' });

async function apply(fields: Record<string, string>, { authorization, withImages = true, language }: { authorization?: string; withImages?: boolean; language?: string } = {}) {
  const { payload, contentType } = await application(fields, withImages);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/shop-registrations',
    headers: { 'content-type': contentType, ...(authorization && { authorization }), ...(language && { 'accept-language': language }) },
    payload,
  });
}

async function setSetting(key: string, value: boolean) {
  await ctx.database.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  ctx.app.caches.invalidate([cacheTags.settings]);
}

const review = (shopId: number, action: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/console/shops/${shopId}/${action}`, headers: { authorization: reviewer }, payload });

const spyMail = () => vi.spyOn(ctx.app.mailer, 'send');
const mailsTo = (spy: ReturnType<typeof spyMail>, to: string) => spy.mock.calls.map(([mail]) => mail).filter((mail) => mail.to === to);

describe('POST /api/shop-registrations', () => {
  it("tells a visitor every missing field, in the registration's words", async () => {
    const response = await apply({}, { withImages: false });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      shop_name: ['The shop name field is required.'],
      address: ['The address field is required.'],
      shop_phone: ['The shop phone field is required.'],
      shop_email: ['The shop email field is required.'],
      accept_terms: ['The seller terms must be accepted.'],
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
      logo: ['The logo field is required.'],
      banner: ['The banner field is required.'],
    });
  });

  it('refuses unaccepted terms, a bad e-mail and a short password, translated', async () => {
    const response = await apply({ ...shopFields({ accept_terms: 'false', shop_email: 'nope' }), ...accountFields(), password: 'short' });
    expect(response.json().errors).toMatchObject({
      accept_terms: ['The seller terms must be accepted.'],
      shop_email: ['The shop email must be a valid email address.'],
      password: ['The password must be at least 8 characters.'],
    });
    const arabic = await apply({ ...shopFields({ accept_terms: 'false' }), ...accountFields() }, { language: 'ar' });
    expect(arabic.json().errors.accept_terms[0]).not.toBe('The seller terms must be accepted.');
  });

  it('makes a pending shop, its owner and a signed-in account for a visitor, and mails the applicant', async () => {
    const mail = spyMail();
    const account = accountFields();
    const response = await apply({ ...shopFields(), ...account });
    expect(response.statusCode).toBe(201);
    const { shop, session } = response.json().data;
    expect(shop).toMatchObject({ name: 'Green Corner', status: 'pending', status_reason: null, phone: '5550123456', email: 'hello@green-corner.test' });
    expect(shop.logo).toMatch(/^\/media\/uploads\/shops\/[0-9a-f]+\.webp$/);
    expect(session.user.email).toBe(account.email);
    const [member] = await ctx.database.db.select().from(consoleMembers).where(eq(consoleMembers.shopId, shop.id));
    expect(member).toMatchObject({ role: 'shop_owner', userId: session.user.id });
    await vi.waitFor(() => expect(mailsTo(mail, account.email)).toEqual([expect.objectContaining({ subject: expect.stringContaining('waiting for approval') })]), { timeout: 10_000 });
    const current = await ctx.app.inject({ method: 'GET', url: '/api/shop-registrations/current', headers: { authorization: `Bearer ${session.access.token}` } });
    expect(current.json().data).toMatchObject({ shop: { id: shop.id, status: 'pending' }, console: false });
  });

  it("makes a signed-in shopper the shop's owner and refuses a second shop", async () => {
    const shopper = await createCustomer(ctx.app);
    const response = await apply(shopFields(), { authorization: shopper.authorization });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.session).toBeNull();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(user).toMatchObject({ role: 'seller', shopId: response.json().data.shop.id });
    const again = await apply(shopFields(), { authorization: shopper.authorization });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Your account already works in the console.');
  });

  it('refuses a taken e-mail', async () => {
    const shopper = await createCustomer(ctx.app);
    const response = await apply({ ...shopFields(), ...accountFields(), email: shopper.user.email! });
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('is closed with the seller_registration setting off, and in a single-vendor store', async () => {
    try {
      await setSetting('seller_registration', false);
      const closed = await apply({ ...shopFields(), ...accountFields() });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().message).toBe('Seller registration is closed.');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.seller_registration).toBe(false);
      await setSetting('seller_registration', true);
      await setSetting('multi_vendor', false);
      const single = await apply({ ...shopFields(), ...accountFields() });
      expect(single.statusCode).toBe(403);
      expect(single.json().message).toBe('This store does not take sellers.');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.seller_registration).toBe(false);
    } finally {
      await setSetting('seller_registration', true);
      await setSetting('multi_vendor', true);
    }
  });
});

describe('the store reviewing a shop', () => {
  const productVisible = async (productId: number) => {
    const details = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    const listing = (await ctx.app.inject({ method: 'GET', url: `/api/products?search=Fernleaf&per_page=50` })).json().data.products as Array<{ id: number }>;
    const shopsList = (await ctx.app.inject({ method: 'GET', url: '/api/shops' })).json().data.shops as Array<{ id: number }>;
    return { details: details.statusCode, listed: listing.some((card) => card.id === productId), shops: shopsList.map((shop) => shop.id) };
  };

  it('keeps a pending shop and its products out of the storefront until approved, then suspends and reinstates it', async () => {
    const mail = spyMail();
    const { shop, owner } = await addShopWithOwner(ctx.app);
    await ctx.database.db.update(shops).set({ status: 'pending' }).where(eq(shops.id, shop.id));
    const [productId] = await addProducts(ctx.database.db, [{ name: `Fernleaf planter ${randomUUID().slice(0, 6)}`, shopId: shop.id, status: 'withheld' }]);

    let seen = await productVisible(productId!);
    expect(seen).toMatchObject({ details: 404, listed: false });
    expect(seen.shops).not.toContain(shop.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}` })).statusCode).toBe(404);
    const queue = (await ctx.app.inject({ method: 'GET', url: '/api/console/shop-applications?status=pending&limit=100', headers: { authorization: reviewer } })).json().data;
    expect(queue.shops.map((entry: { id: number }) => entry.id)).toContain(shop.id);

    const approved = await review(shop.id, 'approve');
    expect(approved.json()).toMatchObject({ message: 'Shop approved', data: { shop: { id: shop.id, status: 'approved', owner: { id: owner.user.id } } } });
    seen = await productVisible(productId!);
    expect(seen).toMatchObject({ details: 200, listed: true });
    expect(seen.shops).toContain(shop.id);

    expect((await review(shop.id, 'suspend', {})).json().errors).toEqual({ reason: ['The reason field is required.'] });
    const suspended = await review(shop.id, 'suspend', { reason: 'Orders are not being shipped.' });
    expect(suspended.json().data.shop).toMatchObject({ status: 'suspended', status_reason: 'Orders are not being shipped.' });
    expect(await productVisible(productId!)).toMatchObject({ details: 404, listed: false });
    const [row] = await ctx.database.db.select({ status: products.status }).from(products).where(eq(products.id, productId!));
    expect(row!.status).toBe('withheld');

    expect((await review(shop.id, 'reinstate')).json().data.shop.status).toBe('approved');
    expect(await productVisible(productId!)).toMatchObject({ details: 200, listed: true });

    const audit = await ctx.database.db.select({ action: auditLog.action, changes: auditLog.changes }).from(auditLog).where(and(eq(auditLog.entityType, 'shop'), eq(auditLog.entityId, String(shop.id))))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['shop.approve', 'shop.suspend', 'shop.reinstate']);
    expect(audit[1]!.changes).toMatchObject({ status: { before: 'approved', after: 'suspended' }, status_reason: { after: 'Orders are not being shipped.' } });
    await vi.waitFor(() => expect(mailsTo(mail, owner.user.email!).map((sent) => sent.subject)).toEqual([expect.stringContaining('approved'), expect.stringContaining('suspended'), expect.stringContaining('open again')]), { timeout: 10_000 });
    expect(mailsTo(mail, owner.user.email!)[1]!.text).toContain('Orders are not being shipped.');
  });

  it("writes the owner's mail in the store's language", async () => {
    const mail = spyMail();
    const { shop, owner } = await addShopWithOwner(ctx.app);
    await ctx.database.db.update(settings).set({ value: 'ar' }).where(eq(settings.key, 'app_locale'));
    try {
      expect((await review(shop.id, 'suspend', { reason: 'لا تُشحن الطلبات.' })).statusCode).toBe(200);
      await vi.waitFor(() => expect(mailsTo(mail, owner.user.email!)).toHaveLength(1), { timeout: 10_000 });
      const [suspended] = mailsTo(mail, owner.user.email!);
      expect(suspended!.subject).toBe('[Open Store] تم تعليق متجرك');
      expect(suspended!.text).toContain(`تم تعليق متجرك «${shop.name}» في Open Store: أُخفي هو ومنتجاته عن المتسوقين. السبب:\n\nلا تُشحن الطلبات.`);
    } finally {
      await ctx.database.db.update(settings).set({ value: 'en' }).where(eq(settings.key, 'app_locale'));
    }
  });

  it("writes the owner's mail in their own language: the one they signed in with, then the one they chose for the console", async () => {
    const mail = spyMail();
    const { shop, owner } = await addShopWithOwner(ctx.app);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'accept-language': 'ir' }, payload: { phone: owner.user.email, password: CUSTOMER_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect((await review(shop.id, 'suspend', { reason: 'Orders are not being shipped.' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(mail, owner.user.email!)).toHaveLength(1), { timeout: 10_000 });
    expect(mailsTo(mail, owner.user.email!)[0]!.subject).toBe('[Open Store] فروشگاه شما تعلیق شده است');

    const choose = (locale: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/api/console/me/language', headers: { authorization: owner.authorization }, payload: { locale } });
    expect((await choose('fr')).json()).toEqual({ message: 'The selected locale is invalid.', errors: { locale: ['The selected locale is invalid.'] } });
    expect((await choose(undefined)).json().errors).toEqual({ locale: ['The locale field is required.'] });
    const saved = await choose('ar');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Language saved', data: {} });
    expect((await review(shop.id, 'reinstate')).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(mail, owner.user.email!)).toHaveLength(2), { timeout: 10_000 });
    expect(mailsTo(mail, owner.user.email!)[1]!.subject).toBe('[Open Store] أُعيد فتح متجرك');

    // A shopper, who has no console, cannot keep a console language.
    const shopper = await createCustomer(ctx.app);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/console/me/language', headers: { authorization: shopper.authorization }, payload: { locale: 'ar' } })).statusCode).toBe(403);
  });

  it('rejects with a reason mailed to the owner, refuses steps that are not allowed, and takes the edited shop back to pending', async () => {
    const mail = spyMail();
    const { shop, owner } = await addShopWithOwner(ctx.app);
    await ctx.database.db.update(shops).set({ status: 'pending' }).where(eq(shops.id, shop.id));
    expect((await review(shop.id, 'reject', { reason: '' })).json().errors).toEqual({ reason: ['The reason field is required.'] });
    const rejected = await review(shop.id, 'reject', { reason: 'The logo belongs to another brand.' });
    expect(rejected.json().data.shop).toMatchObject({ status: 'rejected', status_reason: 'The logo belongs to another brand.' });
    await vi.waitFor(() => expect(mailsTo(mail, owner.user.email!)).toEqual([expect.objectContaining({ text: expect.stringContaining('The logo belongs to another brand.') })]), { timeout: 10_000 });

    for (const action of ['approve', 'suspend', 'reinstate']) {
      const refused = await review(shop.id, action, { reason: 'x' });
      expect(refused.statusCode, action).toBe(422);
    }
    expect((await review(shop.id, 'approve')).json().message).toBe('Only a shop waiting for approval can be approved.');
    expect((await review(999_999, 'approve')).statusCode).toBe(404);

    const edited = await ctx.app.inject({ method: 'PATCH', url: '/api/console/shop', headers: { authorization: owner.authorization }, payload: { shop_name: 'Our Own Logo Shop' } });
    expect(edited.json().data.shop).toMatchObject({ name: 'Our Own Logo Shop', status: 'pending', status_reason: null });
    const [entry] = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.action, 'shop.reapply'), eq(auditLog.entityId, String(shop.id))));
    expect(entry).toBeDefined();
  });

  it('answers 422 for a bad status filter and pages the queue with a cursor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/console/shop-applications?status=open', headers: { authorization: reviewer } })).json().errors).toEqual({ status: ['The selected status is invalid.'] });
    for (let index = 0; index < 3; index += 1) await addShop(ctx.database.db, { status: 'suspended' });
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/console/shop-applications?status=suspended&limit=2', headers: { authorization: reviewer } })).json().data;
    expect(first.shops).toHaveLength(2);
    const second = (await ctx.app.inject({ method: 'GET', url: `/api/console/shop-applications?status=suspended&limit=2&cursor=${first.next_cursor}`, headers: { authorization: reviewer } })).json().data;
    expect(second.shops[0].id).not.toBe(first.shops[1].id);
    expect(second.shops.every((entry: { status: string }) => entry.status === 'suspended')).toBe(true);
  });
});

describe('a seller editing their shop', () => {
  it('changes their own shop, the delivery charge in minor units, audited; another shop is not found', async () => {
    const { shop, owner } = await addShopWithOwner(ctx.app);
    const other = await addShopWithOwner(ctx.app);
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/console/shop', headers: { authorization: owner.authorization }, payload: { delivery_charge: 2.5, address: '1 New Street' } });
    expect(response.json().data.shop).toMatchObject({ id: shop.id, delivery_charge: 2.5, address: '1 New Street', status: 'approved' });
    const [row] = await ctx.database.db.select({ deliveryCharge: shops.deliveryCharge }).from(shops).where(eq(shops.id, shop.id));
    expect(row!.deliveryCharge).toBe(250);
    const [entry] = await ctx.database.db.select({ changes: auditLog.changes }).from(auditLog).where(and(eq(auditLog.action, 'shop.update'), eq(auditLog.entityId, String(shop.id))));
    expect(entry!.changes).toMatchObject({ delivery_charge: { before: 0, after: 250 }, address: { after: '1 New Street' } });

    expect((await ctx.app.inject({ method: 'GET', url: `/api/console/shop?shop_id=${other.shop.id}`, headers: { authorization: owner.authorization } })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'PATCH', url: '/api/console/shop', headers: { authorization: owner.authorization }, payload: { delivery_charge: 1.234, shop_email: 'x' } });
    expect(bad.json().errors).toEqual({ delivery_charge: ['The delivery charge must have at most 2 decimal places.'], shop_email: ['The shop email must be a valid email address.'] });
  });
});
