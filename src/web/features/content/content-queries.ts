import { queryOptions } from '@tanstack/react-query';
import type { BlogListQuery } from '../../../shared/content.contract.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { api } from '../../../client/lib/api-client.ts';
import { readPage } from '../catalog/listing-params.ts';

export type BlogListParams = Partial<Pick<BlogListQuery, 'page' | 'category' | 'search'>>;

export const MAX_BLOG_SEARCH_LENGTH = 100;

/** The `GET /api/blogs` request of a /blogs address: its page, category and search. */
export function blogListRequest(params: URLSearchParams) {
  const page = readPage(params);
  const category = params.get('category')?.slice(0, MAX_BLOG_SEARCH_LENGTH) || undefined;
  const search = (params.get('search') ?? '').trim().slice(0, MAX_BLOG_SEARCH_LENGTH);
  return { page, category, search: search || undefined } satisfies BlogListParams;
}

export const blogPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** The blog listing filtered to one category (its slug), as a link target. */
export const blogCategoryPath = (slug: string) => `/blogs?${new URLSearchParams({ category: slug })}`;

export const contentQueries = {
  blogs: (params: BlogListParams) => {
    const query = { per_page: PAGE_SIZE, ...params };
    return queryOptions({
      queryKey: ['blogs', query],
      queryFn: ({ signal }) => api.call('GET /blogs', { query, signal }).then((body) => body.data),
      // Paging and filtering keep the previous posts on screen until the next ones arrive.
      placeholderData: (previous) => previous,
    });
  },
  /** `preview`: a preview link's token, which shows the post before it is published. */
  blog: (slug: string, preview?: string) =>
    queryOptions({
      queryKey: ['blog', slug, preview ?? null],
      queryFn: ({ signal }) => api.call('GET /blogs/:slug', { params: { slug }, query: { preview }, signal }).then((body) => body.data),
    }),
  page: (slug: string) =>
    queryOptions({
      queryKey: ['content-page', slug],
      queryFn: ({ signal }) => api.call('GET /pages/:slug', { params: { slug }, signal }).then((body) => body.data.page),
      staleTime: 5 * 60_000,
    }),
  faqs: () =>
    queryOptions({
      queryKey: ['faqs'],
      queryFn: ({ signal }) => api.call('GET /faqs', { signal }).then((body) => body.data.faqs),
      staleTime: 5 * 60_000,
    }),
};
