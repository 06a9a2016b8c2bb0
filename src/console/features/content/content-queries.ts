import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { contentPageStatuses, faqStatuses, type ContentPageCreate, type ContentPageStatus, type FaqCreate, type FaqStatus } from '../../../shared/content-console.contract.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

/** What the pages list shows, as kept in its address (`?status=draft&search=about`). */
export interface ContentPageFilters {
  status?: ContentPageStatus;
  search?: string;
}

export function contentPageFiltersFrom(params: URLSearchParams): ContentPageFilters {
  const status = params.get('status');
  return { status: contentPageStatuses.find((known) => known === status), search: params.get('search')?.trim() || undefined };
}

export const contentPageQueries = {
  all: ['console', 'content-pages'] as const,
  list: (filters: ContentPageFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...contentPageQueries.all, 'list', filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/content-pages', { query: { ...filters, cursor }, signal })).data,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: [...contentPageQueries.all, 'one', id],
      queryFn: async ({ signal }) => (await api.call('GET /console/content-pages/:id', { params: { id: String(id) }, signal })).data.page,
    }),
};

/** Creates a page, or edits the page `id`; the lists and the audit log are asked again. */
export function useSaveContentPage(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: ContentPageCreate) =>
      id === undefined ? api.call('POST /console/content-pages', { body: values }) : api.call('PATCH /console/content-pages/:id', { params: { id: String(id) }, body: values }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: contentPageQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}

/** What the FAQ list shows, as kept in its address (`?status=hidden&search=refund`). */
export interface FaqFilters {
  status?: FaqStatus;
  search?: string;
}

export const faqFiltersFrom = (params: URLSearchParams): FaqFilters => ({
  status: faqStatuses.find((known) => known === params.get('status')),
  search: params.get('search')?.trim() || undefined,
});

export const faqQueries = {
  all: ['console', 'faqs'] as const,
  list: (filters: FaqFilters = {}) =>
    queryOptions({
      queryKey: [...faqQueries.all, 'list', filters],
      queryFn: async ({ signal }) => (await api.call('GET /console/faqs', { query: filters, signal })).data,
      placeholderData: keepPreviousData,
    }),
};

const useFaqWrite = <Input,>(write: (input: Input) => Promise<{ message: string }>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: faqQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
};

/** Adds a question, or edits the question `id`. */
export const useSaveFaq = (id: number | undefined) =>
  useFaqWrite((values: FaqCreate) => (id === undefined ? api.call('POST /console/faqs', { body: values }) : api.call('PATCH /console/faqs/:id', { params: { id: String(id) }, body: values })));

/** Puts every question in the given order. */
export const useReorderFaqs = () => useFaqWrite((ids: number[]) => api.call('POST /console/faqs/reorder', { body: { ids } }));
