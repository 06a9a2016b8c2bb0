import type { ExternalToast } from 'sonner';
import { useSettings } from './settings-store.ts';

/** docs/product/storefront.md §2/§8: cart and voucher toasts sit bottom-left, bottom-right in right-to-left languages. */
export function cartToastOptions(): ExternalToast {
  return { position: useSettings.getState().langDirection === 'rtl' ? 'bottom-right' : 'bottom-left' };
}
