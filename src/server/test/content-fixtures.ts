import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, blogCategories, blogPosts, contentPages, faqs } from '../db/schema.ts';

/** The first blog category (the seed's). */
export async function firstBlogCategory(db: Db): Promise<number> {
  const [category] = await db.select({ id: blogCategories.id }).from(blogCategories).orderBy(asc(blogCategories.id)).limit(1);
  return category!.id;
}

/** A blog post of its own, a draft unless given a publish time. */
export async function addBlogPost(db: Db, values: { publishedAt?: Date | null; title?: string } = {}): Promise<{ id: number; slug: string }> {
  const slug = `fixture-post-${randomUUID().slice(0, 8)}`;
  const [post] = await db
    .insert(blogPosts)
    .values({
      categoryId: await firstBlogCategory(db),
      slug,
      title: values.title ?? `Fixture post ${slug}`,
      thumbnail: '/media/placeholder/blog/fixture.svg',
      contentHtml: '<p>Fixture body.</p>',
      publishedAt: values.publishedAt ?? null,
    })
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  return post!;
}

export async function addBlogCategory(db: Db): Promise<number> {
  const slug = `fixture-category-${randomUUID().slice(0, 8)}`;
  const [category] = await db.insert(blogCategories).values({ name: `Category ${slug}`, slug }).returning({ id: blogCategories.id });
  return category!.id;
}

/** A draft page with a slug of its own. */
export async function addContentPage(db: Db, values: Partial<typeof contentPages.$inferInsert> = {}): Promise<{ id: number; slug: string }> {
  const [page] = await db
    .insert(contentPages)
    .values({ slug: `page-${randomUUID().slice(0, 8)}`, title: 'Delivery times', contentHtml: '<p>Two days.</p>', isPublished: false, ...values })
    .returning({ id: contentPages.id, slug: contentPages.slug });
  return page!;
}

/** An active question at the end of the list. */
export async function addFaq(db: Db, values: Partial<typeof faqs.$inferInsert> = {}): Promise<{ id: number }> {
  const [faq] = await db.insert(faqs).values({ question: 'Do you ship abroad?', answer: 'Not yet.', sortOrder: 1000, ...values }).returning({ id: faqs.id });
  return faq!;
}

/** What `POST /api/console/banners` takes for a banner of its own, active now. */
export const newBanner = (values: Record<string, unknown> = {}) => ({
  title: `Banner ${randomUUID().slice(0, 8)}`,
  image: '/media/placeholder/banner/fixture.svg',
  image_alt: 'A fixture picture',
  link: '/best-deal',
  ...values,
});

/** An active banner after the others. */
export async function addBanner(db: Db, values: Partial<typeof banners.$inferInsert> = {}): Promise<{ id: number }> {
  const [banner] = await db
    .insert(banners)
    .values({ title: `Banner ${randomUUID().slice(0, 8)}`, image: '/media/placeholder/banner/fixture.svg', imageAlt: 'A fixture picture', link: '/best-deal', sortOrder: 1000, ...values })
    .returning({ id: banners.id });
  return banner!;
}
