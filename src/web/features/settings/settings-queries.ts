import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '../../../shared/settings.contract.ts';
import { api } from '../../../client/lib/api-client.ts';

export const settingsQueries = {
  master: () =>
    queryOptions({
      queryKey: ['master'],
      queryFn: ({ signal }) => api.call('GET /master', { signal }).then((body) => body.data),
      staleTime: 5 * 60_000,
    }),
  categories: () =>
    queryOptions({
      queryKey: ['categories'],
      queryFn: ({ signal }) => api.call('GET /categories', { signal }).then((body) => body.data.categories),
      staleTime: 5 * 60_000,
    }),
  countries: () =>
    queryOptions({
      queryKey: ['countries'],
      queryFn: ({ signal }) => api.call('GET /countries', { signal }).then((body) => body.data.countries),
      staleTime: Infinity,
    }),
};

/** The countries of `GET /countries` (one cached query for every form). */
export function useCountries(): Country[] {
  return useQuery(settingsQueries.countries()).data ?? [];
}
