import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('errors', () => {
  it('answers JSON 404 for an unknown API path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/x' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/master',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(badJson.statusCode).toBeLessThan(500);

    const hugeParam = await ctx.app.inject({ method: 'GET', url: `/api/lang/${'a'.repeat(5000)}` });
    expect(hugeParam.statusCode).toBeGreaterThanOrEqual(400);
    expect(hugeParam.statusCode).toBeLessThan(500);

    const unknownImageKind = await ctx.app.inject({ method: 'GET', url: '/media/placeholder/passport/x.svg' });
    expect(unknownImageKind.statusCode).toBe(422);
    expect(unknownImageKind.json().errors).toEqual({
      kind: ['The selected kind is invalid.'],
    });
  });
});
