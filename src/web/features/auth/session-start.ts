import type { SessionData } from '../../../shared/account.contract.ts';
import { refreshAddresses, refreshFavoriteCount } from '../account/account-queries.ts';
import { refreshCart } from '../cart/cart-actions.ts';
import { useAuth } from './auth-store.ts';

/**
 * What a new session loads after login or registration (spec §4): the wishlist count, the
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
