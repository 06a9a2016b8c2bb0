import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';

/** Who is signed in to the console, where they work and what they may do (`GET /api/console/me`). */
export const consoleMeQuery = queryOptions({
  queryKey: ['console', 'me'],
  queryFn: async ({ signal }) => (await api.call('GET /console/me', { signal })).data,
  staleTime: 5 * 60_000,
});

/** Ends the session (the storefront's too: they share it); the console then shows its sign-in prompt. */
export async function signOut() {
  await api.call('GET /logout');
}
