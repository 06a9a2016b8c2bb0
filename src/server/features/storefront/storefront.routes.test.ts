import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, FAKE_ASSET, FAKE_CONSOLE_PAGE, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

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

  it("serves the console's page at /console and every path below it, kept out of search engines", async () => {
    for (const url of ['/console', '/console/', '/console/orders', '/console/orders/12?tab=history']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(FAKE_CONSOLE_PAGE);
    }
    // A path that only starts like it is a storefront path.
    const other = await ctx.app.inject({ method: 'GET', url: '/consoles' });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toBe(FAKE_CONSOLE_PAGE);
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
    expect(response.body).toContain('Disallow: /console\n');
  });

  it('sends security headers with a content security policy that allows only our own scripts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The social sign-in pop-ups answer through window.opener; Google checks the referrer; plain HTTP stays possible.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/countries' });
    expect(answer.headers['content-security-policy']).toBe(csp);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses large answers with brotli or gzip', async () => {
    const brotli = await ctx.app.inject({ method: 'GET', url: '/api/countries', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await ctx.app.inject({ method: 'GET', url: '/api/countries', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const page = await ctx.app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    const missing = await ctx.app.inject({ method: 'GET', url: '/no/such/page', headers: { 'accept-encoding': 'gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
  });
});

describe('search engines and link previews', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
  const meta = (html: string, property: string) =>
    html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`))?.[1];

  it('fills a product page with its title, description, canonical link, Open Graph tags and Product JSON-LD', async () => {
    const [product] = await queryRows<{ id: number; name: string; price: number; discount_price: number; stock: number }>(
      ctx.database.db,
      sql`select p.id, p.name, p.price, p.discount_price, p.stock from products p
          where p.status = 'active' and p.review_count > 0
          and not exists (select 1 from flash_sale_enrolments f where f.product_id = p.id) order by p.id limit 1`,
    );
    const response = await ctx.app.inject({ method: 'GET', url: `/products/${product!.id}/details` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>${product!.name.replace(/&/g, '&#38;').replace(/"/g, '&#34;')} - Open Store</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/products/${product!.id}/details">`));
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:image')).toMatch(/^http.*\.svg$/);
    expect(meta(html, 'description')?.length).toBeGreaterThan(10);

    const [productLd, breadcrumbLd] = jsonLd(html);
    const expectedPrice = ((product!.discount_price > 0 ? product!.discount_price : product!.price) / 100).toFixed(2);
    expect(productLd).toMatchObject({
      '@type': 'Product',
      name: product!.name,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: expectedPrice,
        availability: product!.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
      aggregateRating: { '@type': 'AggregateRating' },
    });
    expect(breadcrumbLd['@type']).toBe('BreadcrumbList');
    expect(breadcrumbLd.itemListElement).toHaveLength(3);
  });

  it('answers 404 for a product, category, shop or flash sale page whose record does not exist', async () => {
    for (const url of ['/products/99999999/details', '/categories/no-such-thing', '/shops/99999999', '/flash-sale/99999999', '/flash-sale/abc']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it("titles a flash sale's page with the sale's name", async () => {
    const [sale] = await queryRows<{ id: number; name: string }>(ctx.database.db, sql`select id, name from flash_sales where is_active order by id limit 1`);
    const response = await ctx.app.inject({ method: 'GET', url: `/flash-sale/${sale!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${sale!.name} - Open Store</title>`);
    expect(response.body).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"/]+/flash-sale/${sale!.id}">`));
  });

  it('fills category, shop and home pages', async () => {
    const category = (await ctx.app.inject({ method: 'GET', url: '/categories/electronics' })).body;
    expect(category).toContain('<title>Electronics - Open Store</title>');
    expect(jsonLd(category)[0]['@type']).toBe('BreadcrumbList');

    const shop = (await ctx.app.inject({ method: 'GET', url: '/shops/1' })).body;
    expect(jsonLd(shop)[0]['@type']).toBe('Store');

    const home = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    expect(jsonLd(home)[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
  });

  it('lists pages, categories, shops and every active product in the sitemaps', async () => {
    const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(files).toEqual(['/sitemaps/pages.xml', '/sitemaps/products-1.xml']);

    const pages = (await ctx.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' })).body;
    expect(pages).toContain('/categories/electronics</loc>');
    expect(pages).toContain('/shops/1</loc>');
    expect(pages).toContain('/about-us</loc>');

    const productsXml = (await ctx.app.inject({ method: 'GET', url: '/sitemaps/products-1.xml' })).body;
    const [active] = await queryRows<{ total: number }>(ctx.database.db, sql`select count(*)::int as total from products where status = 'active'`);
    expect(productsXml.match(/<url>/g)).toHaveLength(active!.total);
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemaps/products-9.xml' })).statusCode).toBe(404);
  });
});


describe('the address in links', () => {
  const HOSTILE_HOST = 'evil.example';
  /**
   * The origins of the store's own addresses an answer names: canonical and Open Graph links, JSON-LD,
   * robots.txt and sitemap entries (not the store settings' links to app stores and social networks).
   */
  const origins = (body: string) =>
    new Set(
      [...body.replace(/<script type="application\/json" id="store-bootstrap">.*?<\/script>/s, '').matchAll(/https?:\/\/[^/"<\s]+/g)]
        .map((match) => match[0])
        .filter((origin) => !/\bschema\.org$|\bsitemaps\.org$/.test(origin)),
    );
  const paths = ['/', '/products/3/details', '/blog/welcome', '/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/products-1.xml'];

  it('is the configured public address, whatever Host a request names', async () => {
    const shop = await createTestApp({ publicUrl: 'https://shop.example.com' });
    try {
      for (const url of paths) {
        const response = await shop.app.inject({ method: 'GET', url, headers: { host: HOSTILE_HOST, 'x-forwarded-host': HOSTILE_HOST } });
        expect(response.body, url).not.toContain(HOSTILE_HOST);
        expect([...origins(response.body)], url).toEqual(['https://shop.example.com']);
      }
      const home = (await shop.app.inject({ method: 'GET', url: '/', headers: { host: HOSTILE_HOST } })).body;
      expect(home).toContain('<link rel="canonical" href="https://shop.example.com/">');
      expect(home).toContain('<meta property="og:url" content="https://shop.example.com/">');
    } finally {
      await shop.close();
    }
  });

  it('is localhost on the store port in a local environment without PUBLIC_URL, never the Host a request names', async () => {
    for (const url of paths) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { host: HOSTILE_HOST } });
      expect([...origins(response.body)], url).toEqual([`http://localhost:${ctx.config.port}`]);
    }
  });
});
