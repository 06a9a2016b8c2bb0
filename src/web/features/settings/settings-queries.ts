import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../shared/catalog.contract.ts';
import type { Country, Master } from '../../../shared/settings.contract.ts';
import { api, type Envelope } from '../../lib/api-client.ts';

export const settingsQueries = {
  master: () =>
    queryOptions({
      queryKey: ['master'],
      queryFn: ({ signal }) => api.get<Envelope<Master>>('/master', undefined, signal).then((body) => body.data),
      staleTime: 5 * 60_000,
    }),
  categories: () =>
    queryOptions({
      queryKey: ['categories'],
      queryFn: ({ signal }) =>
        api.get<Envelope<{ categories: Category[] }>>('/categories', undefined, signal).then((body) => body.data.categories),
      staleTime: 5 * 60_000,
    }),
  countries: () =>
    queryOptions({
      queryKey: ['countries'],
      queryFn: ({ signal }) =>
        api.get<Envelope<{ countries: Country[] }>>('/countries', undefined, signal).then((body) => body.data.countries),
      staleTime: Infinity,
    }),
};

/** The countries of `GET /countries` (one cached query for every form). */
export function useCountries(): Country[] {
  return useQuery(settingsQueries.countries()).data ?? [];
}
