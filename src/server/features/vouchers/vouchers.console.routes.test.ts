import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleVoucherSchema, type ConsoleVoucher } from '../../../shared/vouchers-console.contract.ts';
import { auditLog, vouchers } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, addVoucher, shopperCalls } from '../../test/commerce-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
let seller: string;
let sellerShop: number;
let otherSeller: string;

const DAY_MS = 86_400_000;
const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/console${url}`, headers: { authorization }, ...(payload && { payload }) });
const voucherOf = (response: { statusCode: number; body: string; json(): { data: { voucher: unknown } } }, status = 200): ConsoleVoucher => {
  expect(response.statusCode, response.body).toBe(status);
  return consoleVoucherSchema.parse(response.json().data.voucher);
};
const newCode = () => `spring-${randomUUID().slice(0, 8)}`;
const terms = (values: object = {}) => {
  const now = ctx.app.clock.now().getTime();
  return { code: newCode(), discount_type: 'percentage', discount: 10, starts_at: new Date(now - DAY_MS).toISOString(), expires_at: new Date(now + 30 * DAY_MS).toISOString(), ...values };
};
const storefrontCodes = async (shopId: number) => {
  const { authorization } = await createCustomer(ctx.app);
  const response = await shopperCalls(ctx.app, authorization).get(`/get-vouchers?shop_id=${shopId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { coupons: Array<{ code: string }> } }>().data.coupons.map((coupon) => coupon.code);
};
const auditActions = async (voucherId: number) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'voucher'), eq(auditLog.entityId, String(voucherId)))).orderBy(asc(auditLog.id))).map((row) => row.action);

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  seller = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  sellerShop = await sellerShopId(ctx.app);
  otherSeller = (await addShopWithOwner(ctx.app)).owner.authorization;
});
afterAll(() => ctx.close());

describe('a seller’s vouchers', () => {
  it('creates one for their own shop (code upper-case, money as decimals), edits it and switches it off and on, each with an audit row', async () => {
    const code = newCode();
    const created = voucherOf(await call(seller, 'POST', '/vouchers', terms({ code, discount_type: 'amount', discount: 7.5, min_order_amount: 30, total_limit: 100, limit_for_user: 2 })), 201);
    expect(created).toMatchObject({
      code: code.toUpperCase(),
      shop: { id: sellerShop },
      discount_type: 'amount',
      discount: 7.5,
      min_order_amount: 30,
      max_discount_amount: null,
      total_limit: 100,
      limit_for_user: 2,
      used_count: 0,
      is_active: true,
      status: 'active',
    });
    const [stored] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, created.id));
    expect(stored).toMatchObject({ discount: 7_50, minOrderAmount: 30_00 });

    const edited = voucherOf(await call(seller, 'PATCH', `/vouchers/${created.id}`, { discount_type: 'percentage', discount: 20, max_discount_amount: 12.5 }));
    expect(edited).toMatchObject({ discount_type: 'percentage', discount: 20, max_discount_amount: 12.5, min_order_amount: 30, code: code.toUpperCase() });
    expect(voucherOf(await call(seller, 'GET', `/vouchers/${created.id}`))).toEqual(edited);

    expect(voucherOf(await call(seller, 'POST', `/vouchers/${created.id}/deactivate`))).toMatchObject({ is_active: false, status: 'inactive' });
    expect(voucherOf(await call(seller, 'POST', `/vouchers/${created.id}/activate`))).toMatchObject({ is_active: true, status: 'active' });
    expect(await auditActions(created.id)).toEqual(['voucher.create', 'voucher.update', 'voucher.deactivate', 'voucher.activate']);
  });

  it('refuses to name another shop, and finds no voucher of another shop, changing nothing', async () => {
    const otherShop = await addShop(ctx.database.db);
    const refused = await call(seller, 'POST', '/vouchers', terms({ shop_id: otherShop.id }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ shop_id: ['The selected shop id is invalid.'] });

    const theirs = await addVoucher(ctx.database.db, sellerShop, ctx.app.clock.now(), { discount: 10 });
    for (const [method, url, payload] of [
      ['GET', `/vouchers/${theirs.id}`, undefined],
      ['PATCH', `/vouchers/${theirs.id}`, { discount: 50 }],
      ['POST', `/vouchers/${theirs.id}/deactivate`, undefined],
    ] as const) {
      const response = await call(otherSeller, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Voucher not found' });
    }
    const [unchanged] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, theirs.id));
    expect(unchanged).toMatchObject({ discount: 10, isActive: true });
    expect(await auditActions(theirs.id)).toEqual([]);
  });

  it('lists their own shop’s vouchers only, newest first, by status and code prefix, a page at a time', async () => {
    const { db } = ctx.database;
    const now = ctx.app.clock.now();
    const prefix = `L${randomUUID().slice(0, 6).toUpperCase()}`;
    const active = await addVoucher(db, sellerShop, now, { code: `${prefix}-A` });
    const scheduled = await addVoucher(db, sellerShop, now, { code: `${prefix}-B`, startsAt: new Date(now.getTime() + DAY_MS), expiresAt: new Date(now.getTime() + 2 * DAY_MS) });
    const expired = await addVoucher(db, sellerShop, now, { code: `${prefix}-C`, startsAt: new Date(now.getTime() - 2 * DAY_MS), expiresAt: new Date(now.getTime() - DAY_MS) });
    const inactive = await addVoucher(db, sellerShop, now, { code: `${prefix}-D`, isActive: false });
    const elsewhere = await addVoucher(db, (await addShop(db)).id, now, { code: `${prefix}-E` });
    const codes = async (authorization: string, query: string) => {
      const response = await call(authorization, 'GET', `/vouchers?search=${prefix.toLowerCase()}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { vouchers: ConsoleVoucher[]; next_cursor: string | null } }>().data;
    };
    expect((await codes(seller, '')).vouchers.map((voucher) => voucher.id)).toEqual([inactive.id, expired.id, scheduled.id, active.id]);
    for (const [status, voucher] of [['active', active], ['scheduled', scheduled], ['expired', expired], ['inactive', inactive]] as const) {
      expect((await codes(seller, `status=${status}`)).vouchers.map((row) => [row.id, row.status])).toEqual([[voucher.id, status]]);
    }
    const first = await codes(seller, 'limit=3');
    expect(first.vouchers).toHaveLength(3);
    const second = await codes(seller, `limit=3&cursor=${first.next_cursor}`);
    expect(second).toEqual({ vouchers: [expect.objectContaining({ id: active.id })], next_cursor: null });

    expect((await codes(owner, '')).vouchers.map((voucher) => voucher.id)).toEqual([elsewhere.id, inactive.id, expired.id, scheduled.id, active.id]);
    expect((await codes(owner, `shop_id=${elsewhere.shopId}`)).vouchers.map((voucher) => voucher.id)).toEqual([elsewhere.id]);
    // A seller's shop_id is ignored: they see their own shop's.
    expect((await codes(seller, `shop_id=${elsewhere.shopId}`)).vouchers).toHaveLength(4);
  });
});

describe('the store’s staff', () => {
  it('create a voucher for the shop they name, and must name one', async () => {
    const missing = await call(owner, 'POST', '/vouchers', terms());
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ shop_id: ['The shop id field is required.'] });

    const shop = await addShop(ctx.database.db);
    const created = voucherOf(await call(owner, 'POST', '/vouchers', terms({ shop_id: shop.id })), 201);
    expect(created.shop.id).toBe(shop.id);
    expect(voucherOf(await call(owner, 'PATCH', `/vouchers/${created.id}`, { limit_for_user: 3 })).limit_for_user).toBe(3);
    expect(voucherOf(await call(owner, 'POST', `/vouchers/${created.id}/deactivate`)).is_active).toBe(false);
  });
});

describe('the storefront', () => {
  it('stops listing a deactivated voucher at once, and checkout refuses it', async () => {
    const created = voucherOf(await call(seller, 'POST', '/vouchers', terms()), 201);
    expect(await storefrontCodes(sellerShop)).toContain(created.code);

    voucherOf(await call(seller, 'POST', `/vouchers/${created.id}/deactivate`));
    expect(await storefrontCodes(sellerShop)).not.toContain(created.code);

    const [productId] = await addProducts(ctx.database.db, [{ name: `Voucher Lamp ${randomUUID().slice(0, 8)}`, shopId: sellerShop, price: 20_00, stock: 5 }]);
    const { authorization } = await createCustomer(ctx.app);
    const shopper = shopperCalls(ctx.app, authorization);
    await shopper.post('/cart/store', { product_id: productId, quantity: 1 });
    const refused = await shopper.post('/cart/checkout', { shop_ids: [sellerShop], coupon_code: created.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'This voucher is not active', errors: { coupon_code: ['This voucher is not active'] } });
  });
});

describe('validation', () => {
  it.each([
    ['a code with spaces', { code: 'TWO WORDS' }, { code: ['The code may only contain letters, numbers and dashes.'] }],
    ['a code too long', { code: 'A'.repeat(51) }, { code: ['The code must not be greater than 50 characters.'] }],
    ['no code', { code: '' }, { code: ['The code field is required.'] }],
    ['a percentage over 100', { discount: 101 }, { discount: ['The discount must be between 1 and 100.'] }],
    ['a percentage of 0', { discount: 0 }, { discount: ['The discount must be between 1 and 100.'] }],
    ['an amount of 0', { discount_type: 'amount', discount: 0 }, { discount: ['The discount must be greater than 0.'] }],
    ['a cap on an amount voucher', { discount_type: 'amount', discount: 5, max_discount_amount: 2 }, { max_discount_amount: ['The max discount amount field is prohibited unless discount type is percentage.'] }],
    ['a window ending before it starts', { starts_at: '2030-01-02T00:00:00.000Z', expires_at: '2030-01-01T00:00:00.000Z' }, { expires_at: ['The expires at must be a date after starts at.'] }],
    ['a total limit of 0', { total_limit: 0 }, { total_limit: ['The total limit must be at least 1.'] }],
    ['a limit per shopper of 0', { limit_for_user: 0 }, { limit_for_user: ['The limit for user must be at least 1.'] }],
    ['an unknown discount type', { discount_type: 'free' }, { discount_type: ['The selected discount type is invalid.'] }],
  ])('refuses %s with a message under the field', async (_case, values, errors) => {
    const response = await call(seller, 'POST', '/vouchers', terms(values));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual(errors);
  });

  it('refuses a code already taken, in any letter case', async () => {
    const code = newCode();
    voucherOf(await call(seller, 'POST', '/vouchers', terms({ code })), 201);
    const taken = await call(otherSeller, 'POST', '/vouchers', terms({ code: code.toUpperCase() }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: 'The code has already been taken.', errors: { code: ['The code has already been taken.'] } });
  });

  it('checks an edit against the stored terms, and never sets the total limit below the times it was used', async () => {
    const voucher = await addVoucher(ctx.database.db, sellerShop, ctx.app.clock.now(), { totalLimit: 10, usedCount: 4 });
    const below = await call(seller, 'PATCH', `/vouchers/${voucher.id}`, { total_limit: 3 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({ total_limit: ['The total limit must be at least 4, the times the voucher has been used.'] });
    const before = await call(seller, 'PATCH', `/vouchers/${voucher.id}`, { expires_at: voucher.startsAt.toISOString() });
    expect(before.json().errors).toEqual({ expires_at: ['The expires at must be a date after starts at.'] });
    const tooMuch = await call(seller, 'PATCH', `/vouchers/${voucher.id}`, { discount: 150 });
    expect(tooMuch.json().errors).toEqual({ discount: ['The discount must be between 1 and 100.'] });
    expect(voucherOf(await call(seller, 'PATCH', `/vouchers/${voucher.id}`, { total_limit: 4 })).total_limit).toBe(4);
    const [stored] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(stored).toMatchObject({ totalLimit: 4, usedCount: 4, discount: 10 });
  });

  it('takes two edits at once, one after the other', async () => {
    const voucher = await addVoucher(ctx.database.db, sellerShop, ctx.app.clock.now(), { discount: 10 });
    const [first, second] = await Promise.all([
      call(seller, 'PATCH', `/vouchers/${voucher.id}`, { discount: 25 }),
      call(owner, 'PATCH', `/vouchers/${voucher.id}`, { limit_for_user: 5 }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const [stored] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(stored).toMatchObject({ discount: 25, limitForUser: 5 });
    expect(await auditActions(voucher.id)).toEqual(['voucher.update', 'voucher.update']);
  });
});
