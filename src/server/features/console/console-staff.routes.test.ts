import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMe, StaffMember } from '../../../shared/console.contract.ts';
import { consoleInvitations, consoleMembers, users } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: { userId: number; authorization: string };
let shopOwner: string;
let firstShopId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInConsoleMember(ctx.app, 'owner');
  shopOwner = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  firstShopId = await sellerShopId(ctx.app);
});
afterAll(() => ctx.close());

function call(authorization: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method, url: `/api/console${url}`, headers: { ...headers, ...(authorization ? { authorization } : {}) }, payload });
}

const meOf = async (authorization: string) => (await call(authorization, 'GET', '/me')).json<{ data: ConsoleMe }>().data;

describe('GET /api/console/me', () => {
  it('tells a store member, a shop owner and a shop staff member who they are and what they may do', async () => {
    expect(await meOf(owner.authorization)).toMatchObject({ user: { id: owner.userId, name: 'Store Admin', email: 'admin@example.com' }, scope: 'store', role: 'owner', shop: null });
    expect((await meOf(owner.authorization)).permissions).toContain('staff.manage');
    // A shop's people read the store's clock too: flash sales start and end by it.
    expect(await meOf(shopOwner)).toMatchObject({ scope: 'shop', role: 'shop_owner', shop: { id: firstShopId, status: 'approved' }, time_zone: 'UTC' });
    const staff = await meOf((await signInConsoleMember(ctx.app, 'shop_staff')).authorization);
    expect(staff).toMatchObject({ role: 'shop_staff', permissions: ['catalogue.read', 'catalogue.write', 'orders.read'] });
  });

  it('refuses a shopper (403) and a visitor (401), in the shopper’s language', async () => {
    const shopper = await createCustomer(ctx.app);
    expect((await call(shopper.authorization, 'GET', '/me', undefined, { 'accept-language': 'ar' })).json()).toEqual({ message: 'هذا الإجراء غير مصرح به.' });
    expect((await call(undefined, 'GET', '/me')).statusCode).toBe(401);
  });
});

describe('inviting staff', () => {
  it('refuses a new e-mail without a name, and a role or permissions of the other side', async () => {
    const refusals = [
      [{ email: 'catalogue@example.com', role: 'support_agent' }, { name: ['The name field is required.'] }],
      [{ email: 'nameless@example.test', role: 'support_agent' }, { name: ['The name field is required.'] }],
      [{ email: 'x@example.test', name: 'X', role: 'shop_staff' }, { role: ['The selected role is invalid.'] }],
      [{ email: 'x@example.test', name: 'X', role: 'support_agent', permissions: ['orders.read'] }, { permissions: ['The selected permissions is invalid.'] }],
      [{ email: 'not-an-email', name: 'X', role: 'boss' }, { email: ['The email must be a valid email address.'], role: ['The selected role is invalid.'] }],
      [{}, { email: ['The email field is required.'], name: ['The name field is required.'], role: ['The role field is required.'] }],
    ] as const;
    for (const [payload, errors] of refusals) {
      const response = await call(owner.authorization, 'POST', '/staff', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
  });

  it('lets a shop owner give only seller staff permissions', async () => {
    const beyond = await call(shopOwner, 'POST', '/staff', { email: 'greedy@example.test', name: 'Greedy', role: 'shop_staff', permissions: ['orders.read', 'staff.manage'] });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toEqual({ message: 'The selected permissions is invalid.', errors: { permissions: ['The selected permissions is invalid.'] } });
    const storeRole = await call(shopOwner, 'POST', '/staff', { email: 'greedy@example.test', name: 'Greedy', role: 'owner' });
    expect(storeRole.json().errors).toEqual({ role: ['The selected role is invalid.'] });
    const fine = await call(shopOwner, 'POST', '/staff', { email: 'packer@example.test', name: 'Packer', role: 'shop_staff', permissions: ['orders.read', 'orders.write', 'orders.read'] });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().data.invitation).toMatchObject({ email: 'packer@example.test', role: 'shop_staff', permissions: ['orders.read', 'orders.write'] });
    const [row] = await ctx.database.db.select().from(consoleInvitations).where(eq(consoleInvitations.id, fine.json().data.invitation.id));
    expect(row).toMatchObject({ shopId: firstShopId, role: 'shop_staff' });
  });
});

describe('changing and removing staff', () => {
  it("shows a shop owner only their shop's people, and another shop's member is not found", async () => {
    const other = await addShopWithOwner(ctx.app);
    const theirs = await addConsoleMember(ctx.app, 'shop_staff', { shopId: other.shop.id, permissions: ['orders.read'] });
    const list = (await call(shopOwner, 'GET', '/staff')).json<{ data: { staff: StaffMember[] } }>().data.staff;
    expect(list.map((member) => member.id)).not.toContain(theirs.user.id);
    expect(list.map((member) => member.role)).toContain('shop_owner');
    const storeList = (await call(owner.authorization, 'GET', '/staff')).json<{ data: { staff: StaffMember[] } }>().data.staff;
    expect(storeList.every((member) => !['shop_owner', 'shop_staff'].includes(member.role))).toBe(true);
    for (const [method, payload] of [['PATCH', { permissions: [] }], ['DELETE', undefined]] as const) {
      const response = await call(shopOwner, method, `/staff/${theirs.user.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Staff member not found' });
      // The store changes only its own staff, but removes any shop's member (decision 049).
      expect((await call(owner.authorization, method, `/staff/${theirs.user.id}`, payload ? { role: 'owner' } : undefined)).statusCode).toBe(method === 'PATCH' ? 404 : 200);
    }
    expect((await call(shopOwner, 'DELETE', '/staff/abc')).statusCode).toBe(404);
  });

  it("never changes or removes a shop's owner", async () => {
    const me = await meOf(shopOwner);
    for (const [method, payload] of [['PATCH', { permissions: ['orders.read'] }], ['DELETE', undefined]] as const) {
      const response = await call(shopOwner, method, `/staff/${me.user.id}`, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: "A shop's owner cannot be changed or removed." });
    }
  });

  it('keeps the last store owner, in every language', async () => {
    const owners = await ctx.database.db.select().from(consoleMembers).where(eq(consoleMembers.role, 'owner'));
    expect(owners.map((row) => row.userId)).toEqual([owner.userId]);
    const demoted = await call(owner.authorization, 'PATCH', `/staff/${owner.userId}`, { role: 'support_agent' });
    expect(demoted.statusCode).toBe(422);
    expect(demoted.json()).toEqual({ message: 'The store must keep at least one owner.', errors: { role: ['The store must keep at least one owner.'] } });
    const removed = await call(owner.authorization, 'DELETE', `/staff/${owner.userId}`, undefined, { 'accept-language': 'ar' });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().message).toBe('يجب أن يبقى للمتجر مالك واحد على الأقل.');

    // With a second owner, one of them may step down; users.role follows for the operations API.
    const second = await addConsoleMember(ctx.app, 'owner');
    const stepDown = await call(second.authorization, 'PATCH', `/staff/${second.user.id}`, { role: 'order_manager' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    const [account] = await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, second.user.id));
    expect(account!.role).toBe('customer');
    expect((await call(second.authorization, 'GET', '/staff')).statusCode).toBe(403);
    expect((await call(owner.authorization, 'PATCH', `/staff/${second.user.id}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, second.user.id)))[0]!.role).toBe('admin');
  });

  it("closes the console to a removed member, who stays signed in as a shopper", async () => {
    const member = await addConsoleMember(ctx.app, 'shop_staff', { shopId: firstShopId, permissions: ['orders.read'] });
    expect((await call(member.authorization, 'GET', '/me')).statusCode).toBe(200);
    const changed = await call(shopOwner, 'PATCH', `/staff/${member.user.id}`, { permissions: ['catalogue.read', 'support.read'] });
    expect(changed.json().data.member.permissions).toEqual(['catalogue.read', 'support.read']);
    expect((await call(shopOwner, 'PATCH', `/staff/${member.user.id}`, {})).json().errors).toEqual({ permissions: ['The permissions field is required.'] });
    const removed = await call(shopOwner, 'DELETE', `/staff/${member.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Staff member removed', data: {} });
    expect((await call(member.authorization, 'GET', '/me')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: member.authorization } })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(consoleMembers).where(eq(consoleMembers.userId, member.user.id))).toEqual([]);
  });
});
