import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products, shops } from '../../db/schema.ts';
import { publishedBlogSlugs } from '../content/blog.service.ts';
import { publishedPageSlugs } from '../content/pages.service.ts';
import { isStandardPage } from '../../../shared/content-console.contract.ts';
import { escapeHtml } from './html.ts';

/** Search engines take at most 50,000 addresses per sitemap file. */
export const PRODUCTS_PER_SITEMAP = 40_000;

const STATIC_PATHS = ['/', '/products', '/categories', '/most-popular', '/best-deal', '/blogs', '/support', '/about-us', '/contact-us', '/terms-and-conditions', '/privacy-policy'];

const urlSet = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

/** The index: one file of pages, categories and shops, then the products in files of 40,000. */
export async function sitemapIndex(db: Db, origin: string): Promise<string> {
  const [row] = await db.select({ total: count() }).from(products).where(eq(products.status, 'active'));
  const productFiles = Math.max(1, Math.ceil((row?.total ?? 0) / PRODUCTS_PER_SITEMAP));
  const files = [`${origin}/sitemaps/pages.xml`, ...Array.from({ length: productFiles }, (_, index) => `${origin}/sitemaps/products-${index + 1}.xml`)];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((file) => `  <sitemap><loc>${escapeHtml(file)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

export async function pagesSitemap(db: Db, origin: string, multiVendor: boolean, now: Date): Promise<string> {
  const [categoryRows, shopRows, pageSlugs, blogSlugs] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.sortOrder)),
    multiVendor ? db.select({ id: shops.id }).from(shops).where(and(eq(shops.isActive, true), eq(shops.status, 'approved'))).orderBy(asc(shops.id)) : [],
    publishedPageSlugs(db),
    publishedBlogSlugs(db, now),
  ]);
  // The standard pages have their own paths among the static ones.
  const ownerPages = pageSlugs.filter((slug) => !isStandardPage(slug));
  return urlSet([
    ...STATIC_PATHS.map((path) => `${origin}${path}`),
    ...(multiVendor ? [`${origin}/shops`] : []),
    ...categoryRows.map((category) => `${origin}/categories/${encodeURIComponent(category.slug)}`),
    ...shopRows.map((shop) => `${origin}/shops/${shop.id}`),
    ...ownerPages.map((slug) => `${origin}/page/${encodeURIComponent(slug)}`),
    ...blogSlugs.map((slug) => `${origin}/blog/${encodeURIComponent(slug)}`),
  ]);
}

/** One file of product addresses, walking the ids with a keyset so file N costs the same as file 1. */
export async function productsSitemap(db: Db, origin: string, file: number): Promise<string | null> {
  const [boundary] =
    file === 1
      ? [{ id: 0 }]
      : await db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.status, 'active'))
          .orderBy(asc(products.id))
          .offset((file - 1) * PRODUCTS_PER_SITEMAP - 1)
          .limit(1);
  if (!boundary) return null;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, 'active'), gt(products.id, boundary.id)))
    .orderBy(asc(products.id))
    .limit(PRODUCTS_PER_SITEMAP);
  return urlSet(rows.map((product) => `${origin}/products/${product.id}/details`));
}
