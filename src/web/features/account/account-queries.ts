import { queryOptions } from '@tanstack/react-query';
import type { Address } from '../../../shared/account.contract.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { api } from '../../../client/lib/api-client.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { useAuth } from '../session/session-store.ts';
import { useCart } from '../cart/cart-store.ts';
import { holdsProductCards } from './favorite-flags.ts';

/**
 * Every account query is keyed by the signed-in user, so a shopper never sees the previous
 * shopper's cached profile, addresses or wishlist on a shared browser.
 */
const accountKey = (userId: number | undefined) => ['account', userId ?? 0] as const;

/** docs/product/storefront.md §4, after the addresses load: the auth state keeps their ids and flags; the default (else the first) becomes the cart address. */
export function rememberAddresses(addresses: Address[]) {
  useAuth.getState().setAddresses(addresses.map(({ id, is_default }) => ({ id, is_default })));
  const chosen = addresses.find((address) => address.is_default) ?? addresses[0];
  useCart.setState({ address: chosen?.id ?? null });
}

export const accountQueries = {
  profile: (userId: number | undefined) =>
    queryOptions({
      queryKey: [...accountKey(userId), 'profile'],
      queryFn: ({ signal }) => api.call('GET /profile', { signal }).then((body) => body.data.user),
    }),
  addresses: (userId: number | undefined) =>
    queryOptions({
      queryKey: [...accountKey(userId), 'addresses'],
      queryFn: async ({ signal }) => {
        const { data } = await api.call('GET /addresses', { signal });
        rememberAddresses(data.addresses);
        return data.addresses;
      },
    }),
  /** Every page of the wishlist, to refresh them together. */
  favoritesKey: (userId: number | undefined) => [...accountKey(userId), 'favorite-products'] as const,
  favorites: (userId: number | undefined, page: number) =>
    queryOptions({
      queryKey: [...accountQueries.favoritesKey(userId), page],
      queryFn: async ({ signal }) => {
        const { data } = await api.call('GET /favorite-products', { query: { page, per_page: PAGE_SIZE }, signal });
        useAuth.getState().setFavoriteCount(data.total);
        return data;
      },
      placeholderData: (previous) => previous,
    }),
};

const currentUserId = () => useAuth.getState().user?.id;

/** Loads the addresses again (after a change, or a sign-in), whether or not a page shows them. */
export function refreshAddresses() {
  return queryClient().fetchQuery({ ...accountQueries.addresses(currentUserId()), staleTime: 0 });
}

/**
 * After a sign-in (the login flow calls this): the header's wishlist count from
 * `GET /favorite-products`, and the catalogue cards on screen fetched again so their hearts
 * show this shopper's favourites.
 */
export async function refreshFavoriteCount() {
  const { data } = await api.call('GET /favorite-products', { query: { per_page: 1 } });
  useAuth.getState().setFavoriteCount(data.total);
  await queryClient().invalidateQueries({ predicate: (query) => holdsProductCards(query.state.data) });
}
