import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogDetailsSchema, blogListSchema, contentPageSchema, faqSchema } from '../../../shared/content.contract.ts';
import { blogCategories, blogPosts, contentPages, faqs } from '../../db/schema.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { sanitizeRichText } from './rich-text.ts';

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

const HOSTILE_HTML = `
  <h1>Heading</h1>
  <p onclick="steal()">Kept <strong>text</strong> and <a href="https://example.com/read" target="_blank">a link</a>.</p>
  <script>alert('script')</script>
  <style>body { display: none }</style>
  <img src="x" onerror="alert('img')">
  <img src="/media/placeholder/blog/safe.svg" alt="Safe picture">
  <a href="javascript:alert('link')">bad link</a>
  <a href="JaVaScRiPt&colon;alert(1)">encoded link</a>
  <iframe src="https://example.com"></iframe>`;

function expectNoActiveContent(html: string) {
  expect(html).not.toMatch(/<script|<style|<iframe/i);
  expect(html).not.toMatch(/\son\w+=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toContain("alert('script')");
}

let postNumber = 0;

/** A post in the given category (slug), stored exactly as given: as an older writer or a hand edit could have left it. */
async function addPost(fields: { category?: string; title?: string; excerpt?: string; contentHtml?: string; publishedAt?: Date | null } = {}) {
  postNumber += 1;
  const [category] = await ctx.database.db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(eq(blogCategories.slug, fields.category ?? 'store-news'));
  const slug = `test-post-${postNumber}-${Date.now()}`;
  await ctx.database.db.insert(blogPosts).values({
    categoryId: category!.id,
    slug,
    title: fields.title ?? `Test post ${postNumber}`,
    excerpt: fields.excerpt ?? 'A post written by a test.',
    thumbnail: '/media/placeholder/blog/test.svg',
    contentHtml: fields.contentHtml ?? '<p>Body of a test post.</p>',
    publishedAt: fields.publishedAt === undefined ? new Date(clock.now().getTime() - 60_000) : fields.publishedAt,
  });
  return slug;
}

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

async function listBlogs(query = '') {
  const response = await get(`/api/blogs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return blogListSchema.parse(response.json().data);
}

describe('GET /api/blogs', () => {
  it('lists the seeded posts newest first with their category, and every category with its count', async () => {
    const list = await listBlogs();
    expect(list.total).toBeGreaterThanOrEqual(6);
    const dates = list.blogs.map((blog) => blog.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.blogs[0]).toMatchObject({ thumbnail: expect.stringMatching(/^\/media\/placeholder\/blog\//), category: { slug: expect.any(String) } });
    expect(list.categories.map((category) => category.slug)).toEqual(['shopping-guides', 'style-and-living', 'store-news']);
    expect(list.categories.reduce((sum, category) => sum + category.count, 0)).toBe(list.total);
  });

  it('pages by 10, without repeating a post', async () => {
    for (let index = 0; index < 6; index += 1) await addPost();
    const first = await listBlogs('?page=1');
    const second = await listBlogs('?page=2');
    expect(first.total).toBeGreaterThan(10);
    expect(first.blogs).toHaveLength(10);
    expect(second.blogs).toHaveLength(first.total - 10);
    const ids = [...first.blogs, ...second.blogs].map((blog) => blog.id);
    expect(new Set(ids).size).toBe(first.total);
    expect((await listBlogs('?page=3')).blogs).toEqual([]);
  });

  it('answers a page past the end with the full count and no posts, so the storefront can tell it from an empty blog', async () => {
    const all = await listBlogs();
    const pastEnd = await listBlogs('?page=99');
    expect(pastEnd.total).toBe(all.total);
    expect(pastEnd.total).toBeGreaterThan(0);
    expect(pastEnd.blogs).toEqual([]);
    expect(pastEnd.categories).toEqual(all.categories);
  });

  it('filters by category slug', async () => {
    const all = await listBlogs('?per_page=50');
    const guides = await listBlogs('?category=shopping-guides&per_page=50');
    expect(guides.total).toBe(all.categories.find((category) => category.slug === 'shopping-guides')!.count);
    expect(guides.total).toBeGreaterThan(0);
    expect(guides.total).toBeLessThan(all.total);
    for (const blog of guides.blogs) expect(blog.category.slug).toBe('shopping-guides');
    expect((await listBlogs('?category=no-such-category')).total).toBe(0);
  });

  it('searches titles, excerpts and the text of posts, but not their markup', async () => {
    const inBody = await addPost({ contentHtml: '<p>The marmalade quokkavine recipe.</p>' });
    const inTitle = await addPost({ title: 'Quokkavine in the Title' });
    await addPost({ contentHtml: '<p><a href="https://example.com/zebulonhref">a link</a></p>' });

    const found = await listBlogs('?search=quokkavine');
    expect(found.blogs.map((blog) => blog.slug).sort()).toEqual([inBody, inTitle].sort());
    // Every word must appear.
    expect((await listBlogs('?search=marmalade%20quokkavine')).blogs.map((blog) => blog.slug)).toEqual([inBody]);
    expect((await listBlogs('?search=zebulonhref')).total).toBe(0);
    // LIKE wildcards are text, not patterns.
    expect((await listBlogs('?search=%25')).total).toBe(0);
    expect((await listBlogs('?search=_')).total).toBe(0);
  });

  it('hides drafts and scheduled posts until their time comes', async () => {
    const draft = await addPost({ title: 'Draft wombatine post', publishedAt: null });
    const scheduled = await addPost({ title: 'Scheduled wombatine post', publishedAt: new Date(clock.now().getTime() + 2 * 60 * 60_000) });
    expect((await listBlogs('?search=wombatine')).total).toBe(0);
    expect((await get(`/api/blogs/${draft}`)).statusCode).toBe(404);
    expect((await get(`/api/blogs/${scheduled}`)).statusCode).toBe(404);

    clock.advance({ hours: 3 });
    expect((await listBlogs('?search=wombatine')).blogs.map((blog) => blog.slug)).toEqual([scheduled]);
    expect((await get(`/api/blogs/${scheduled}`)).statusCode).toBe(200);
    expect((await get(`/api/blogs/${draft}`)).statusCode).toBe(404);
  });

  it('refuses a bad page size with 422', async () => {
    const response = await get('/api/blogs?per_page=1000');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ per_page: ['The per page must not be greater than 50.'] });
  });
});

describe('GET /api/blogs/{slug}', () => {
  it('answers the post with its HTML and three related posts, its own category first', async () => {
    const guides = await listBlogs('?category=shopping-guides');
    const post = guides.blogs[0]!;
    const response = await get(`/api/blogs/${post.slug}`);
    expect(response.statusCode).toBe(200);
    const details = blogDetailsSchema.parse(response.json().data);
    expect(details.blog).toMatchObject({ id: post.id, title: post.title, category: { slug: 'shopping-guides' } });
    expect(details.blog.content_html).toContain('<p>');
    expect(details.related).toHaveLength(3);
    expect(details.related.map((related) => related.id)).not.toContain(post.id);
    const sameCategory = guides.total - 1;
    const relatedCategories = details.related.map((related) => related.category.slug);
    expect(relatedCategories.slice(0, Math.min(3, sameCategory))).toEqual(Array(Math.min(3, sameCategory)).fill('shopping-guides'));
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await get('/api/blogs/no-such-post');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Blog not found');
  });

  it('never serves scripts, event handlers or javascript: links, even when they were stored', async () => {
    const slug = await addPost({ contentHtml: HOSTILE_HTML });
    const html = blogDetailsSchema.parse((await get(`/api/blogs/${slug}`)).json().data).blog.content_html;
    expectNoActiveContent(html);
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<p>Kept <strong>text</strong> and <a href="https://example.com/read" rel="noopener noreferrer">a link</a>.</p>');
    expect(html).toContain('<img src="/media/placeholder/blog/safe.svg" alt="Safe picture" />');
  });
});

describe('rich text written by the store', () => {
  it('is sanitised before it is stored', () => {
    const clean = sanitizeRichText(HOSTILE_HTML);
    expectNoActiveContent(clean);
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('keeps what a post may use: headings, lists, quotes and code', () => {
    const html = '<h3>Title</h3><ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote><pre><code>npm start</code></pre><p><em>e</em><br /></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });
});

describe('GET /api/pages/{slug}', () => {
  it('answers the three standard pages with their HTML', async () => {
    for (const slug of ['terms-and-conditions', 'privacy-policy', 'about-us']) {
      const response = await get(`/api/pages/${slug}`);
      expect(response.statusCode, slug).toBe(200);
      const page = contentPageSchema.parse(response.json().data.page);
      expect(page.slug).toBe(slug);
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.content_html).toMatch(/<h2>.+<\/h2>/);
    }
  });

  it('answers 404 for an unknown or unpublished page', async () => {
    await ctx.database.db.insert(contentPages).values({ slug: 'hidden-page', title: 'Hidden', contentHtml: '<p>Soon</p>', isPublished: false });
    for (const slug of ['no-such-page', 'hidden-page']) {
      const response = await get(`/api/pages/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().message).toBe('Page not found');
    }
  });

  it('sanitises a stored page too', async () => {
    await ctx.database.db.insert(contentPages).values({ slug: 'owner-page', title: 'Owner page', contentHtml: HOSTILE_HTML });
    const page = contentPageSchema.parse((await get('/api/pages/owner-page')).json().data.page);
    expectNoActiveContent(page.content_html);
    expect(page.content_html).toContain('<strong>text</strong>');
  });
});

describe('GET /api/faqs', () => {
  it('lists the active questions in their order', async () => {
    const [hidden] = await ctx.database.db
      .insert(faqs)
      .values({ question: 'A retired question?', answer: 'Gone.', isActive: false, sortOrder: -1 })
      .returning();
    const response = await get('/api/faqs');
    expect(response.statusCode).toBe(200);
    const list = faqSchema.array().parse(response.json().data.faqs);
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.map((faq) => faq.id)).not.toContain(hidden!.id);
    expect(list[0]!.question).toBe('How do I track my order?');
  });
});

describe('answers in the shopper language', () => {
  it('translates the not-found message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/blogs/no-such-post', headers: { 'accept-language': 'ar' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).not.toBe('Blog not found');
  });
});
