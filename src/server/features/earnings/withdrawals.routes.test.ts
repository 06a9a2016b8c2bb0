import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, consoleNotifications, withdrawals } from '../../db/schema.ts';
import { addAvailableEarning } from '../../test/earnings-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateStoreSettings } from '../settings/settings.service.ts';

let ctx: TestContext;
let owner: { authorization: string; userId: number };

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInConsoleMember(ctx.app, 'owner');
});
afterAll(() => ctx.close());

const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { authorization }, ...(payload && { payload }) });

const IBAN = 'DE89 3704 0044 0532 0130 00';

/** A new shop whose owner has `available` (minor units) to withdraw. */
async function shopWith(available: number) {
  const { shop, owner: seller } = await addShopWithOwner(ctx.app);
  if (available > 0) await addAvailableEarning(ctx.database.db, shop.id, available);
  return { shop, seller };
}

const balanceOf = async (authorization: string) => {
  const answer = await call(authorization, 'GET', '/api/console/earnings');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.balance;
};

const request = (authorization: string, amount: unknown, payout_details: unknown = IBAN) => call(authorization, 'POST', '/api/console/withdrawals', { amount, payout_details });

async function requested(authorization: string, amount: number) {
  const answer = await request(authorization, amount);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data.withdrawal;
}

describe('a withdrawal request', () => {
  it('holds the amount from the available balance at once, with the payout details kept encrypted and shown masked', async () => {
    const { shop, seller } = await shopWith(50_00);
    const terms = await call(seller.authorization, 'GET', '/api/console/withdrawals/terms');
    expect(terms.json().data).toEqual({ available: 50, minimum: 10 });

    const withdrawal = await requested(seller.authorization, 30);
    expect(withdrawal).toMatchObject({ shop: { id: shop.id, name: shop.name }, amount: 30, status: 'requested', payout_details: '•••• 3000', reference: null, reject_reason: null });
    expect(await balanceOf(seller.authorization)).toEqual({ available: 20, pending: 0 });
    const ledger = (await call(seller.authorization, 'GET', '/api/console/earnings')).json().data.entries;
    expect(ledger[0]).toMatchObject({ kind: 'withdrawal', amount: -30, status: 'available', withdrawal_id: withdrawal.id, order: null });

    const [stored] = await ctx.database.db.select({ details: withdrawals.payoutDetails }).from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(stored!.details).not.toContain('3704');
    expect(stored!.details).toMatch(/^v1\./);

    const listed = await call(seller.authorization, 'GET', '/api/console/withdrawals');
    expect(listed.json().data).toEqual({ withdrawals: [withdrawal], next_cursor: null });
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(withdrawal.id)));
    expect(audit).toMatchObject({ action: 'withdrawal.request', shopId: shop.id, changes: { amount: { after: 30 }, status: { after: 'requested' }, payout_details: { after: '•••• 3000' } } });
    expect(JSON.stringify(audit!.changes)).not.toContain('3704');
  });

  it('refuses more than the available balance and less than the store minimum, with field errors', async () => {
    const { seller } = await shopWith(25_00);
    const tooMuch = await request(seller.authorization, 25.01);
    expect([tooMuch.statusCode, tooMuch.json().errors]).toEqual([422, { amount: ['The amount must not be more than the available balance.'] }]);
    const tooLittle = await request(seller.authorization, 9.99);
    expect([tooLittle.statusCode, tooLittle.json().errors]).toEqual([422, { amount: ['The amount must be at least 10.'] }]);

    await updateStoreSettings(ctx.database.db, { withdrawal_minimum: 5_00 });
    try {
      expect((await requested(seller.authorization, 9.99)).amount).toBe(9.99);
    } finally {
      await updateStoreSettings(ctx.database.db, { withdrawal_minimum: 10_00 });
    }
    // What is held is no longer available.
    const afterHold = await request(seller.authorization, 15.02);
    expect(afterHold.json().errors).toEqual({ amount: ['The amount must not be more than the available balance.'] });
    expect((await requested(seller.authorization, 15.01)).amount).toBe(15.01);
  });

  it('refuses bad input with field errors', async () => {
    const { seller } = await shopWith(50_00);
    const bad = await call(seller.authorization, 'POST', '/api/console/withdrawals', { amount: 'ten', payout_details: ' ' });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { amount: ['The amount must be a number.'], payout_details: ['The payout details field is required.'] }]);
    const cents = await request(seller.authorization, 12.345);
    expect(cents.json().errors).toEqual({ amount: ['The amount must have at most 2 decimal places.'] });
    expect(await balanceOf(seller.authorization)).toEqual({ available: 50, pending: 0 });
  });

  it('lets only one of two requests at once for most of the balance through', async () => {
    const { seller } = await shopWith(100_00);
    const answers = await Promise.all([request(seller.authorization, 80), request(seller.authorization, 80)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().errors).toEqual({ amount: ['The amount must not be more than the available balance.'] });
    expect(await balanceOf(seller.authorization)).toEqual({ available: 20, pending: 0 });
  });
});

describe("the store's decisions", () => {
  it('approves, then marks paid with a reference; the shop owner is mailed and told', async () => {
    const { shop, seller } = await shopWith(40_00);
    const mail = vi.spyOn(ctx.app.mailer, 'send');
    const withdrawal = await requested(seller.authorization, 40);

    const early = await call(owner.authorization, 'POST', `/api/console/withdrawals/${withdrawal.id}/pay`, { reference: 'TRX-1' });
    expect([early.statusCode, early.json().message]).toEqual([409, 'Only an approved withdrawal can be marked paid.']);
    const approved = await call(owner.authorization, 'POST', `/api/console/withdrawals/${withdrawal.id}/approve`);
    expect(approved.json().data.withdrawal).toMatchObject({ status: 'approved', decided_by: { name: expect.any(String) } });
    const paid = await call(owner.authorization, 'POST', `/api/console/withdrawals/${withdrawal.id}/pay`, { reference: 'TRX-1' });
    expect(paid.json().data.withdrawal).toMatchObject({ status: 'paid', reference: 'TRX-1', paid_at: expect.any(String), payout_details: '•••• 3000' });
    // Paid out: the hold stays, the balance does not come back.
    expect(await balanceOf(seller.authorization)).toEqual({ available: 0, pending: 0 });

    const again = await call(owner.authorization, 'POST', `/api/console/withdrawals/${withdrawal.id}/reject`, { reason: 'Too late' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'A paid or rejected withdrawal cannot be rejected.']);

    const told = await ctx.database.db.select({ kind: consoleNotifications.kind, data: consoleNotifications.data }).from(consoleNotifications).where(eq(consoleNotifications.entityId, withdrawal.id));
    expect(told).toContainEqual({ kind: 'withdrawal_paid', data: { shop: shop.name, amount: 40 } });
    expect(told).toContainEqual({ kind: 'withdrawal_requested', data: { shop: shop.name, amount: 40 } });
    await vi.waitFor(() => expect(mail.mock.calls.map(([sent]) => sent).filter((sent) => sent.to === seller.user.email).map((sent) => sent.subject)).toContainEqual(expect.stringContaining('Your withdrawal is paid')), {
      timeout: 10_000,
    });
    mail.mockRestore();
  });

  it('rejects with a reason and releases the hold with a ledger entry', async () => {
    const { seller } = await shopWith(40_00);
    const withdrawal = await requested(seller.authorization, 25);
    const rejected = await call(owner.authorization, 'POST', `/api/console/withdrawals/${withdrawal.id}/reject`, { reason: 'The IBAN does not match the shop owner.' });
    expect(rejected.json().data.withdrawal).toMatchObject({ status: 'rejected', reject_reason: 'The IBAN does not match the shop owner.' });
    expect(await balanceOf(seller.authorization)).toEqual({ available: 40, pending: 0 });
    const ledger = (await call(seller.authorization, 'GET', '/api/console/earnings')).json().data.entries;
    expect(ledger.slice(0, 2).map((entry: { kind: string; amount: number; withdrawal_id: number }) => [entry.kind, entry.amount, entry.withdrawal_id])).toEqual([
      ['withdrawal_released', 25, withdrawal.id],
      ['withdrawal', -25, withdrawal.id],
    ]);
    const noReason = await call(owner.authorization, 'POST', `/api/console/withdrawals/${withdrawal.id}/reject`, { reason: '' });
    expect([noReason.statusCode, noReason.json().errors]).toEqual([422, { reason: ['The reason field is required.'] }]);
  });

  it("lists every shop's for the store, by status and shop", async () => {
    const first = await shopWith(40_00);
    const second = await shopWith(40_00);
    const a = await requested(first.seller.authorization, 10);
    const b = await requested(second.seller.authorization, 20);
    await call(owner.authorization, 'POST', `/api/console/withdrawals/${b.id}/approve`);
    const byShop = await call(owner.authorization, 'GET', `/api/console/withdrawals?shop_id=${first.shop.id}`);
    expect(byShop.json().data.withdrawals.map((row: { id: number }) => row.id)).toEqual([a.id]);
    const approved = await call(owner.authorization, 'GET', '/api/console/withdrawals?status=approved&limit=100');
    expect(approved.json().data.withdrawals.map((row: { id: number }) => row.id)).toContain(b.id);
    expect(approved.json().data.withdrawals.map((row: { status: string }) => row.status)).not.toContain('requested');
    const badStatus = await call(owner.authorization, 'GET', '/api/console/withdrawals?status=lost');
    expect([badStatus.statusCode, badStatus.json().errors]).toEqual([422, { status: ['The selected status is invalid.'] }]);
  });
});

describe('who may', () => {
  it("keeps a seller to their own shop's and the decisions to the store", async () => {
    const { seller } = await shopWith(40_00);
    const other = await shopWith(40_00);
    const theirs = await requested(other.seller.authorization, 10);
    // Another shop's withdrawals are neither listed nor found.
    const listed = await call(seller.authorization, 'GET', `/api/console/withdrawals?shop_id=${other.shop.id}`);
    expect(listed.json().data.withdrawals).toEqual([]);
    for (const action of ['approve', 'pay', 'reject']) {
      const answer = await call(seller.authorization, 'POST', `/api/console/withdrawals/${theirs.id}/${action}`, { reference: 'X', reason: 'X' });
      expect(answer.statusCode).toBe(403);
    }
    const unknown = await call(owner.authorization, 'POST', '/api/console/withdrawals/99999999/approve');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Withdrawal not found.']);

    // The store's owner does not request for a shop; shop staff need the grant.
    expect((await request(owner.authorization, 10)).statusCode).toBe(403);
    const staff = await addConsoleMember(ctx.app, 'shop_staff', { shopId: other.shop.id, permissions: ['orders.read'] });
    expect((await request(staff.authorization, 10)).statusCode).toBe(403);
    const granted = await addConsoleMember(ctx.app, 'shop_staff', { shopId: other.shop.id, permissions: ['payouts.request'] });
    expect((await request(granted.authorization, 10)).statusCode).toBe(201);
    const agent = await signInConsoleMember(ctx.app, 'support_agent');
    expect((await call(agent.authorization, 'POST', `/api/console/withdrawals/${theirs.id}/approve`)).statusCode).toBe(403);
  });
});

describe('the payout details in full', () => {
  const reveal = (authorization: string, id: number | string) => call(authorization, 'POST', `/api/console/withdrawals/${id}/payout-details`);
  const readings = (id: number) =>
    ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'withdrawal.reveal_payout_details')));

  it('answers them to the store staff who pay, whatever the status, and records who read them without the details', async () => {
    const { shop, seller } = await shopWith(40_00);
    const withdrawal = await requested(seller.authorization, 25);
    const answer = await reveal(owner.authorization, withdrawal.id);
    expect([answer.statusCode, answer.json()]).toEqual([200, { message: 'Payout details', data: { payout_details: IBAN } }]);
    expect(answer.headers['cache-control']).toBe('private, no-store');

    const [reading] = await readings(withdrawal.id);
    expect(reading).toMatchObject({ action: 'withdrawal.reveal_payout_details', entityType: 'withdrawal', shopId: shop.id, actorUserId: owner.userId, changes: {} });
    expect(JSON.stringify(reading)).not.toContain('3704');

    // A rejected (or paid) one still shows them: the store needs them to settle a dispute.
    await call(owner.authorization, 'POST', `/api/console/withdrawals/${withdrawal.id}/reject`, { reason: 'Wrong account' });
    expect((await reveal(owner.authorization, withdrawal.id)).json().data).toEqual({ payout_details: IBAN });
    expect(await readings(withdrawal.id)).toHaveLength(2);
    // Everywhere else they stay masked.
    expect((await call(seller.authorization, 'GET', '/api/console/withdrawals')).json().data.withdrawals[0].payout_details).toBe('•••• 3000');
  });

  it('refuses everyone else, with no audit row', async () => {
    const { shop, seller } = await shopWith(40_00);
    const other = await shopWith(40_00);
    const withdrawal = await requested(seller.authorization, 25);
    const agent = await signInConsoleMember(ctx.app, 'support_agent');
    const granted = await addConsoleMember(ctx.app, 'shop_staff', { shopId: shop.id, permissions: ['payouts.request'] });
    // The store's staff without payouts.manage; the shop's own people, who see them masked only; another shop's seller, refused
    // before the withdrawal is looked up (the same answer whether it exists or not).
    for (const authorization of [agent.authorization, seller.authorization, granted.authorization, other.seller.authorization]) {
      const refused = await reveal(authorization, withdrawal.id);
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'This action is unauthorized.' }]);
    }
    expect((await reveal(other.seller.authorization, 99999999)).statusCode).toBe(403);
    expect(await readings(withdrawal.id)).toEqual([]);
  });

  it('answers 404 for an id that names no withdrawal', async () => {
    for (const id of ['99999999', 'abc', '0', '1.5']) {
      const answer = await reveal(owner.authorization, id);
      expect([answer.statusCode, answer.json()], id).toEqual([404, { message: 'Withdrawal not found.' }]);
    }
  });
});
