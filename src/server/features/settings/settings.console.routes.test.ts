import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSettings } from '../../../shared/settings-console.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
const call = (authorization: string, method: 'GET' | 'PATCH', payload?: Record<string, unknown>) => ctx.app.inject({ method, url: '/api/console/settings', headers: { authorization }, payload });
const settingsAudit = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(asc(auditLog.id));

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

describe('/api/console/settings', () => {
  it('shows the store settings and changes them, each changed setting in the audit log', async () => {
    const shown = await call(owner, 'GET');
    expect(shown.statusCode, shown.body).toBe(200);
    const before = shown.json<{ data: { settings: ConsoleSettings } }>().data.settings;
    expect(before).toEqual({ guest_checkout: false, seller_registration: true, product_approval: false, sellers_moderate_reviews: false, low_stock_threshold: 5, return_window_days: 14 });

    const changed = await call(owner, 'PATCH', { guest_checkout: true, return_window_days: 30, product_approval: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: 'Settings updated', data: { settings: { ...before, guest_checkout: true, return_window_days: 30 } } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.guest_checkout).toBe(true);
    expect((await settingsAudit()).map((row) => ({ action: row.action, entityId: row.entityId, changes: row.changes }))).toEqual([
      { action: 'settings.update', entityId: 'store', changes: { guest_checkout: { before: false, after: true }, return_window_days: { before: 14, after: 30 } } },
    ]);
  });

  it('refuses a bad value under its field and changes nothing', async () => {
    const refused = await call(owner, 'PATCH', { low_stock_threshold: -1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ low_stock_threshold: ['The low stock threshold must be at least 0.'] });
    expect((await call(owner, 'GET')).json().data.settings.low_stock_threshold).toBe(5);
  });

  it('is refused to staff without the settings permission', async () => {
    const manager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
    const refused = await call(manager, 'PATCH', { guest_checkout: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});
