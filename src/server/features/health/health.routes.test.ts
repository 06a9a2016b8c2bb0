import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('is healthy while the database answers and 503 once it is unreachable', async () => {
  const healthy = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(healthy.statusCode).toBe(200);
  expect(healthy.json().data).toEqual({ status: 'ok', database: 'up' });

  await ctx.database.close();
  const down = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(down.statusCode).toBe(503);
  expect(down.json()).toEqual({ message: 'Service Unavailable', data: { status: 'error', database: 'down' } });
});
