import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../shared/constants.ts';
import { GUEST_ORDER_LINK_EXPIRED_MESSAGE, GUEST_ORDER_LINK_SENT_MESSAGE } from '../../../shared/orders.contract.ts';
import { orders } from '../../db/schema.ts';
import { sha256 } from '../../platform/secrets.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { quickJobTiming } from '../../test/job-timing.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { addStoredOrders } from '../../test/order-fixtures.ts';
import { mailsTo as mailsToOf } from '../../test/outbox-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const DAY_MS = 86_400_000;
const clock = new ManualClock(new Date('2026-06-01T09:00:00Z'));
let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestApp({ jobs: quickJobTiming() }, clock);
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());
// Each test starts in rate windows of its own.
beforeEach(() => clock.advance({ hours: 2 }));

const newKey = () => randomBytes(32).toString('base64url');
const newEmail = () => `guest-${randomUUID().slice(0, 8)}@example.test`;

/** A guest's order whose link (`key`) was made `ageDays` ago, placed in `locale`. */
async function guestOrder({ ageDays = 0, locale = 'en' as Locale, email = newEmail() } = {}) {
  const key = newKey();
  const issuedAt = new Date(clock.now().getTime() - ageDays * DAY_MS);
  const [order] = await addStoredOrders(ctx.database.db, [{ shopId: await sellerShopId(ctx.app), guestEmail: email, createdAt: issuedAt }]);
  await ctx.database.db.update(orders).set({ guestKeyHash: sha256(key), guestKeyIssuedAt: issuedAt, locale }).where(eq(orders.id, order!.id));
  return { id: order!.id, orderNumber: order!.orderNumber, email, key };
}

const open = (key: string) => ctx.app.inject({ method: 'GET', url: `/api/guest-orders/${key}` });
const invoice = (key: string) => ctx.app.inject({ method: 'GET', url: `/api/guest-orders/${key}/invoice` });
const askForLink = (payload: object, remoteAddress = '198.51.100.7') => ctx.app.inject({ method: 'POST', url: '/api/guest-orders/link', payload, remoteAddress });
const setLinkDays = async (days: number) => {
  const changed = await ctx.app.inject({ method: 'PATCH', url: '/api/console/settings', headers: { authorization: owner }, payload: { guest_order_link_days: days } });
  expect(changed.statusCode, changed.body).toBe(200);
};
const mailsTo = (address: string) => mailsToOf(ctx.config.dataDir, address);
const linkIn = (text: string) => /\/orders\/guest\/([\w-]+)/.exec(text)?.[1];

describe('a guest order link’s lifetime', () => {
  it('opens the order and its invoice until the store’s 90 days have passed, then answers 410 with the way on', async () => {
    const young = await guestOrder({ ageDays: 89 });
    expect((await open(young.key)).statusCode).toBe(200);
    expect((await invoice(young.key)).statusCode).toBe(200);

    const old = await guestOrder({ ageDays: 91 });
    for (const refused of [await open(old.key), await invoice(old.key)]) {
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toEqual({ message: GUEST_ORDER_LINK_EXPIRED_MESSAGE });
    }
    const inPersian = await ctx.app.inject({ method: 'GET', url: `/api/guest-orders/${old.key}`, headers: { 'accept-language': 'ir' } });
    expect(inPersian.json()).toEqual({ message: 'این پیوند سفارش منقضی شده است. پیوند تازه‌ای را از راه ایمیل درخواست کنید.' });
    // A key of no order is still only not found.
    expect((await open(newKey())).json()).toEqual({ message: 'Order not found' });
  });

  it('ends where the store’s guest_order_link_days setting says', async () => {
    const order = await guestOrder({ ageDays: 10 });
    try {
      await setLinkDays(7);
      expect((await open(order.key)).statusCode).toBe(410);
      await setLinkDays(11);
      expect((await open(order.key)).statusCode).toBe(200);
      clock.advance({ days: 1, minutes: 1 });
      expect((await open(order.key)).statusCode).toBe(410);
    } finally {
      await setLinkDays(90);
    }
  });
});

describe('POST /api/guest-orders/link', () => {
  it('mails a fresh link for the e-mail and order number; the new link opens the order and the old one no longer does', async () => {
    const order = await guestOrder({ ageDays: 120 });
    const asked = await askForLink({ email: order.email.toUpperCase(), order_number: `#${order.orderNumber.toLowerCase()}` });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: GUEST_ORDER_LINK_SENT_MESSAGE, data: {} });

    await vi.waitFor(() => expect(mailsTo(order.email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [mail] = mailsTo(order.email);
    expect(mail!.subject).toBe(`A new link to your order #${order.orderNumber} at Open Store`);
    expect(mail!.text).toContain(`Here is a new link to your order #${order.orderNumber} from`);
    expect(mail!.text).toContain('The link works for 90 days. Earlier links to this order no longer work.');
    const fresh = linkIn(mail!.text)!;
    expect(mail!.text).toContain(`${ctx.config.publicUrl}/orders/guest/${fresh}`);

    const opened = await open(fresh);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.order).toMatchObject({ id: order.id, order_number: order.orderNumber });
    expect((await invoice(fresh)).statusCode).toBe(200);
    const old = await open(order.key);
    expect([old.statusCode, old.json()]).toEqual([404, { message: 'Order not found' }]);
  });

  it('takes the key of the expired link instead of the number, and writes the mail in the language the order was placed in', async () => {
    const order = await guestOrder({ ageDays: 100, locale: 'ar' });
    const asked = await askForLink({ email: order.email, key: order.key });
    expect(asked.statusCode, asked.body).toBe(202);
    await vi.waitFor(() => expect(mailsTo(order.email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [mail] = mailsTo(order.email);
    expect(mail!.subject).toBe(`رابط جديد إلى طلبك رقم #${order.orderNumber} في Open Store`);
    expect(mail!.text).toContain(`إليك رابطًا جديدًا إلى طلبك رقم #${order.orderNumber} من`);
    expect((await open(linkIn(mail!.text)!)).statusCode).toBe(200);
    expect((await open(order.key)).statusCode).toBe(404);
  });

  it('answers the same when nothing matches, mails nothing and leaves the link as it was', async () => {
    const order = await guestOrder({ ageDays: 1 });
    const { user: customer } = await createCustomer(ctx.app);
    const [customersOrder] = await addStoredOrders(ctx.database.db, [{ shopId: await sellerShopId(ctx.app), userId: customer.id }]);
    const stranger = newEmail();
    const answers = [
      await askForLink({ email: stranger, order_number: order.orderNumber }),
      await askForLink({ email: order.email, order_number: 'OS999999999' }),
      await askForLink({ email: order.email, key: newKey() }),
      // A customer's order has no guest link: their account is the way to it.
      await askForLink({ email: customer.email!, order_number: customersOrder!.orderNumber }),
    ];
    for (const answer of answers) expect([answer.statusCode, answer.json()]).toEqual([202, { message: GUEST_ORDER_LINK_SENT_MESSAGE, data: {} }]);
    // A matching request afterwards is mailed, so nothing the others queued is still on its way.
    const other = await guestOrder();
    await askForLink({ email: other.email, order_number: other.orderNumber });
    await vi.waitFor(() => expect(mailsTo(other.email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    expect([...mailsTo(stranger), ...mailsTo(order.email), ...mailsTo(customer.email!)]).toEqual([]);
    expect((await open(order.key)).statusCode).toBe(200);
  });

  it('limits the links asked for one e-mail and from one address, with 429 and retry_after', async () => {
    const order = await guestOrder();
    for (let ask = 0; ask < 3; ask++) expect((await askForLink({ email: order.email, order_number: 'OS1' }, `203.0.113.${ask}`)).statusCode).toBe(202);
    const perEmail = await askForLink({ email: order.email, order_number: order.orderNumber }, '203.0.113.9');
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json()).toEqual({ message: 'Too many attempts. Please try again later.', retry_after: expect.any(Number) });
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    for (let ask = 0; ask < 10; ask++) expect((await askForLink({ email: newEmail(), order_number: 'OS1' }, '192.0.2.44')).statusCode).toBe(202);
    const perAddress = await askForLink({ email: newEmail(), order_number: 'OS1' }, '192.0.2.44');
    expect([perAddress.statusCode, perAddress.json().message]).toEqual([429, 'Too many attempts. Please try again later.']);

    clock.advance({ hours: 1, minutes: 1 });
    expect((await askForLink({ email: order.email, order_number: order.orderNumber }, '192.0.2.44')).statusCode).toBe(202);
  });

  it('refuses a request without its fields with an error under each', async () => {
    const empty = await askForLink({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ email: ['The email field is required.'], order_number: ['The order number field is required.'] });
    const wrong = await askForLink({ email: 'not-an-email', order_number: 'OS'.repeat(11) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ email: ['The email must be a valid email address.'], order_number: ['The order number must not be greater than 20 characters.'] });
  });
});
