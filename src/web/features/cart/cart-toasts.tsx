import type { ExternalToast } from 'sonner';
import { CART_TOAST_MS } from '../../../shared/constants.ts';
import { t } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { cartToastOptions } from '../settings/cart-toast-options.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { CartProduct } from './cart-store.ts';

/** docs/product/storefront.md §9: cart toasts last 3000 ms (sonner shows no progress bar). */
const cartToast = (): ExternalToast => ({ ...cartToastOptions(), duration: CART_TOAST_MS });

export const lineThumbnail = (line: Pick<CartProduct, 'thumbnail' | 'thumbnails'>) => line.thumbnail || line.thumbnails[0]?.thumbnail;

function LineToast({ line, text }: { line: CartProduct; text: string }) {
  const thumbnail = lineThumbnail(line);
  return (
    <span className="flex items-center gap-3">
      {thumbnail && <img src={thumbnail} alt="" width={48} height={48} className="size-12 shrink-0 rounded border border-slate-200 object-cover" />}
      <span className="flex min-w-0 flex-col">
        <span dir="auto" className="line-clamp-2 font-semibold">{line.name}</span>
        <span className="font-normal text-slate-600">{text}</span>
      </span>
    </span>
  );
}

/** docs/product/storefront.md §2: the added line with a View In Cart button that opens the cart panel. */
export function showAddedToast(line: CartProduct) {
  notify.message(<LineToast line={line} text={t('has been added to cart')} />, {
    ...cartToast(),
    action: { label: t('View In Cart'), onClick: () => useSettings.getState().setBasketCanvas(true) },
  });
}

/** docs/product/storefront.md §2: the removed line with an Again Add to Cart button (docs/product/storefront.md §9: one unit). */
export function showRemovedToast(line: CartProduct, addAgain: () => void) {
  notify.message(<LineToast line={line} text={t('has been remove to cart')} />, {
    ...cartToast(),
    action: { label: t('Again Add to Cart'), onClick: addAgain },
  });
}

export function showCartError(message: string) {
  notify.error(message, cartToast());
}
