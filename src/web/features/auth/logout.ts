import { notify } from '../../lib/toast.ts';
import { api } from '../../../client/lib/api-client.ts';
import { t } from '../../../client/lib/i18n.ts';
import { useCart } from '../cart/cart-store.ts';
import { useAuth } from '../session/session-store.ts';

/** The user menu's Log Out (docs/product/storefront.md §4): the session ends on this device even when the call fails. */
export async function logout() {
  try {
    await api.call('GET /logout');
  } catch {
    // docs/product/storefront.md §8: a failed logout still clears the local state.
  }
  useAuth.getState().clearSession();
  useCart.getState().resetCart();
  notify.success(t('Logout successfully'));
}
