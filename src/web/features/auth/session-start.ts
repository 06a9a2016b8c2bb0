import type { SessionData } from '../../../shared/account.contract.ts';
import { api } from '../../../client/lib/api-client.ts';
import { refreshAddresses, refreshFavoriteCount } from '../account/account-queries.ts';
import { refreshCart } from '../cart/cart-actions.ts';
import { isSignedIn, useAuth } from '../session/session-store.ts';

/**
 * What a new session loads after login or registration (docs/product/storefront.md §4): the wishlist count, the
 * addresses (the default one becomes the cart address) and the cart. A failed load leaves its
 * figure as it was: the session itself stands.
 */
export async function afterSignIn() {
  const loads = await Promise.allSettled([refreshFavoriteCount(), refreshAddresses(), refreshCart()]);
  for (const load of loads) {
    if (load.status === 'rejected') console.warn('Could not load the account after signing in', load.reason);
  }
}

/**
 * Takes the session an auth call answered (its secret is in the cookie; the user is stored), loads
 * what comes with it, then does what the shopper was asked to log in for.
 */
export async function startSession({ user }: SessionData) {
  const { afterLogin, signIn } = useAuth.getState();
  signIn(user);
  await afterSignIn();
  await afterLogin?.();
}

/** On the server, for a request that carries cookies: the shopper its session cookie names (none when it has ended). */
export async function signInFromSessionCookie() {
  try {
    const { data } = await api.call('GET /profile');
    useAuth.getState().signIn(data.user);
  } catch {
    // No session, or it has ended: the page is a visitor's.
  }
}

/** On the server, once the store settings are in: the shopper's wishlist count and cart (an account's, or a guest's), as the header shows them. */
export async function loadShopperCounts() {
  const favoriteCount = async () => {
    const { data } = await api.call('GET /favorite-products', { query: { per_page: 1 } });
    useAuth.getState().setFavoriteCount(data.total);
  };
  await Promise.allSettled([refreshCart(), ...(isSignedIn() ? [favoriteCount()] : [])]);
}
