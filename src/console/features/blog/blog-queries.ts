import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { blogPostStatuses, type BlogCategoryInput, type BlogPostInput, type BlogPostStatus } from '../../../shared/blog-console.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

/** What the posts list shows, as kept in its address (`?status=draft&search=coats`). */
export interface BlogPostFilters {
  status?: BlogPostStatus;
  search?: string;
}

export const blogPostFiltersFrom = (params: URLSearchParams): BlogPostFilters => ({
  status: blogPostStatuses.find((known) => known === params.get('status')),
  search: params.get('search')?.trim() || undefined,
});

export const blogQueries = {
  all: ['console', 'blog'] as const,
  lists: () => [...blogQueries.all, 'list'] as const,
  list: (filters: BlogPostFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...blogQueries.lists(), filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/blog-posts', { query: { ...filters, cursor }, signal })).data,
    }),
  post: (id: number) =>
    queryOptions({
      queryKey: [...blogQueries.all, 'post', id],
      queryFn: async ({ signal }) => (await api.call('GET /console/blog-posts/:id', { params: { id: String(id) }, signal })).data.post,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...blogQueries.all, 'categories'],
      queryFn: async ({ signal }) => (await api.call('GET /console/blog-categories', { signal })).data.categories,
    }),
};

/** After a write: the blog's lists and records, and the audit log, are asked again. */
const refreshAfterWrite = (client: ReturnType<typeof useQueryClient>) => () =>
  Promise.all([client.invalidateQueries({ queryKey: blogQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]);

/** Writes a new post, or edits the post `id`. */
export function useSaveBlogPost(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BlogPostInput) =>
      id === undefined
        ? api.call('POST /console/blog-posts', { body: body as BlogPostInput & { title: string; category_id: number } })
        : api.call('PATCH /console/blog-posts/:id', { params: { id: String(id) }, body }),
    onSuccess: refreshAfterWrite(client),
  });
}

export function usePreviewLink(id: number) {
  return useMutation({ mutationFn: async () => (await api.call('POST /console/blog-posts/:id/preview-link', { params: { id: String(id) } })).data });
}

/** Creates a category, or renames the category `id`. */
export function useSaveBlogCategory(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BlogCategoryInput) =>
      id === undefined
        ? api.call('POST /console/blog-categories', { body: body as BlogCategoryInput & { name: string } })
        : api.call('PATCH /console/blog-categories/:id', { params: { id: String(id) }, body }),
    onSuccess: refreshAfterWrite(client),
  });
}

/** Puts every category in the given order (the storefront's blog lists them so). */
export function useReorderBlogCategories() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (ids: number[]) => api.call('POST /console/blog-categories/reorder', { body: { ids } }), onSuccess: refreshAfterWrite(client) });
}

/** Deletes a category no post sits in; the server refuses one with posts (409). */
export function useDeleteBlogCategory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.call('DELETE /console/blog-categories/:id', { params: { id: String(id) } }), onSuccess: refreshAfterWrite(client) });
}
