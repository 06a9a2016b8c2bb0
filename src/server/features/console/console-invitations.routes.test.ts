import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleInvitation, StaffInvitation, StaffList } from '../../../shared/console.contract.ts';
import { auditLog, consoleMembers, users } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { drawnPicture, multipartBody } from '../../test/multipart-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let storeOwner: string;
let shopOwner: string;
let firstShopId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  storeOwner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  shopOwner = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  firstShopId = await sellerShopId(ctx.app);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (authorization: string | undefined, method: Method, url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { ...headers, ...(authorization ? { authorization } : {}) }, payload });

const invite = (email: string, authorization = shopOwner) => call(authorization, 'POST', '/console/staff', { email, name: 'Invited Helper', role: 'shop_staff', permissions: ['orders.read'] });
const staffOf = async (authorization: string, query = '') => (await call(authorization, 'GET', `/console/staff${query}`)).json<{ data: StaffList }>().data;
const myInvitations = async (authorization: string) => (await call(authorization, 'GET', '/console-invitations')).json<{ data: { invitations: ConsoleInvitation[] } }>().data.invitations;
const membershipOf = async (userId: number) => (await ctx.database.db.select().from(consoleMembers).where(eq(consoleMembers.userId, userId)))[0];
const consoleStatus = async (authorization: string) => (await call(authorization, 'GET', '/console/me')).statusCode;

type Mail = { to: string; subject: string; text: string };
const mailsTo = (address: string): Mail[] => {
  const outbox = path.join(ctx.config.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as Mail)
    .filter((mail) => mail.to === address);
};
const waitForMail = (address: string) => vi.waitFor(() => expect(mailsTo(address)).toHaveLength(1), { timeout: 10_000, interval: 100 });

/** The answer with what differs per call (the e-mail typed, the new id, the times) taken out. */
const neutral = (body: string) => {
  const { message, data } = JSON.parse(body) as { message: string; data: { invitation: StaffInvitation } };
  const { id, email, created_at, expires_at, ...rest } = data.invitation;
  return { message, invitation: rest, shapes: [typeof id, typeof email, typeof created_at, typeof expires_at] };
};

describe('inviting by e-mail', () => {
  it('answers the same for an unknown e-mail, a shopper, a member of the store and a blocked account, and makes no one a member', async () => {
    const shopper = await createCustomer(ctx.app);
    const blocked = await createCustomer(ctx.app, { blockedAt: new Date(), blockedReason: 'Fraud' });
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.test`;
    const emails = [unknown, shopper.user.email!, 'catalogue@example.com', blocked.user.email!];
    const answers = [];
    for (const email of emails) {
      const response = await invite(email);
      expect(response.statusCode, response.body).toBe(201);
      answers.push(neutral(response.body));
    }
    expect(answers[0]).toEqual({
      message: 'Invitation sent',
      invitation: { name: 'Invited Helper', role: 'shop_staff', permissions: ['orders.read'] },
      shapes: ['number', 'string', 'string', 'string'],
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    // Nobody joined: the shopper is still refused the console, the store's member stays where they were.
    expect(await consoleStatus(shopper.authorization)).toBe(403);
    expect(await membershipOf(shopper.user.id)).toBeUndefined();
    expect(await membershipOf(blocked.user.id)).toBeUndefined();
    const [catalogue] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'catalogue@example.com'));
    expect(await membershipOf(catalogue!.id)).toMatchObject({ role: 'catalogue_manager', shopId: null });

    // The seller's list shows each invitation as typed, and no account's name.
    const { invitations, staff } = await staffOf(shopOwner);
    expect(invitations.filter((invitation) => emails.includes(invitation.email)).map((invitation) => [invitation.email, invitation.name])).toEqual(emails.map((email) => [email, 'Invited Helper']));
    expect(staff.map((member) => member.email)).not.toContain(shopper.user.email);

    // The holders learn of it by mail, the blocked account not at all.
    await waitForMail(shopper.user.email!);
    const [toShopper] = mailsTo(shopper.user.email!);
    expect(toShopper!.subject).toBe('[Open Store] You are invited to the console');
    expect(toShopper!.text).toContain('Sign in with your account within 7 days to accept or decline it:');
    expect(toShopper!.text).not.toContain('token=');
    await waitForMail(unknown);
    expect(mailsTo(unknown)[0]!.text).toMatch(/Choose your password within 7 days to accept:\n\S+\/console\/invitation\?token=\S+/);
    await waitForMail('catalogue@example.com');
    expect(mailsTo(blocked.user.email!)).toEqual([]);
  });

  it('requires a name whatever the e-mail, so a missing one tells nothing either', async () => {
    const shopper = await createCustomer(ctx.app);
    for (const email of [shopper.user.email!, `nobody-${randomUUID().slice(0, 8)}@example.test`]) {
      const response = await call(shopOwner, 'POST', '/console/staff', { email, role: 'shop_staff', permissions: [] });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ name: ['The name field is required.'] });
    }
  });
});

describe('answering an invitation', () => {
  it('keeps a shopper a shopper until they accept, and they may apply to sell meanwhile', async () => {
    const shopper = await createCustomer(ctx.app);
    await invite(shopper.user.email!);
    const [offer] = await myInvitations(shopper.authorization);
    expect(offer).toMatchObject({ shop: { id: firstShopId }, role: 'shop_staff', permissions: ['orders.read'] });

    const picture = await drawnPicture('png', 400, 300);
    const { payload, headers } = await multipartBody(
      { shop_name: 'Invited Corner', address: '12 Garden Row', shop_phone: '5550123456', shop_email: 'hello@invited-corner.test', accept_terms: 'true' },
      [
        { field: 'logo', name: 'logo.png', type: 'image/png', data: picture },
        { field: 'banner', name: 'banner.png', type: 'image/png', data: picture },
      ],
    );
    const applied = await ctx.app.inject({ method: 'POST', url: '/api/shop-registrations', headers: { ...headers, authorization: shopper.authorization }, payload });
    expect(applied.statusCode, applied.body).toBe(201);

    // Now a shop's owner, they cannot take a second place before leaving the first.
    const refused = await call(shopper.authorization, 'POST', `/console-invitations/${offer!.id}/accept`, undefined, { 'accept-language': 'ar' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'أنت تعمل بالفعل في لوحة تحكم. غادرها قبل قبول دعوة أخرى.' });
  });

  it('makes the holder a member once they accept, with its audit row', async () => {
    const shopper = await createCustomer(ctx.app);
    await invite(shopper.user.email!);
    const [offer] = await myInvitations(shopper.authorization);
    const accepted = await call(shopper.authorization, 'POST', `/console-invitations/${offer!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ message: 'Invitation accepted', data: {} });
    expect((await call(shopper.authorization, 'GET', '/console/me')).json().data).toMatchObject({ role: 'shop_staff', shop: { id: firstShopId }, permissions: ['orders.read'] });
    expect(await myInvitations(shopper.authorization)).toEqual([]);
    const seller = await staffOf(shopOwner);
    expect(seller.staff.map((member) => member.id)).toContain(shopper.user.id);
    expect(seller.invitations.map((invitation) => invitation.email)).not.toContain(shopper.user.email);
    const [row] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff_member.join'), eq(auditLog.entityId, String(shopper.user.id))));
    expect(row).toMatchObject({ actorUserId: shopper.user.id, actorRole: 'shop_staff', shopId: firstShopId });
    // Another person's invitation is not theirs to answer.
    expect((await call(shopper.authorization, 'POST', `/console-invitations/${offer!.id}/accept`)).json()).toEqual({ message: 'Invitation not found' });
  });

  it('lets the holder decline: the invitation is gone from both sides', async () => {
    const shopper = await createCustomer(ctx.app);
    await invite(shopper.user.email!);
    const [offer] = await myInvitations(shopper.authorization);
    const declined = await call(shopper.authorization, 'POST', `/console-invitations/${offer!.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ message: 'Invitation declined', data: {} });
    expect(await myInvitations(shopper.authorization)).toEqual([]);
    expect((await staffOf(shopOwner)).invitations.map((invitation) => invitation.email)).not.toContain(shopper.user.email);
    const late = await call(shopper.authorization, 'POST', `/console-invitations/${offer!.id}/accept`);
    expect(late.statusCode).toBe(404);
    expect(await membershipOf(shopper.user.id)).toBeUndefined();
    expect(await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff_invitation.decline'), eq(auditLog.entityId, String(offer!.id))))).toHaveLength(1);
  });

  it('never lets a blocked account join', async () => {
    const shopper = await createCustomer(ctx.app);
    await invite(shopper.user.email!);
    const [offer] = await myInvitations(shopper.authorization);
    await ctx.database.db.update(users).set({ blockedAt: new Date(), blockedReason: 'Fraud' }).where(eq(users.id, shopper.user.id));
    // Its sessions are refused, so it cannot answer; nor is a blocked e-mail written to (above).
    const accepted = await call(shopper.authorization, 'POST', `/console-invitations/${offer!.id}/accept`);
    expect(accepted.statusCode).toBe(401);
    expect(await membershipOf(shopper.user.id)).toBeUndefined();
  });

  it('signs a new account in through the mailed link, and the link works once', async () => {
    const email = `newcomer-${randomUUID().slice(0, 8)}@example.test`;
    await invite(email);
    await call(storeOwner, 'POST', '/console/staff', { email, name: 'New Agent', role: 'support_agent' });
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(2), { timeout: 10_000, interval: 100 });
    const storeMail = mailsTo(email).find((mail) => mail.text.includes('You are invited to the store console at Open Store.'))!;
    const token = storeMail.text.match(/\/console\/invitation\?token=(\S+)/)![1]!;
    const password = 'agent chooses this';
    const wrong = await call(undefined, 'POST', '/console-invitations/accept', { token: 'made-up', password, password_confirmation: password }, { 'accept-language': 'ar' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ token: ['رابط الدعوة هذا غير صالح أو منتهي الصلاحية.'] });

    const accepted = await call(undefined, 'POST', '/console-invitations/accept', { token, password, password_confirmation: password });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json().data;
    expect(session.user).toMatchObject({ name: 'New Agent', email });
    const authorization = `Bearer ${session.access.token}`;
    expect((await call(authorization, 'GET', '/console/me')).json().data).toMatchObject({ role: 'support_agent', scope: 'store' });
    const again = await call(undefined, 'POST', '/console-invitations/accept', { token, password, password_confirmation: password });
    expect(again.json().errors).toEqual({ token: ['This invitation link is invalid or has expired.'] });
    // The shop's invitation to the same e-mail stays open to the new account, which already works in a console.
    expect((await myInvitations(authorization)).map((offer) => offer.shop?.id)).toEqual([firstShopId]);
  });

  it('sets the session cookie for the web', async () => {
    const email = `cookie-${randomUUID().slice(0, 8)}@example.test`;
    await invite(email);
    await waitForMail(email);
    const token = mailsTo(email)[0]!.text.match(/\/console\/invitation\?token=(\S+)/)![1]!;
    const accepted = await call(undefined, 'POST', '/console-invitations/accept', { token, password: 'helper chooses this', password_confirmation: 'helper chooses this' }, { 'x-session': 'cookie' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.access).toMatchObject({ auth_type: 'Cookie' });
    expect(accepted.headers['set-cookie']).toBeDefined();
  });
});

describe('leaving and removing', () => {
  it("lets a shop's member leave, signed in still as a shopper; a shop's owner stays", async () => {
    const member = await addConsoleMember(ctx.app, 'shop_staff', { shopId: firstShopId, permissions: ['orders.read'] });
    expect((await call(member.authorization, 'GET', '/console/orders')).statusCode).toBe(200);
    const left = await call(member.authorization, 'DELETE', '/console-membership');
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ message: 'You left the console', data: {} });
    // The same session's next console call is refused: access is read per request, never kept.
    expect(await consoleStatus(member.authorization)).toBe(403);
    expect((await call(member.authorization, 'GET', '/console/orders')).statusCode).toBe(403);
    expect((await call(member.authorization, 'GET', '/profile')).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff_member.leave'), eq(auditLog.entityId, String(member.user.id))));
    expect(row).toMatchObject({ shopId: firstShopId, actorRole: 'shop_staff' });
    expect((await call(member.authorization, 'DELETE', '/console-membership')).json()).toEqual({ message: 'You are not a member of a console.' });
    const ownerLeaves = await call(shopOwner, 'DELETE', '/console-membership');
    expect(ownerLeaves.statusCode).toBe(422);
    expect(ownerLeaves.json()).toEqual({ message: "A shop's owner cannot leave their shop." });
  });

  it("lets the store's staff see and remove any shop's member, who stays signed in as a shopper", async () => {
    const other = await addShopWithOwner(ctx.app);
    const member = await addConsoleMember(ctx.app, 'shop_staff', { shopId: other.shop.id, permissions: ['orders.read'] });
    const shopList = await staffOf(storeOwner, `?shop_id=${other.shop.id}`);
    expect(shopList.staff.map((person) => [person.id, person.role])).toEqual([
      [other.owner.user.id, 'shop_owner'],
      [member.user.id, 'shop_staff'],
    ]);
    // A shop's people see their own shop whatever they name.
    expect((await staffOf(shopOwner, `?shop_id=${other.shop.id}`)).staff.map((person) => person.id)).not.toContain(member.user.id);

    expect((await call(member.authorization, 'GET', '/console/orders')).statusCode).toBe(200);
    const removed = await call(storeOwner, 'DELETE', `/console/staff/${member.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await consoleStatus(member.authorization)).toBe(403);
    expect((await call(member.authorization, 'GET', '/console/orders')).statusCode).toBe(403);
    expect((await call(member.authorization, 'GET', '/profile')).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff_member.remove'), eq(auditLog.entityId, String(member.user.id))));
    expect(row).toMatchObject({ shopId: other.shop.id });
    const owner = await call(storeOwner, 'DELETE', `/console/staff/${other.owner.user.id}`);
    expect(owner.json()).toEqual({ message: "A shop's owner cannot be changed or removed." });
  });

  it('lets the sender take an invitation back', async () => {
    const email = `withdrawn-${randomUUID().slice(0, 8)}@example.test`;
    const { invitation } = (await invite(email)).json<{ data: { invitation: StaffInvitation } }>().data;
    const withdrawn = await call(shopOwner, 'DELETE', `/console/staff/invitations/${invitation.id}`);
    expect(withdrawn.json()).toEqual({ message: 'Invitation withdrawn', data: {} });
    expect((await staffOf(shopOwner)).invitations.map((open) => open.email)).not.toContain(email);
    expect((await call(shopOwner, 'DELETE', `/console/staff/invitations/${invitation.id}`)).statusCode).toBe(404);
  });
});
