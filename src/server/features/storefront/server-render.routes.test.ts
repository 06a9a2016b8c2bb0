import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, settings } from '../../db/schema.ts';
import { clearProductDetailsCache } from '../catalog/catalog.service.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The storefront's own server render, straight from the source (the build makes the same module).
const SERVER_RENDER = fileURLToPath(new URL('../../../web/server-render.tsx', import.meta.url));

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
const bootstrapOf = (html: string) => JSON.parse(html.match(/id="store-bootstrap">(.*?)<\/script>/)![1]!);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ webRenderModule: SERVER_RENDER });
});
afterAll(() => ctx.close());

describe('server-rendered pages', () => {
  it('sends a product page with its content in the HTML, marked so the browser hydrates it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/products/3/details' });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    const product = bootstrapOf(response.body).product;
    expect(root).toContain(`>${product.name}</h1>`);
    expect(root).toMatch(/\$\d+\.\d\d/);
    expect(root).toContain('Add to Cart');
    // Below the fold too: search engines read the description from the HTML.
    expect(root).toContain(escapeText(product.description.slice(0, 40)));
    expect(root).toContain('Related Products');
    // The header too: the store's logo and its name.
    expect(root).toContain(`alt="${bootstrapOf(response.body).master.app_name}"`);
    expect(bootstrapOf(response.body).prerendered).toBe(true);
  });

  it('renders home and the product listing with the cards a visitor sees', async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    const { home: content } = bootstrapOf(home.body);
    expect(rootOf(home.body)).toContain(escapeText(content.popular_products[0].name));

    const listing = await ctx.app.inject({ method: 'GET', url: '/products' });
    const { productList } = bootstrapOf(listing.body);
    expect(rootOf(listing.body)).toContain(`/products/${productList.products[0].id}/details`);
  });

  it('renders a page again when its data changes, and serves it from memory while it does not', async () => {
    const first = (await ctx.app.inject({ method: 'GET', url: '/products/4/details' })).body;
    const again = (await ctx.app.inject({ method: 'GET', url: '/products/4/details' })).body;
    expect(rootOf(again)).toBe(rootOf(first));

    await ctx.database.db.update(products).set({ name: 'Renamed Lamp' }).where(eq(products.id, 4));
    clearProductDetailsCache();
    const renamed = (await ctx.app.inject({ method: 'GET', url: '/products/4/details' })).body;
    expect(rootOf(renamed)).toContain('>Renamed Lamp</h1>');
    expect(bootstrapOf(renamed).product.name).toBe('Renamed Lamp');
  });

  it('puts the stylesheet first and starts the code after the first paint', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/products/3/details' })).body;
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<title>'));
    expect(head).not.toContain('<script type="module"');
    const starter = head.match(/<script src="\/start-after-paint\.js" data-entry="([^"]+)" data-modules="([^"]+)" defer><\/script>/);
    expect(starter?.[1]).toBe('/assets/index-Ab12Cd34.js');
    expect(JSON.parse(starter![2]!.replace(/&#34;/g, '"'))).toContain('/assets/react-Ef56Gh78.js');
  });

  it("leaves the shopper's own pages to the browser, which knows who is signed in", async () => {
    for (const url of ['/dashboard', '/order-history', '/checkout']) {
      const html = (await ctx.app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(bootstrapOf(html).prerendered, url).toBeUndefined();
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js">');
    }
  });

  it("renders in the store's default language and direction", async () => {
    const arabic = await createTestApp({ webRenderModule: SERVER_RENDER });
    try {
      await arabic.database.db.update(settings).set({ value: 'ar' }).where(eq(settings.key, 'app_locale'));
      const html = (await arabic.app.inject({ method: 'GET', url: '/products/3/details' })).body;
      expect(html).toMatch(/<html lang="ar" dir="rtl"/);
      expect(rootOf(html)).toContain('أضف إلى السلة');
      expect(rootOf(html)).not.toContain('Add to Cart');
    } finally {
      await arabic.close();
    }
  });

  it('still serves the page, for the browser to paint, when the server render fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-render-'));
    const failing = path.join(dir, 'server-render.mjs');
    writeFileSync(failing, 'export async function renderPage() { throw new Error("render exploded"); }\n');
    const broken = await createTestApp({ webRenderModule: failing });
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/products/3/details' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(bootstrapOf(response.body).product.id).toBe(3);
      expect(bootstrapOf(response.body).prerendered).toBeUndefined();
    } finally {
      await broken.close();
    }
  });
});
