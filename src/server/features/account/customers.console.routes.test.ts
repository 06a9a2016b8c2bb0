import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleCustomerPage } from '../../../shared/orders-console.contract.ts';
import type { ConsoleCustomerDetail } from '../../../shared/customers-console.contract.ts';
import { auditLog, users } from '../../db/schema.ts';
import { countryIdOf, createCustomer, CUSTOMER_PASSWORD, homeAddress } from '../../test/account-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { addStoredOrders, placeOrderCall } from '../../test/order-fixtures.ts';
import { placeCashOrder, sellerShopId } from '../../test/staff-fixtures.ts';
import { mailsTo } from '../../test/outbox-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
let orderManager: string;
let seller: string;
let shopId: number;

const BLOCKED = { message: 'Your account has been blocked. Please contact the store.' };
const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization }, payload });
const detail = async (id: number, authorization = owner) => (await call(authorization, 'GET', `/api/console/customers/${id}`)).json<{ data: { customer: ConsoleCustomerDetail } }>().data.customer;
const list = async (query: string) => {
  const response = await call(owner, 'GET', `/api/console/customers?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ConsoleCustomerPage }>().data;
};
const block = (id: number, reason = 'Repeated chargebacks.', authorization = owner) => call(authorization, 'POST', `/api/console/customers/${id}/block`, { reason });
const unblock = (id: number, reason = 'Paid back.', authorization = owner) => call(authorization, 'POST', `/api/console/customers/${id}/unblock`, { reason });
const login = (identifier: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone: identifier, password: CUSTOMER_PASSWORD }, headers });
const profile = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
const auditOf = async (id: number) =>
  ctx.database.db
    .select({ action: auditLog.action, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  orderManager = (await signInConsoleMember(ctx.app, 'order_manager')).authorization;
  seller = (await addShopWithOwner(ctx.app)).owner.authorization;
  shopId = await sellerShopId(ctx.app);
});
afterAll(() => ctx.close());

describe('GET /api/console/customers', () => {
  it('finds customers by the start of their e-mail, phone or name, and filters blocked and ordered ones', async () => {
    const ordered = await createCustomer(ctx.app, { name: 'Zelda Orderer' });
    await addStoredOrders(ctx.database.db, [{ shopId, userId: ordered.user.id }]);
    const blocked = await createCustomer(ctx.app, { name: 'Zelda Blocked', blockedAt: new Date(), blockedReason: 'Fraud' });
    const idle = await createCustomer(ctx.app, { name: 'Zelda Idle' });
    const ids = (page: ConsoleCustomerPage) => page.customers.map((customer) => customer.id);

    expect(ids(await list('search=zelda'))).toEqual([idle.user.id, blocked.user.id, ordered.user.id]);
    expect(ids(await list(`search=${ordered.user.email!.slice(0, 14)}`))).toEqual([ordered.user.id]);
    expect(ids(await list(`search=${encodeURIComponent(`(${blocked.user.phone!.slice(0, 3)}) ${blocked.user.phone!.slice(3)}`)}`))).toEqual([blocked.user.id]);
    expect((await list('search=zelda&blocked=true')).customers).toEqual([expect.objectContaining({ id: blocked.user.id, is_blocked: true })]);
    expect(ids(await list('search=zelda&blocked=false'))).toEqual([idle.user.id, ordered.user.id]);
    expect(ids(await list('search=zelda&has_ordered=true'))).toEqual([ordered.user.id]);
    expect(ids(await list('search=zelda&has_ordered=false&blocked=false'))).toEqual([idle.user.id]);
  });

  it('lists shoppers only; the staff filter lists the console’s staff and sellers instead', async () => {
    const shopper = await createCustomer(ctx.app, { name: 'Yannick Shopper' });
    const staffer = await addConsoleMember(ctx.app, 'support_agent');
    const { owner: shopOwner } = await addShopWithOwner(ctx.app);
    await ctx.database.db.update(users).set({ name: 'Yannick Staff' }).where(inArray(users.id, [staffer.user.id, shopOwner.user.id]));
    const ids = (page: ConsoleCustomerPage) => page.customers.map((customer) => customer.id);

    expect(ids(await list('search=yannick'))).toEqual([shopper.user.id]);
    expect(ids(await list('search=yannick&staff=false'))).toEqual([shopper.user.id]);
    expect(ids(await list('search=yannick&staff=true'))).toEqual([shopOwner.user.id, staffer.user.id]);
  });

  it('pages newest first with the cursor of the page before', async () => {
    const first = await list('search=zelda&limit=2');
    expect(first.customers).toHaveLength(2);
    const second = await list(`search=zelda&limit=2&cursor=${first.next_cursor}`);
    expect(second.customers).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a filter that is not true or false under its field', async () => {
    const response = await call(owner, 'GET', '/api/console/customers?blocked=maybe');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ blocked: ['The blocked field must be true or false.'] });
  });

  it('is the store’s only: a seller is refused whatever they hold', async () => {
    const { user } = await createCustomer(ctx.app);
    for (const url of ['/api/console/customers', `/api/console/customers/${user.id}`]) {
      const response = await call(seller, 'GET', url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    expect((await block(user.id, 'No.', seller)).statusCode).toBe(403);
  });
});

describe('GET /api/console/customers/:id', () => {
  it('shows the profile, latest orders, addresses, tickets and what was spent on paid or delivered orders', async () => {
    const customer = await createCustomer(ctx.app, { name: 'Grace Spender' });
    const id = customer.user.id;
    // 12.00 each: delivered (cash, not yet marked paid) and paid count; pending unpaid and cancelled do not.
    await addStoredOrders(ctx.database.db, [
      { shopId, userId: id, status: 'delivered' },
      { shopId, userId: id, status: 'processing', paymentMethod: 'stripe', paymentStatus: 'paid' },
      { shopId, userId: id, status: 'pending' },
      { shopId, userId: id, status: 'cancelled', paymentStatus: 'paid' },
    ]);
    const headers = { authorization: customer.authorization };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: homeAddress({ country_id: await countryIdOf(ctx.database.db) }) })).statusCode).toBe(201);
    const ticket = await ctx.app.inject({ method: 'POST', url: '/api/support-tickets', headers, payload: { subject: 'Where is my parcel?', issue_type: 'delivery', message: 'It was due yesterday.' } });
    expect(ticket.statusCode, ticket.body).toBe(201);

    const shown = await detail(id, orderManager);
    expect(shown).toMatchObject({
      id,
      name: 'Grace Spender',
      email: customer.user.email,
      is_staff: false,
      blocked: null,
      total_spent: 24,
      order_count: 4,
      addresses: [expect.objectContaining({ name: 'Jane Shopper' })],
      tickets: [expect.objectContaining({ subject: 'Where is my parcel?', status: 'open' })],
    });
    expect(shown.orders.map((order) => order.status)).toEqual(expect.arrayContaining(['delivered', 'processing', 'pending', 'cancelled']));
    expect(shown.orders[0]).toMatchObject({ shop: { id: shopId }, payable_amount: 12, order_number: expect.stringMatching(/^OS/) });
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await call(owner, 'GET', '/api/console/customers/99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Customer not found' });
  });
});

describe('blocking a customer', () => {
  it('ends every session at once (bearer and cookie), refuses signing in with 403, and unblocking lets them in again', async () => {
    const customer = await createCustomer(ctx.app);
    const email = customer.user.email!;
    const cookieLogin = await login(email, { 'x-session': 'cookie' });
    expect(cookieLogin.statusCode).toBe(200);
    const cookie = { cookie: `session=${cookieLogin.cookies.find((item) => item.name === 'session')!.value}` };
    expect((await profile(cookie)).statusCode).toBe(200);
    expect((await profile({ authorization: customer.authorization })).statusCode).toBe(200);

    const blocked = await block(customer.user.id);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ message: 'Customer blocked', data: { customer: { blocked: { reason: 'Repeated chargebacks.' } } } });

    expect((await profile(cookie)).statusCode).toBe(401);
    expect((await profile({ authorization: customer.authorization })).statusCode).toBe(401);
    for (const identifier of [email, customer.user.phone!]) {
      const refused = await login(identifier);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(BLOCKED);
    }
    // A wrong password is still just a wrong password: only the account's owner learns it is blocked.
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone: email, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(422);

    const again = await block(customer.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This customer is already blocked.' });

    const unblocked = await unblock(customer.user.id);
    expect(unblocked.json()).toMatchObject({ message: 'Customer unblocked', data: { customer: { blocked: null } } });
    const back = await login(email);
    expect(back.statusCode).toBe(200);
    expect((await profile({ authorization: `Bearer ${back.json().data.access.token}` })).statusCode).toBe(200);
    // The sessions the block ended stay ended.
    expect((await profile({ authorization: customer.authorization })).statusCode).toBe(401);

    expect(await auditOf(customer.user.id)).toEqual([
      { action: 'customer.block', changes: { blocked: { before: false, after: true }, reason: { after: 'Repeated chargebacks.' } } },
      { action: 'customer.unblock', changes: { blocked: { before: true, after: false }, reason: { before: 'Repeated chargebacks.', after: 'Paid back.' } } },
    ]);
    expect((await unblock(customer.user.id)).json()).toEqual({ message: 'This customer is not blocked.' });
  });

  it('refuses the blocked customer’s order: the session they placed it with has ended', async () => {
    const customer = await createCustomer(ctx.app);
    await placeCashOrder(ctx.app, customer.authorization);
    expect((await block(customer.user.id)).statusCode).toBe(200);
    const refused = await placeOrderCall(ctx.app, customer.authorization, { shop_ids: [shopId], address_id: 1, payment_method: 'cash' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('needs a reason, needs customers.write, and leaves console staff to the staff page', async () => {
    const { user } = await createCustomer(ctx.app);
    const missing = await call(owner, 'POST', `/api/console/customers/${user.id}/block`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ reason: ['The reason field is required.'] });
    expect((await block(user.id, 'No.', orderManager)).statusCode).toBe(403);

    const staff = await signInConsoleMember(ctx.app, 'support_agent');
    const refused = await block(staff.userId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ reason: ['A member of the console staff cannot be blocked; remove them from the staff first.'] });
    expect((await detail(staff.userId)).is_staff).toBe(true);
  });
});

describe('POST /api/console/customers/:id/password-reset', () => {
  it('mails the customer a reset code that sets a new password through the usual flow; neither the answer nor the audit holds it', async () => {
    const customer = await createCustomer(ctx.app);
    const email = customer.user.email!;
    const sent = await call(owner, 'POST', `/api/console/customers/${customer.user.id}/password-reset`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: 'Password reset code sent', data: { sent_to: expect.stringMatching(/^c\*+@example\.test$/) } });

    const mail = await vi.waitFor(() => {
      const [first] = mailsTo(ctx.config.dataDir, email);
      expect(first).toBeDefined();
      return first!;
    });
    expect(mail.subject).toBe('Your password reset code');
    const code = mail.text.match(/^(\d{4}) /)![1]!;
    expect(sent.body).not.toContain(code);
    expect(JSON.stringify(await auditOf(customer.user.id))).not.toContain(code);
    expect(await auditOf(customer.user.id)).toEqual([{ action: 'customer.send_password_reset', changes: { sent_to: { after: sent.json().data.sent_to } } }]);

    const verified = await ctx.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone: email, otp: code } });
    expect(verified.statusCode, verified.body).toBe(200);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: verified.json().data.token, password: 'brand-new-password', password_confirmation: 'brand-new-password' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone: email, password: 'brand-new-password' } });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a blocked customer (409) and a customer with no e-mail or phone (422)', async () => {
    const blocked = await createCustomer(ctx.app, { blockedAt: new Date(), blockedReason: 'Fraud' });
    expect((await call(owner, 'POST', `/api/console/customers/${blocked.user.id}/password-reset`)).json()).toEqual({ message: 'This customer is blocked; unblock them first.' });
    const unreachable = await createCustomer(ctx.app, { email: null, phone: null });
    const refused = await call(owner, 'POST', `/api/console/customers/${unreachable.user.id}/password-reset`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ customer: ['This customer has no e-mail address or phone number to send a code to.'] });
  });
});
