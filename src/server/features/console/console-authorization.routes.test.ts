import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopOwnerPermissions, storeRolePermissions, storeRoles, type Permission } from '../../../shared/console.contract.ts';
import { shops } from '../../db/schema.ts';
import { guardConsoleRoutes } from '../../platform/console-access.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { callAs, consoleRouteTable, registeredConsoleRoutes, type Actor, type ConsoleRoute } from '../../test/console-route-table.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let routes: ConsoleRoute[];
const actors: Actor[] = [];
/** A shop of another seller than the first shop's. */
let otherShopSeller: Actor;

const readOnly = (granted: readonly Permission[]) => granted.filter((permission) => permission.endsWith('.read'));

async function shopOwnerWithStatus(status: 'pending' | 'suspended', permissions: readonly Permission[]): Promise<Actor> {
  const { shop, owner } = await addShopWithOwner(ctx.app);
  await ctx.database.db.update(shops).set({ status }).where(eq(shops.id, shop.id));
  return { name: `the owner of a ${status} shop`, authorization: owner.authorization, scope: 'shop', shopId: shop.id, permissions };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const firstShopId = await sellerShopId(ctx.app);
  routes = consoleRouteTable(ctx.app, firstShopId);
  for (const role of storeRoles) {
    actors.push({ name: `a store ${role}`, authorization: (await signInConsoleMember(ctx.app, role)).authorization, scope: 'store', shopId: null, permissions: storeRolePermissions[role] });
  }
  actors.push({ name: 'the shop owner', authorization: (await signInConsoleMember(ctx.app, 'shop_owner')).authorization, scope: 'shop', shopId: firstShopId, permissions: shopOwnerPermissions });
  actors.push({
    name: 'a shop staff member with catalogue and order reading',
    authorization: (await signInConsoleMember(ctx.app, 'shop_staff')).authorization,
    scope: 'shop',
    shopId: firstShopId,
    permissions: ['catalogue.read', 'catalogue.write', 'orders.read'],
  });
  actors.push(await shopOwnerWithStatus('pending', ['shop.profile']));
  actors.push(await shopOwnerWithStatus('suspended', readOnly(shopOwnerPermissions)));
  actors.push({ name: 'a customer', authorization: (await createCustomer(ctx.app)).authorization, scope: null, shopId: null, permissions: [] });
  actors.push({ name: 'a signed-out visitor', scope: null, shopId: null, permissions: [] });
  const other = await addShopWithOwner(ctx.app);
  otherShopSeller = { name: "another shop's seller", authorization: other.owner.authorization, scope: 'shop', shopId: other.shop.id, permissions: shopOwnerPermissions };
  actors.push(otherShopSeller);
  // Twelve accounts signed in one after another: on a busy machine this takes longer than one hook's usual time.
}, 60_000);
afterAll(() => ctx.close());

describe('the console route table', () => {
  it('has a row for every registered /api/console route, and no row for a route that does not exist', () => {
    const registered = registeredConsoleRoutes(ctx.app);
    const listed = routes.map((route) => `${route.method} ${route.path}`);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((route) => !listed.includes(route)), 'console routes missing from console-route-table.ts').toEqual([]);
    expect(listed.filter((route) => !registered.includes(route)), 'rows of console-route-table.ts naming no route').toEqual([]);
  });

  it('refuses at start a console route that declares no permission', async () => {
    const app = Fastify();
    guardConsoleRoutes(app);
    const start = async () => {
      await app.register(async (api) => {
        api.get('/console/unguarded', async () => ({}));
      }, { prefix: '/api' });
      await app.ready();
    };
    await expect(start()).rejects.toThrow('GET /api/console/unguarded declares no config.permission');
  });
});

const expectedStatus = (actor: Actor, route: ConsoleRoute): 'allowed' | 401 | 403 => {
  if (!actor.authorization) return 401;
  if (actor.scope === null) return 403;
  if (route.storeOnly && actor.scope !== 'store') return 403;
  return route.permission === 'member' || actor.permissions.includes(route.permission) ? 'allowed' : 403;
};

describe('who may call each console route', () => {
  it('walks every route with every actor', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const actor of actors) {
        const expected = expectedStatus(actor, route);
        const response = await callAs(ctx.app, actor, route.method, await route.sample(actor));
        const ok = expected === 'allowed' ? response.statusCode >= 200 && response.statusCode < 300 : response.statusCode === expected;
        if (!ok) failures.push(`${route.method} ${route.path} as ${actor.name}: expected ${expected}, got ${response.statusCode} ${response.body}`);
        if (expected === 403 && ok) expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
        if (expected === 401 && ok) expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
    expect(failures).toEqual([]);
    // Every route times every actor, one after another: minutes on a busy 2-core machine as routes are added.
  }, 300_000);

  it("answers 404 to another shop's seller on a record of the first shop", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.firstShopRecord)) {
      const response = await callAs(ctx.app, otherShopSeller, route.method, await route.firstShopRecord!());
      if (response.statusCode !== 404) failures.push(`${route.method} ${route.path}: got ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
  });
});
