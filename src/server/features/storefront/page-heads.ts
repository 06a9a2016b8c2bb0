import type { Db } from '../../db/client.ts';
import type { CatalogReads } from '../catalog/catalog-caches.ts';
import type { ContentReads } from '../content/rich-text.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import type { RouteEntry } from '../../../shared/routes.ts';
import { HttpError } from '../../platform/errors.ts';
import { findFlashSale, findShop } from '../catalog/catalog.service.ts';
import { readProductDetails } from '../catalog/product-details.ts';
import { findCategory } from '../catalog/categories.service.ts';
import { previewAllowed, readBlogDetails } from '../content/blog.service.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';
import { readContentPage } from '../content/pages.service.ts';
import { pagePath, STANDARD_PAGE_SLUGS } from '../../../shared/content-console.contract.ts';
import { plainText } from '../content/rich-text.ts';
import { escapeHtml, scriptSafeJson } from './html.ts';

/** What crawlers and link previews read about a page, filled in server-side. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the page's one true address. */
  canonicalPath: string;
  image?: string;
  type?: 'website' | 'product' | 'article';
  jsonLd?: object[];
}

interface HeadContext {
  db: Db;
  catalog: CatalogReads;
  content: ContentReads;
  master: Master;
  origin: string;
  pathname: string;
  params: Record<string, string>;
  /** The address's query: a blog post's preview link names its token there. */
  search: URLSearchParams;
  linkSigner: LinkSigner;
  /** The app clock's time: what is published depends on it. */
  now: Date;
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
const truncate = (text: string, length = 160) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);
const money = (amount: number) => amount.toFixed(2);

function breadcrumbs(origin: string, trail: Array<[name: string, path: string]>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: `${origin}${path}`,
    })),
  };
}

/** The record id in a page's path; anything but a positive whole number is a page that does not exist. */
function pathId(value: string | undefined, notFoundMessage: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, notFoundMessage);
  return id;
}

async function productHead({ catalog, master, origin, params }: HeadContext): Promise<PageHead> {
  const id = pathId(params.id, 'Product not found');
  // The same (briefly cached) record the product API answers with.
  const card = await readProductDetails(catalog, id, master.app_locale);
  // The description is rich text: crawlers and link previews read its words.
  const row = { description: plainText(card.description), sku: card.sku, categoryName: card.category.name, categorySlug: card.category.slug, brandName: card.brand?.name };
  const images = card.thumbnails.map((image) => ({ url: image.thumbnail }));
  const path = `/products/${id}/details`;
  const price = card.discount_price > 0 ? card.discount_price : card.price;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: card.name,
    description: row.description,
    sku: row.sku,
    image: (images.length > 0 ? images.map((image) => image.url) : [card.thumbnail]).map((url) => absolute(origin, url)),
    ...(row.brandName && { brand: { '@type': 'Brand', name: row.brandName } }),
    offers: {
      '@type': 'Offer',
      url: `${origin}${path}`,
      priceCurrency: master.currency.name,
      price: money(price),
      availability: card.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: card.shop.name },
    },
    ...(card.total_reviews > 0 && {
      aggregateRating: { '@type': 'AggregateRating', ratingValue: card.rating, reviewCount: card.total_reviews, bestRating: 5, worstRating: 1 },
    }),
  };
  return {
    title: card.name,
    description: truncate(row.description || card.name),
    canonicalPath: path,
    image: card.thumbnail,
    type: 'product',
    jsonLd: [
      product,
      breadcrumbs(origin, [
        [master.app_name, '/'],
        [row.categoryName, `/categories/${row.categorySlug}`],
        [card.name, path],
      ]),
    ],
  };
}

async function categoryHead({ db, master, origin, params }: HeadContext): Promise<PageHead> {
  const category = await findCategory(db, params.slug ?? '', master.app_locale);
  const path = `/categories/${category.slug}`;
  const subNames = category.sub_categories.map((sub) => sub.name).join(', ');
  return {
    title: category.name,
    description: truncate(`${category.name} at ${master.app_name}${subNames ? `: ${subNames}` : ''}.`),
    canonicalPath: path,
    image: category.thumbnail,
    jsonLd: [breadcrumbs(origin, [[master.app_name, '/'], [category.name, path]])],
  };
}

async function shopHead({ catalog, master, origin, params }: HeadContext): Promise<PageHead> {
  const id = pathId(params.id, 'Shop not found');
  if (!master.multi_vendor) throw new HttpError(404, 'Shop not found');
  const shop = await findShop(catalog, id);
  const path = `/shops/${shop.id}`;
  return {
    title: shop.name,
    description: truncate(shop.description || `${shop.name} at ${master.app_name}`),
    canonicalPath: path,
    image: shop.banner,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: shop.name,
        image: absolute(origin, shop.logo),
        url: `${origin}${path}`,
        ...(shop.address && { address: shop.address }),
        ...(shop.total_reviews > 0 && {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: shop.rating, reviewCount: shop.total_reviews },
        }),
      },
      breadcrumbs(origin, [[master.app_name, '/'], [shop.name, path]]),
    ],
  };
}

async function blogHead({ content, master, origin, params, search, linkSigner, now }: HeadContext): Promise<PageHead> {
  const { blog } = await readBlogDetails(content, params.slug ?? '', now, master.app_locale, previewAllowed(linkSigner, search.get('preview'), now));
  const path = `/blog/${encodeURIComponent(blog.slug)}`;
  const description = truncate(blog.excerpt || plainText(blog.content_html));
  return {
    title: blog.title,
    description,
    canonicalPath: path,
    image: blog.thumbnail,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: blog.title,
        description,
        image: absolute(origin, blog.thumbnail),
        datePublished: blog.published_at,
        dateModified: blog.updated_at,
        articleSection: blog.category.name,
        mainEntityOfPage: `${origin}${path}`,
        publisher: { '@type': 'Organization', name: master.app_name },
      },
      breadcrumbs(origin, [
        [master.app_name, '/'],
        ['Blogs', '/blogs'],
        [blog.title, path],
      ]),
    ],
  };
}

async function flashSaleHead({ db, master, params }: HeadContext): Promise<PageHead> {
  const id = pathId(params.id, 'Flash sale not found');
  const sale = await findFlashSale(db, id, master.app_locale);
  return {
    title: sale.name,
    description: truncate(`${sale.name} at ${master.app_name}`),
    canonicalPath: `/flash-sale/${sale.id}`,
    image: sale.thumbnail,
  };
}

/** A store page, by the route's own slug (`/about-us`) or the one in the path (`/page/{slug}`). */
const contentPageHead =
  (routeSlug?: string) =>
  async ({ content, master, origin, params }: HeadContext): Promise<PageHead> => {
    const page = await readContentPage(content, routeSlug ?? params.slug ?? '', master.app_locale);
    const path = pagePath(page.slug);
    return {
      title: page.title,
      description: truncate(plainText(page.content_html) || page.title),
      canonicalPath: path,
      jsonLd: [breadcrumbs(origin, [[master.app_name, '/'], [page.title, path]])],
    };
  };

async function homeHead({ master, origin }: HeadContext): Promise<PageHead> {
  return {
    title: master.app_name,
    description: truncate(master.web_footer_description),
    canonicalPath: '/',
    image: master.web_logo,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: master.app_name,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/products?search={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

const resolvers: Partial<Record<string, (context: HeadContext) => Promise<PageHead>>> = {
  home: homeHead,
  productDetails: productHead,
  'category-product': categoryHead,
  'shop-detail': shopHead,
  'flash-sale': flashSaleHead,
  'blog-details': blogHead,
  ...Object.fromEntries(STANDARD_PAGE_SLUGS.map((slug) => [slug, contentPageHead(slug)])),
  'policy-page': contentPageHead(),
};

/** The head of a page: its own for catalogue pages, the page title or store name otherwise. */
export async function resolvePageHead(route: RouteEntry | undefined, context: HeadContext): Promise<PageHead> {
  const resolver = route && resolvers[route.name];
  if (resolver) return resolver(context);
  return {
    title: route?.titleKey ? `${route.titleKey} - ${context.master.app_name}` : context.master.app_name,
    description: truncate(context.master.web_footer_description),
    canonicalPath: context.pathname,
  };
}

export function renderHeadTags(head: PageHead, master: Master, origin: string): string[] {
  const title = head.title === master.app_name || head.title.endsWith(` - ${master.app_name}`) ? head.title : `${head.title} - ${master.app_name}`;
  const url = `${origin}${head.canonicalPath}`;
  const image = head.image ? absolute(origin, head.image) : undefined;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(master.app_name)}">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (image) tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`);
  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  return tags;
}
