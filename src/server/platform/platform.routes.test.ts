import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../db/schema.ts';
import { createTestApp, FAKE_ASSET, type TestContext } from '../test/test-app.ts';

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
    expect(unknownImageKind.json().errors).toHaveProperty('kind');
  });
});

describe('storefront', () => {
  it('serves the app shell for pages, with the store name as title, and 404 status for paths that are no page', async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('<title>Open Store</title>');
    expect(home.headers['cache-control']).toBe('no-cache');

    const product = await ctx.app.inject({ method: 'GET', url: '/products/12/details' });
    expect(product.statusCode).toBe(200);

    const missing = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('embeds the first data the storefront needs, escaped so no text can end its script element', async () => {
    const hostile = '</script><script>alert(1)</script>';
    await ctx.database.db.update(settings).set({ value: hostile }).where(eq(settings.key, 'app_name'));
    const html = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    await ctx.database.db.update(settings).set({ value: 'Open Store' }).where(eq(settings.key, 'app_name'));

    expect(html).not.toContain('<script>alert(1)');
    const json = html.match(/<script type="application\/json" id="store-bootstrap">(.*?)<\/script>/)?.[1];
    const bootstrap = JSON.parse(json!);
    expect(bootstrap.master.app_name).toBe(hostile);
    expect(bootstrap.categories.length).toBeGreaterThan(0);
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: FAKE_ASSET });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves robots.txt as text, not the app shell', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });

  it('sends security headers with a content security policy that allows only our own scripts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('compresses large answers with brotli or gzip', async () => {
    const brotli = await ctx.app.inject({ method: 'GET', url: '/api/countries', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await ctx.app.inject({ method: 'GET', url: '/api/countries', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });
});
