import { readdirSync, readFileSync } from 'node:fs';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditActions, type AuditEntityType } from '../../../shared/audit-actions.ts';
import { shopOwnerPermissions, storeRolePermissions, type AuditLogPage, type Permission } from '../../../shared/console.contract.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { callAs, consoleRouteTable, type Actor, type ConsoleRoute } from '../../test/console-route-table.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let routes: ConsoleRoute[];
let owner: Actor & { userId: number };
let shopOwner: Actor;
let firstShopId: number;

/** The entity types whose records are a shop's: their rows name that shop. */
const shopRecords = new Set<AuditEntityType>(['product', 'shop', 'order', 'voucher', 'review', 'return', 'refund', 'ticket', 'flash_sale_enrolment', 'withdrawal']);

const auditRows = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from audit_log`))[0]!.n;
const newestRow = async () => (await ctx.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const page = (actor: Actor, query = '') => callAs(ctx.app, actor, 'GET', { url: `/api/console/audit-log${query}` });

beforeAll(async () => {
  ctx = await createTestApp();
  firstShopId = await sellerShopId(ctx.app);
  routes = consoleRouteTable(ctx.app, firstShopId);
  const signedIn = await signInConsoleMember(ctx.app, 'owner');
  owner = { name: 'the store owner', authorization: signedIn.authorization, userId: signedIn.userId, scope: 'store', shopId: null, permissions: storeRolePermissions.owner };
  shopOwner = { name: 'the shop owner', authorization: (await signInConsoleMember(ctx.app, 'shop_owner')).authorization, scope: 'shop', shopId: firstShopId, permissions: shopOwnerPermissions };
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

describe('every console write', () => {
  it('names its audit action in the route table, or why it changes no store record', () => {
    const writes = routes.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((route) => !route.audit && !route.unaudited).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it.each(['store owner', 'shop owner'] as const)('leaves its audit row, as the %s, with who, from where and which request', async (who) => {
    const actor = who === 'store owner' ? owner : shopOwner;
    // Each write the actor may make; the matrix checks the refusals (a shop owner reviewing shops, writing the store's taxonomy).
    const allowed = (route: ConsoleRoute) =>
      (route.permission === 'member' || actor.permissions.includes(route.permission as Permission)) && !(route.storeOnly && actor.scope === 'shop');
    for (const route of routes.filter((candidate) => candidate.method !== 'GET' && allowed(candidate))) {
      const before = await auditRows();
      const response = await callAs(ctx.app, actor, route.method, await route.sample(actor));
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBeLessThan(300);
      if (!route.audit) {
        expect(await auditRows(), `${route.method} ${route.path} ${route.unaudited}, yet wrote an audit row`).toBe(before);
        continue;
      }
      expect(await auditRows(), `${route.method} ${route.path} wrote no audit row`).toBe(before + 1);
      // An action names the entity type of its row (shared/audit-actions.ts).
      const entityType = route.audit.split('.')[0] as AuditEntityType;
      // The store's staff write any shop's records (the first shop's, or a new applicant's).
      const shopId = shopRecords.has(entityType) ? (actor.shopId ?? expect.any(Number)) : actor.shopId;
      expect(await newestRow()).toMatchObject({ action: route.audit, shopId, entityType, clientAddress: '127.0.0.1', requestId: expect.any(String) });
    }
    // Every write one after another: minutes on a busy 2-core machine as routes are added.
  }, 300_000);

  it('writes no audit row when the write fails, and keeps nothing of the write', async () => {
    const before = await auditRows();
    vi.spyOn(ctx.app.jobs, 'queueMail').mockRejectedValueOnce(new Error('queue down'));
    const email = 'rolled-back@example.test';
    const response = await callAs(ctx.app, owner, 'POST', { url: '/api/console/staff', payload: { email, name: 'Rolled Back', role: 'support_agent' } });
    expect(response.statusCode).toBe(500);
    expect(await auditRows()).toBe(before);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('keeps only the changed fields, before and after', async () => {
    const member = await addConsoleMember(ctx.app, 'content_editor');
    const response = await callAs(ctx.app, owner, 'PATCH', { url: `/api/console/staff/${member.user.id}`, payload: { role: 'order_manager' } });
    expect(response.statusCode, response.body).toBe(200);
    const row = await newestRow();
    expect(row).toMatchObject({ action: 'staff_member.update', entityId: String(member.user.id), actorUserId: owner.userId, actorRole: 'owner', shopId: null });
    expect(row.changes).toEqual({ role: { before: 'content_editor', after: 'order_manager' } });
  });
});

describe('GET /api/console/audit-log', () => {
  it('pages newest first by cursor, with filters, and never counts', async () => {
    const member = await addConsoleMember(ctx.app, 'content_editor');
    for (const role of ['order_manager', 'support_agent', 'content_editor'] as const) {
      expect((await callAs(ctx.app, owner, 'PATCH', { url: `/api/console/staff/${member.user.id}`, payload: { role } })).statusCode).toBe(200);
    }
    const filter = `?entity_type=staff_member&entity_id=${member.user.id}&limit=2`;
    const first = (await page(owner, filter)).json<{ data: AuditLogPage }>().data;
    expect(Object.keys(first)).toEqual(['entries', 'next_cursor']);
    expect(first.entries.map((entry) => entry.changes.role!.after)).toEqual(['content_editor', 'support_agent']);
    expect(first.entries[0]).toMatchObject({ action: 'staff_member.update', entity_type: 'staff_member', actor: { id: owner.userId, name: 'Store Admin', role: 'owner' }, shop_id: null });
    const second = (await page(owner, `${filter}&cursor=${first.next_cursor}`)).json<{ data: AuditLogPage }>().data;
    expect(second.entries.map((entry) => entry.changes.role!.after)).toEqual(['order_manager']);
    expect(second.next_cursor).toBeNull();

    const byActor = (await page(owner, `?actor_id=${owner.userId}&action=staff_member.update&limit=100`)).json<{ data: AuditLogPage }>().data;
    expect(byActor.entries.length).toBeGreaterThanOrEqual(3);
    expect(byActor.entries.every((entry) => entry.actor.id === owner.userId && entry.action === 'staff_member.update')).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await page(owner, `?from=${encodeURIComponent(future)}`)).json<{ data: AuditLogPage }>().data.entries).toEqual([]);
    expect((await page(owner, `?to=${encodeURIComponent(future)}&limit=1`)).json<{ data: AuditLogPage }>().data.entries).toHaveLength(1);
  });

  it("shows a shop's people only their shop's rows", async () => {
    const other = await addShopWithOwner(ctx.app);
    const otherOwner: Actor = { name: 'other', authorization: other.owner.authorization, scope: 'shop', shopId: other.shop.id, permissions: [] };
    const invited = await callAs(ctx.app, otherOwner, 'POST', { url: '/api/console/staff', payload: { email: 'other-shop-helper@example.test', name: 'Helper', role: 'shop_staff', permissions: ['orders.read'] } });
    expect(invited.statusCode, invited.body).toBe(201);
    const theirs = (await page(otherOwner, '?limit=100')).json<{ data: AuditLogPage }>().data.entries;
    expect(theirs.map((entry) => entry.action)).toEqual(['staff_invitation.send']);
    const mine = (await page(shopOwner, '?limit=100')).json<{ data: AuditLogPage }>().data.entries;
    expect(mine.every((entry) => entry.shop_id === firstShopId)).toBe(true);
    const store = (await page(owner, '?limit=100')).json<{ data: AuditLogPage }>().data.entries;
    expect(store.some((entry) => entry.shop_id === other.shop.id)).toBe(true);
  });

  it('filters by an entity type and by one of its actions', async () => {
    const member = await addConsoleMember(ctx.app, 'content_editor');
    expect((await callAs(ctx.app, owner, 'PATCH', { url: `/api/console/staff/${member.user.id}`, payload: { role: 'order_manager' } })).statusCode).toBe(200);
    const invited = await callAs(ctx.app, owner, 'POST', { url: '/api/console/staff', payload: { email: 'filtered-helper@example.test', name: 'Helper', role: 'support_agent' } });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitations = (await page(owner, '?entity_type=staff_invitation&limit=100')).json<{ data: AuditLogPage }>().data.entries;
    expect(invitations.length).toBeGreaterThan(0);
    expect(new Set(invitations.map((entry) => entry.entity_type))).toEqual(new Set(['staff_invitation']));
    const sent = (await page(owner, '?entity_type=staff_invitation&action=staff_invitation.send&limit=100')).json<{ data: AuditLogPage }>().data.entries;
    expect(sent.some((entry) => entry.changes.email?.after === 'filtered-helper@example.test')).toBe(true);
    expect(new Set(sent.map((entry) => entry.action))).toEqual(new Set(['staff_invitation.send']));
    const updates = (await page(owner, '?action=staff_member.update&limit=100')).json<{ data: AuditLogPage }>().data.entries;
    expect(updates.some((entry) => entry.entity_id === String(member.user.id))).toBe(true);
    expect(new Set(updates.map((entry) => entry.action))).toEqual(new Set(['staff_member.update']));
  });

  it('refuses an entity type or an action the log does not record, with field errors', async () => {
    const refused = await page(owner, '?entity_type=gadget&action=staff.update');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ entity_type: ['The selected entity type is invalid.'], action: ['The selected action is invalid.'] });
  });

  it('refuses bad filters with field errors', async () => {
    const refused = await page(owner, '?cursor=bm9wZQ&actor_id=abc&from=yesterday&limit=500');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      actor_id: ['The actor id must be a number.'],
      from: ['The from is not a valid date.'],
      limit: ['The limit must not be greater than 100.'],
    });
    const badCursor = await page(owner, '?cursor=bm9wZQ');
    expect(badCursor.statusCode).toBe(422);
    expect(badCursor.json()).toEqual({ message: 'The cursor is invalid.', errors: { cursor: ['The cursor is invalid.'] } });
  });
});

describe('the audit action names', () => {
  it('are renamed in the rows written before the registry, and every row holds a registered one', async () => {
    const written = ['product_review.approve', 'staff.accept', 'order.paid', 'shop.approve'];
    const rows = await ctx.database.db
      .insert(auditLog)
      .values(written.map((action) => ({ createdAt: new Date(), actorUserId: owner.userId, actorRole: 'owner' as const, action, entityType: action.split('.')[0]!, entityId: '1', shopId: null, changes: {} })))
      .returning({ id: auditLog.id });
    const migrations = new URL('../../db/migrations/', import.meta.url);
    const renaming = readdirSync(migrations).find((name) => name.endsWith('_audit_action_names.sql'))!;
    await ctx.database.db.execute(sql.raw(readFileSync(new URL(renaming, migrations), 'utf8')));
    const renamed = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(inArray(auditLog.id, rows.map((row) => row.id))).orderBy(auditLog.id);
    expect(renamed.map((row) => row.action)).toEqual(['product.approve', 'staff_member.join', 'order.mark_paid', 'shop.approve']);
    const held = await ctx.database.db.selectDistinct({ action: auditLog.action }).from(auditLog);
    expect(held.map((row) => row.action).filter((action) => !(auditActions as string[]).includes(action))).toEqual([]);
  });
});
