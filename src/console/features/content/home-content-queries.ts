import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { bannerStatuses, type BannerCreate, type BannerStatus, type HomeLayout } from '../../../shared/home-content.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

/** What the banners list shows, as kept in its address (`?status=scheduled&search=sale`). */
export interface BannerFilters {
  status?: BannerStatus;
  search?: string;
}

export function bannerFiltersFrom(params: URLSearchParams): BannerFilters {
  const status = params.get('status');
  return { status: bannerStatuses.find((known) => known === status), search: params.get('search')?.trim() || undefined };
}

export const bannerQueries = {
  all: ['console', 'banners'] as const,
  list: (filters: BannerFilters) =>
    queryOptions({
      queryKey: [...bannerQueries.all, 'list', filters],
      queryFn: async ({ signal }) => (await api.call('GET /console/banners', { query: filters, signal })).data.banners,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: [...bannerQueries.all, 'one', id],
      queryFn: async ({ signal }) => (await api.call('GET /console/banners/:id', { params: { id: String(id) }, signal })).data.banner,
    }),
};

const useHomeWrite = <Input, Answer extends { message: string }>(queryKey: readonly unknown[], write: (input: Input) => Promise<Answer>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
};

/** Creates a banner, or edits the banner `id`. */
export const useSaveBanner = (id: number | undefined) =>
  useHomeWrite(bannerQueries.all, (values: BannerCreate) =>
    id === undefined ? api.call('POST /console/banners', { body: values }) : api.call('PATCH /console/banners/:id', { params: { id: String(id) }, body: values }),
  );

/** Puts every banner in the given order. */
export const useReorderBanners = () => useHomeWrite(bannerQueries.all, (ids: number[]) => api.call('POST /console/banners/reorder', { body: { ids } }));

export const homeLayoutQueries = {
  all: ['console', 'home-layout'] as const,
  layout: () =>
    queryOptions({
      queryKey: homeLayoutQueries.all,
      queryFn: async ({ signal }) => (await api.call('GET /console/home-layout', { signal })).data,
    }),
  /** The categories the storefront shows (its own list: a content editor need not read the catalogue). */
  categories: () =>
    queryOptions({
      queryKey: [...homeLayoutQueries.all, 'categories'],
      queryFn: async ({ signal }) => (await api.call('GET /categories', { signal })).data.categories,
    }),
};

/** Saves the draft of the home page's sections. */
export const useSaveHomeDraft = () => useHomeWrite(homeLayoutQueries.all, (layout: HomeLayout) => api.call('PUT /console/home-layout', { body: layout }));

/** Makes the draft the storefront's home page. */
export const usePublishHome = () => useHomeWrite(homeLayoutQueries.all, () => api.call('POST /console/home-layout/publish'));

/** Signs a link to the storefront's home with the draft, for an hour. */
export function useHomePreviewLink() {
  return useMutation({ mutationFn: async () => (await api.call('POST /console/home-layout/preview-link')).data });
}
