import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { placeholderPath } from '../features/media/placeholder-image.ts';
import { auditLog, blogCategories, blogPosts, contentPages, faqs } from '../db/schema.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { seedContent } from './content.seed.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    database.db,
    sql`select
      (select count(*)::int from ${blogCategories}) as categories,
      (select count(*)::int from ${blogPosts}) as posts,
      (select count(*)::int from ${contentPages}) as pages,
      (select count(*)::int from ${faqs}) as faqs`,
  );
  return row!;
}

it('seeds a blog of three categories, the standard pages and the FAQ, all published', async () => {
  const seeded = await counts();
  expect(seeded.categories).toBe(3);
  expect(seeded.posts).toBeGreaterThanOrEqual(6);
  expect(seeded.posts).toBeLessThanOrEqual(8);
  expect(seeded.faqs).toBeGreaterThanOrEqual(6);
  const pages = await database.db.select({ slug: contentPages.slug }).from(contentPages);
  expect(pages.map((page) => page.slug)).toEqual(expect.arrayContaining(['terms-and-conditions', 'privacy-policy', 'about-us']));

  const posts = await database.db.select().from(blogPosts);
  for (const post of posts) {
    expect(post.publishedAt!.getTime()).toBeLessThan(Date.now());
    expect(post.contentHtml).toMatch(/^<p>/);
  }
  // Every category has posts to show.
  const perCategory = await queryRows<{ count: number }>(
    database.db,
    sql`select count(p.id)::int as count from ${blogCategories} c left join ${blogPosts} p on p.category_id = c.id group by c.id`,
  );
  for (const row of perCategory) expect(row.count).toBeGreaterThan(0);
});

it('writes through the console’s services, leaving a new store’s audit log empty', async () => {
  const [logged] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from ${auditLog}`);
  expect(logged!.count).toBe(0);
  const [laptops] = await database.db.select().from(blogPosts).where(eq(blogPosts.slug, 'how-to-choose-a-laptop-for-work-and-study'));
  expect(laptops!.thumbnail).toBe(placeholderPath('blog', 'how-to-choose-a-laptop-for-work-and-study'));
  expect(Date.now() - laptops!.publishedAt!.getTime()).toBeGreaterThan(2 * 24 * 60 * 60 * 1000);
  expect(laptops!.translations.ar).toMatchObject({ title: 'كيف تختار حاسوبًا محمولًا للعمل والدراسة' });
  const [arabicPost] = await queryRows<{ body: string }>(database.db, sql`select translations -> 'ar' ->> 'content_html' as body from ${blogPosts} where slug = ${laptops!.slug}`);
  expect(arabicPost!.body).toMatch(/^<p>/);
});

it('can run again without duplicating rows or overwriting what the owner changed', async () => {
  const before = await counts();
  await database.db.update(contentPages).set({ title: 'Our Terms' }).where(eq(contentPages.slug, 'terms-and-conditions'));

  await seedContent(database.db);

  expect(await counts()).toEqual(before);
  const [terms] = await database.db.select().from(contentPages).where(eq(contentPages.slug, 'terms-and-conditions'));
  expect(terms!.title).toBe('Our Terms');
});
