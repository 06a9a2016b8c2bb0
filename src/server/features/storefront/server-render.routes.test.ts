import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, settings } from '../../db/schema.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addShop } from '../../test/commerce-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { PREFERENCES_COOKIE } from '../../../shared/constants.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { DEFAULT_HOME_LAYOUT } from '../../../shared/home-content.contract.ts';
import { homePreviewLink, writeHomeLayout } from '../content/home-content.service.ts';

// The storefront's own server render, straight from the source (the build makes the same module).
const SERVER_RENDER = fileURLToPath(new URL('../../../web/server-render.tsx', import.meta.url));

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="store-written-dates">'));
const bootstrapOf = (html: string) => JSON.parse(html.match(/id="store-bootstrap">(.*?)<\/script>/)![1]!);
/** The data a query of the page's route loader left for the browser, by the first part of its key. */
const pageData = (html: string, key: string) =>
  bootstrapOf(html).queries.queries.find((query: { queryKey: unknown[] }) => query.queryKey[0] === key)?.state.data;

let ctx: TestContext;
// Loading the render module compiles every page of the storefront from source.
const RENDER_MODULE_LOAD_MS = 180_000;

beforeAll(async () => {
  ctx = await createTestApp({ webRenderModule: SERVER_RENDER });
}, RENDER_MODULE_LOAD_MS);
afterAll(() => ctx.close());

/** The page's visible text as a browser without JavaScript reads it: the markup in #root, entities decoded. */
const readable = (html: string) =>
  rootOf(html).replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

describe('every public page, as a visitor without JavaScript gets it', () => {
  const api = async <Data,>(url: string): Promise<Data> => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api${url}` });
    expect(response.statusCode, url).toBe(200);
    return (response.json() as { data: Data }).data;
  };
  type Named = { name: string };
  type Titled = { title: string };
  const names = (items: Named[]) => items.slice(0, 6).map((item) => item.name);
  const titles = (items: Titled[]) => items.slice(0, 6).map((item) => item.title);

  async function expectPageShows(url: string, expected: string[]) {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    const text = readable(response.body);
    expect(expected.length, url).toBeGreaterThan(0);
    for (const name of expected) expect(text, `${url} shows "${name}"`).toContain(name);
    expect(text, `${url} has no loading placeholders`).not.toContain('animate-pulse');
    expect(text, `${url} came whole, not in parts`).not.toContain('<template');
  }

  it('carries the names the API gives for each page', { timeout: 120_000 }, async () => {
    const home = await api<{ popular_products: Named[]; best_deal_products: Named[]; running_flash_sale: (Named & { id: number }) | null }>('/home');
    await expectPageShows('/', [...names(home.popular_products), ...names(home.best_deal_products)]);

    const pageTwo = await api<{ products: Named[] }>(`/products?per_page=${PAGE_SIZE}&page=2`);
    await expectPageShows('/products?page=2', names(pageTwo.products));
    const sorted = await api<{ products: Named[] }>(`/products?per_page=${PAGE_SIZE}&sort_type=low_to_high&min_price=10`);
    await expectPageShows('/products?sort_type=low_to_high&min_price=10', names(sorted.products));

    const { categories } = await api<{ categories: (Named & { id: number; slug: string })[] }>('/categories');
    await expectPageShows('/categories', names(categories));
    const category = categories[0]!;
    const inCategory = await api<{ products: Named[] }>(`/products?per_page=${PAGE_SIZE}&category_id=${category.id}`);
    await expectPageShows(`/categories/${category.slug}`, [category.name, ...names(inCategory.products)]);

    const { shops } = await api<{ shops: (Named & { id: number })[] }>('/shops');
    await expectPageShows('/shops', names(shops));
    const shop = shops[0]!;
    const inShop = await api<{ products: Named[] }>(`/products?per_page=${PAGE_SIZE}&shop_id=${shop.id}`);
    await expectPageShows(`/shops/${shop.id}`, [shop.name, ...names(inShop.products)]);

    const deals = await api<{ products: Named[] }>(`/products?per_page=${PAGE_SIZE}&discounted=true`);
    await expectPageShows('/best-deal', names(deals.products));
    const popular = await api<{ products: Named[] }>(`/products?per_page=${PAGE_SIZE}&sort_type=popular_product`);
    await expectPageShows('/most-popular', names(popular.products));

    const sale = home.running_flash_sale!;
    const saleProducts = await api<{ products: Named[] }>(`/flash-sales/${sale.id}?page=1&per_page=${PAGE_SIZE}`);
    await expectPageShows(`/flash-sale/${sale.id}`, [sale.name, ...names(saleProducts.products)]);

    const { product } = await api<{ product: Named & { id: number } }>('/products/5');
    await expectPageShows('/products/5/details', [product.name]);

    const blogs = await api<{ blogs: (Titled & { slug: string })[]; categories: { slug: string }[] }>(`/blogs?per_page=${PAGE_SIZE}`);
    await expectPageShows('/blogs', titles(blogs.blogs));
    const blogCategory = blogs.categories[0]!.slug;
    const inBlogCategory = await api<{ blogs: Titled[] }>(`/blogs?per_page=${PAGE_SIZE}&category=${blogCategory}`);
    await expectPageShows(`/blogs?category=${blogCategory}`, titles(inBlogCategory.blogs));
    const found = await api<{ blogs: Titled[] }>(`/blogs?per_page=${PAGE_SIZE}&search=coffee`);
    await expectPageShows('/blogs?search=coffee', titles(found.blogs));
    const post = blogs.blogs[0]!;
    await expectPageShows(`/blog/${post.slug}`, [post.title]);

    for (const [url, slug] of [
      ['/terms-and-conditions', 'terms-and-conditions'],
      ['/privacy-policy', 'privacy-policy'],
      ['/about-us', 'about-us'],
      ['/page/shipping-and-returns', 'shipping-and-returns'],
    ] as const) {
      const { page } = await api<{ page: Titled }>(`/pages/${slug}`);
      await expectPageShows(url, [page.title]);
    }

    const { faqs } = await api<{ faqs: { question: string }[] }>('/faqs');
    await expectPageShows('/support', faqs.slice(0, 4).map((faq) => faq.question));
    const master = await api<{ email: string; mobile: string }>('/master');
    await expectPageShows('/contact-us', [master.email]);
  });
});

describe('server-rendered pages', () => {
  it('sends a product page with its content in the HTML, marked so the browser hydrates it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/products/3/details' });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    const product = pageData(response.body, 'product');
    expect(root).toContain(`>${product.name}</h1>`);
    expect(root).toMatch(/\$\d+\.\d\d/);
    expect(root).toContain('Add to Cart');
    // Below the fold too: search engines read the description from the HTML.
    expect(root).toContain(escapeText(product.description.slice(0, 40)));
    expect(root).toContain('Related Products');
    // The header too: the store's logo and its name.
    expect(root).toContain(`alt="${pageData(response.body, 'master').app_name}"`);
    expect(bootstrapOf(response.body).prerendered).toBe(true);
  });

  it("sends every form's submit button off until the page is alive, so an early click cannot put a password or an address in the page's address", async () => {
    const { token } = await createCustomer(ctx.app, { name: 'Early Clicker' });
    const signedIn = { cookie: `session=${token}` };
    const forms = [
      { url: '/shop/register', button: 'Submit application' },
      { url: '/contact-us', button: 'Send Message' },
      { url: '/change-password', button: 'Change Password', headers: signedIn },
      { url: '/profile', button: 'Update Profile', headers: signedIn },
    ];
    for (const { url, button, headers } of forms) {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(rootOf(response.body), url).toMatch(new RegExp(`<button type="submit" disabled=""[^>]*>${button}</button>`));
    }
  });

  it('renders home and the product listing with the cards a visitor sees', async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    const content = pageData(home.body, 'home');
    expect(rootOf(home.body)).toContain(escapeText(content.popular_products[0].name));

    const listing = await ctx.app.inject({ method: 'GET', url: '/products' });
    const productList = pageData(listing.body, 'products');
    expect(rootOf(listing.body)).toContain(`/products/${productList.products[0].id}/details`);
  });

  it("renders a home preview link's draft sections in their order, and the live ones without it", async () => {
    const sectionHeadings = (html: string) => [...rootOf(html).matchAll(/<h2[^>]*>(Popular Products|Best Deals|Just For You)<\/h2>/g)].map((match) => match[1]);
    expect(sectionHeadings((await ctx.app.inject({ method: 'GET', url: '/' })).body)).toEqual(['Popular Products', 'Best Deals', 'Just For You']);
    const kinds = ['best_deals', 'categories', 'flash_sale', 'popular_products', 'just_for_you', 'shops'] as const;
    await writeHomeLayout(ctx.database.db, 'draft', { sections: kinds.map((kind) => ({ kind, enabled: kind !== 'just_for_you' })), category_ids: [] });
    const { url } = homePreviewLink(ctx.app.linkSigner, ctx.app.clock.now());
    const preview = await ctx.app.inject({ method: 'GET', url });
    expect(preview.statusCode).toBe(200);
    expect(sectionHeadings(preview.body)).toEqual(['Best Deals', 'Popular Products']);
    expect(sectionHeadings((await ctx.app.inject({ method: 'GET', url: '/' })).body)).toEqual(['Popular Products', 'Best Deals', 'Just For You']);
    await writeHomeLayout(ctx.database.db, 'draft', DEFAULT_HOME_LAYOUT);
  });

  it("shows a description written in the console's editor as formatted text, cleaned again as it is served, and gives crawlers its words", async () => {
    const written = '<p>A soft cotton tee &amp; more. <strong>Machine washable.</strong></p><p onclick="alert(1)">Second<script>alert(2)</script> line</p>';
    const arabic = '<p>قميص قطني ناعم. <strong>قابل للغسل.</strong></p><img src="javascript:alert(3)">';
    const [product] = await ctx.database.db.select({ translations: products.translations }).from(products).where(eq(products.id, 12));
    await ctx.database.db
      .update(products)
      .set({ description: written, translations: { ...product!.translations, ar: { ...product!.translations.ar, description: arabic } } })
      .where(eq(products.id, 12));
    ctx.app.caches.invalidate([cacheTags.product(12)]);
    const served = '<p>A soft cotton tee &amp; more. <strong>Machine washable.</strong></p><p>Second line</p>';

    const page = (await ctx.app.inject({ method: 'GET', url: '/products/12/details' })).body;
    // In the server's HTML as markup, and the same in the data the browser hydrates with.
    expect(rootOf(page)).toContain(served);
    expect(rootOf(page)).not.toContain('&lt;p&gt;');
    expect(page).not.toMatch(/alert\(/);
    expect(pageData(page, 'product').description).toBe(served);
    const meta = page.match(/<meta name="description" content="([^"]*)">/)![1];
    expect(meta).toBe('A soft cotton tee &#38; more. Machine washable. Second line');
    const productLd = JSON.parse(page.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(productLd.description).toBe('A soft cotton tee & more. Machine washable. Second line');

    const inArabic = await ctx.app.inject({ method: 'GET', url: '/api/products/12', headers: { 'accept-language': 'ar' } });
    expect(inArabic.json().data.product.description).toBe('<p>قميص قطني ناعم. <strong>قابل للغسل.</strong></p><img />');
  });

  it('renders a page again when its data changes, and serves it from memory while it does not', async () => {
    const first = (await ctx.app.inject({ method: 'GET', url: '/products/4/details' })).body;
    const again = (await ctx.app.inject({ method: 'GET', url: '/products/4/details' })).body;
    expect(rootOf(again)).toBe(rootOf(first));

    await ctx.database.db.update(products).set({ name: 'Renamed Lamp' }).where(eq(products.id, 4));
    ctx.app.caches.invalidate([cacheTags.product(4)]);
    const renamed = (await ctx.app.inject({ method: 'GET', url: '/products/4/details' })).body;
    expect(rootOf(renamed)).toContain('>Renamed Lamp</h1>');
    expect(pageData(renamed, 'product').name).toBe('Renamed Lamp');
  });

  it('sends the dates its render wrote after the page, for the browser to hydrate with, from memory too', async () => {
    const writtenDates = (html: string): Record<string, string> => JSON.parse(html.match(/id="store-written-dates">(.*?)<\/script>/)![1]!);
    const first = (await ctx.app.inject({ method: 'GET', url: '/products/5/details' })).body;
    const review = pageData(first, 'product').reviews[0];
    const key = `en UTC {"dateStyle":"medium"} ${review.created_at}`;
    const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(review.created_at));
    expect(writtenDates(first)[key]).toBe(shown);
    expect(readable(first)).toContain(shown);
    expect(first).toMatch(/<\/div>\n<script type="application\/json" id="store-written-dates">[^<]*<\/script>\s*<\/body>/);
    // A page is kept from its second render on: the third comes from memory.
    await ctx.app.inject({ method: 'GET', url: '/products/5/details' });
    const remembered = (await ctx.app.inject({ method: 'GET', url: '/products/5/details' })).body;
    expect(writtenDates(remembered)).toEqual(writtenDates(first));
  });

  it("shows a signed-out shopper a category's new name as soon as the category is saved, though every page shares the store's answers", async () => {
    const [category] = await ctx.database.db.select().from(categories).orderBy(categories.id).limit(1);
    expect(readable((await ctx.app.inject({ method: 'GET', url: '/products/9/details' })).body)).toContain(category!.name);

    await ctx.database.db.update(categories).set({ name: 'Renamed Aisle' }).where(eq(categories.id, category!.id));
    ctx.app.caches.invalidate([cacheTags.categories]);
    const page = (await ctx.app.inject({ method: 'GET', url: '/products/10/details' })).body;
    expect(readable(page)).toContain('Renamed Aisle');
    expect(pageData(page, 'categories').some((entry: { name: string }) => entry.name === 'Renamed Aisle')).toBe(true);
    await ctx.database.db.update(categories).set({ name: category!.name }).where(eq(categories.id, category!.id));
    ctx.app.caches.invalidate([cacheTags.categories]);
  });

  it('keeps a page in memory only once it is asked for again: pages a crawler reaches once push out nothing', async () => {
    const kept = () => ctx.app.caches.sizes()['rendered-pages'] ?? 0;
    const before = kept();
    for (const id of [6, 7, 8]) expect((await ctx.app.inject({ method: 'GET', url: `/products/${id}/details` })).statusCode).toBe(200);
    expect(kept()).toBe(before);
    await ctx.app.inject({ method: 'GET', url: '/products/7/details' });
    expect(kept()).toBeGreaterThan(before + 2 * 10_000);
  });

  it('embeds the page data escaped so no text can end its script element, and preloads the largest picture', { timeout: RENDER_MODULE_LOAD_MS }, async () => {
    const hostile = '</script><script>alert(1)</script>';
    // A fresh app: the store settings are cached for a few seconds per instance.
    const fresh = await createTestApp({ webRenderModule: SERVER_RENDER });
    try {
      await fresh.database.db.update(settings).set({ value: hostile }).where(eq(settings.key, 'app_name'));
      const html = (await fresh.app.inject({ method: 'GET', url: '/products/3/details' })).body;
      expect(html).not.toContain('<script>alert(1)');
      expect(pageData(html, 'master').app_name).toBe(hostile);
      expect(pageData(html, 'categories').length).toBeGreaterThan(0);
      const product = pageData(html, 'product');
      expect(product).toMatchObject({ id: 3, is_favorite: false });
      expect(html).toContain(`<link rel="preload" as="image" href="${product.thumbnails[0].thumbnail}" fetchpriority="high">`);
      const home = (await fresh.app.inject({ method: 'GET', url: '/' })).body;
      expect(home).toContain(`<link rel="preload" as="image" href="${pageData(home, 'home').banners[0].image}" fetchpriority="high">`);
    } finally {
      await fresh.close();
    }
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

  it('leaves checkout and buy-now, drawn from what this browser selected, to the browser', async () => {
    for (const url of ['/checkout', '/buynow']) {
      const html = (await ctx.app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(bootstrapOf(html).prerendered, url).toBeUndefined();
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js">');
    }
  });

  it('renders the account area for the shopper its session cookie names, and nothing of theirs for anyone else', async () => {
    const { user, token } = await createCustomer(ctx.app, { name: 'Cookie Shopper' });
    const cookie = `session=${token}`;
    const profile = await ctx.app.inject({ method: 'GET', url: '/profile', headers: { cookie } });
    expect(readable(profile.body)).toContain('Cookie Shopper');
    expect(readable(profile.body)).toContain(user.email!);
    expect(bootstrapOf(profile.body).shopper.user.name).toBe('Cookie Shopper');

    const visitor = await ctx.app.inject({ method: 'GET', url: '/profile' });
    expect(readable(visitor.body)).not.toContain('Cookie Shopper');
    expect(bootstrapOf(visitor.body).shopper.user).toBeNull();

    const ended = await ctx.app.inject({ method: 'GET', url: '/profile', headers: { cookie: 'session=not-a-session' } });
    expect(readable(ended.body)).not.toContain('Cookie Shopper');
    expect(readable(ended.body)).toContain('Login');
  });

  it('follows the console at once: a single-vendor store shows no shops, no seller links and no shop pages, and a disabled language gives way to the default', async () => {
    const owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
    const patch = (url: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url, headers: { authorization: owner }, payload });
    const shop = await addShop(ctx.database.db);
    const inArabic = { cookie: `${PREFERENCES_COOKIE}=ar|` };
    const home = () => ctx.app.inject({ method: 'GET', url: '/' });
    expect(readable((await home()).body)).toContain('Become a Seller');
    expect(rootOf((await home()).body)).toContain('href="/shops"');
    expect((await ctx.app.inject({ method: 'GET', url: '/products/3/details', headers: inArabic })).body).toMatch(/<html lang="ar" dir="rtl"/);
    try {
      expect((await patch('/api/console/settings', { multi_vendor: false })).statusCode).toBe(200);
      const single = (await home()).body;
      expect(readable(single)).not.toContain('Become a Seller');
      expect(rootOf(single)).not.toContain('href="/shops"');
      expect(readable((await ctx.app.inject({ method: 'GET', url: '/shops' })).body)).toContain('Page Not Found');
      const shopPage = await ctx.app.inject({ method: 'GET', url: `/shops/${shop.id}` });
      expect(shopPage.statusCode).toBe(404);

      expect((await patch('/api/console/languages', { name: 'ar', is_active: false })).statusCode).toBe(200);
      const fallen = (await ctx.app.inject({ method: 'GET', url: '/products/3/details', headers: inArabic })).body;
      expect(fallen).toMatch(/<html lang="en" dir="ltr"/);
      expect(rootOf(fallen)).toContain('Add to Cart');
      // The language menu offers the languages the page's store settings list.
      expect(pageData(fallen, 'master').languages.map((language: { name: string }) => language.name)).toEqual(['en', 'ir']);
    } finally {
      await patch('/api/console/settings', { multi_vendor: true });
      await patch('/api/console/languages', { name: 'ar', is_active: true });
    }
    expect(readable((await home()).body)).toContain('Become a Seller');
    expect((await ctx.app.inject({ method: 'GET', url: '/products/3/details', headers: inArabic })).body).toMatch(/<html lang="ar" dir="rtl"/);
  });

  it("renders in the store's default language and direction", { timeout: RENDER_MODULE_LOAD_MS }, async () => {
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
    writeFileSync(failing, 'export const ready = Promise.resolve();\nexport async function renderPage() { throw new Error("render exploded"); }\n');
    const broken = await createTestApp({ webRenderModule: failing });
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/products/3/details' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(bootstrapOf(response.body).queries.queries).toEqual([]);
      expect(bootstrapOf(response.body).prerendered).toBeUndefined();
    } finally {
      await broken.close();
    }
  });
});
