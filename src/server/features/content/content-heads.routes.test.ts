import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogCategories, blogPosts } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { BLOG_PREVIEW } from './blog.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const page = (url: string) => ctx.app.inject({ method: 'GET', url });
const meta = (html: string, property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`))?.[1];
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)">/)?.[1];
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));

async function addPost(slug: string, fields: { title: string; excerpt: string; publishedAt: Date | null }) {
  const [category] = await ctx.database.db.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.slug, 'store-news'));
  await ctx.database.db.insert(blogPosts).values({
    categoryId: category!.id,
    slug,
    thumbnail: '/media/placeholder/blog/head-test.svg',
    contentHtml: '<p>Body</p>',
    ...fields,
  });
}

describe('blog post pages for search engines and link previews', () => {
  it('carry the post title, excerpt, canonical link, article Open Graph tags and BlogPosting JSON-LD', async () => {
    const [post] = await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.slug, 'building-a-home-coffee-corner'));
    const response = await page(`/blog/${post!.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>A Beginner&#39;s Guide to Building a Home Coffee Corner - Open Store</title>`);
    expect(meta(html, 'description')).toBe(post!.excerpt);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:image')).toMatch(/^http.*\/media\/placeholder\/blog\/building-a-home-coffee-corner\.svg$/);
    expect(canonical(html)).toMatch(/^http:\/\/[^/]+\/blog\/building-a-home-coffee-corner$/);
    const [article, crumbs] = jsonLd(html);
    expect(article).toMatchObject({ '@type': 'BlogPosting', headline: post!.title, datePublished: post!.publishedAt!.toISOString() });
    expect(crumbs.itemListElement).toHaveLength(3);
  });

  it('escape what the post says', async () => {
    await addPost('hostile-head', {
      title: 'Tips & "Tricks" </title><script>alert(1)</script>',
      excerpt: '"><script>alert(2)</script>',
      publishedAt: new Date(Date.now() - 60_000),
    });
    const html = (await page('/blog/hostile-head')).body;
    expect(html).not.toContain('<script>alert(');
    expect(html).toContain('<title>Tips &#38; &#34;Tricks&#34; &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; - Open Store</title>');
    expect(meta(html, 'description')).toBe('&#34;&#62;&#60;script&#62;alert(2)&#60;/script&#62;');
  });

  it('answer 404 for an unknown or unpublished post', async () => {
    await addPost('draft-head', { title: 'Draft', excerpt: 'Not yet', publishedAt: null });
    for (const url of ['/blog/no-such-post', '/blog/draft-head']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('show a draft through its preview link, and answer 404 to a tampered one', async () => {
    await addPost('draft-preview-head', { title: 'Preview draft', excerpt: 'Soon', publishedAt: null });
    const [post] = await ctx.database.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, 'draft-preview-head'));
    const token = ctx.app.linkSigner.sign(BLOG_PREVIEW, String(post!.id), new Date(Date.now() + 60_000));
    const shown = await page(`/blog/draft-preview-head?preview=${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<title>Preview draft - Open Store</title>');
    expect((await page(`/blog/draft-preview-head?preview=${token}x`)).statusCode).toBe(404);
  });
});

describe('store pages for search engines', () => {
  it('carry the page title, its text as description and the canonical address', async () => {
    const terms = (await page('/terms-and-conditions')).body;
    expect(terms).toContain('<title>Terms &#38; Conditions - Open Store</title>');
    expect(meta(terms, 'description')).toMatch(/^These terms apply to every purchase made on Open Store\. By placing an order you accept them\. 1\. Orders/);
    expect(canonical(terms)).toMatch(/\/terms-and-conditions$/);

    // A standard page asked for by its slug points to its own address.
    expect(canonical((await page('/page/about-us')).body)).toMatch(/\/about-us$/);

    const owner = await page('/page/shipping-and-returns');
    expect(owner.statusCode).toBe(200);
    expect(owner.body).toContain('<title>Shipping &#38; Returns - Open Store</title>');
    expect(canonical(owner.body)).toMatch(/\/page\/shipping-and-returns$/);
  });

  it('answer 404 for a page that does not exist', async () => {
    expect((await page('/page/no-such-page')).statusCode).toBe(404);
  });
});

describe('the sitemap', () => {
  it('lists the published posts and the owner pages, but no draft', async () => {
    const xml = (await page('/sitemaps/pages.xml')).body;
    expect(xml).toContain('/blog/how-to-choose-a-laptop-for-work-and-study</loc>');
    expect(xml).toContain('/page/shipping-and-returns</loc>');
    expect(xml).not.toContain('/page/about-us</loc>');
    await addPost('draft-sitemap', { title: 'Draft', excerpt: 'Not yet', publishedAt: null });
    expect((await page('/sitemaps/pages.xml')).body).not.toContain('draft-sitemap');
  });
});
