import { ApiError } from '../../../client/lib/api-client.ts';
import { notify } from '../../lib/toast.ts';
import { useAuth } from '../session/session-store.ts';
import { cartToastOptions } from '../settings/cart-toast-options.ts';

/**
 * docs/product/storefront.md §8: a failed voucher list or collect shows the server's message (where cart toasts sit); a
 * lost session (401) also clears it, and the shopper leaves for the home page.
 */
export function reportVoucherFailure(error: Error, leave: () => void) {
  notify.error(error.message, cartToastOptions());
  if (!(error instanceof ApiError && error.status === 401)) return;
  useAuth.getState().clearSession();
  leave();
}
