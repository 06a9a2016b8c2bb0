import { useLocation } from 'react-router';
import { BagIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useCart } from './cart-store.ts';

/** docs/product/storefront.md §2: no floating tab on checkout, the blog list and a blog post. */
export function useCartTabShown() {
  const { pathname } = useLocation();
  return !/^\/(checkout|blogs|blog\/[^/]+)\/?$/.test(pathname);
}

/**
 * Where the tab is shown, the page keeps this much room at its end edge, so the tab covers nothing
 * a shopper reads, clicks or tabs to (WCAG 2.4.11). The tab is `w-24` from 640 px on.
 */
export const cartTabRoomClass = 'sm:pe-24';

/** The floating cart tab at the end edge (640 px and wider): item count and total; opens the panel. */
export function CartTab() {
  const { t } = useTranslation();
  const count = useCart((state) => state.total);
  const totalAmount = useCart((state) => state.totalAmount);
  const currency = useSettings((state) => state.selectedCurrency);
  if (!useCartTabShown()) return null;
  return (
    <button
      type="button"
      onClick={() => useSettings.getState().setBasketCanvas(true)}
      className="fixed end-0 top-1/2 z-30 hidden w-24 -translate-y-1/2 flex-col overflow-hidden rounded-s-lg border border-e-0 border-primary-700 shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 sm:flex"
    >
      <span className="flex flex-col items-center gap-1 bg-primary-700 px-2 py-2 text-xs font-medium text-white">
        <BagIcon className="size-6" />
        <span className="sr-only">{t('My Cart')}:</span>
        {t({ one: '{{count}} Item', other: '{{count}} Items' }, { count })}
      </span>
      <span data-testid="cart-tab-total" className="bg-white px-2 py-1.5 text-center text-xs font-bold text-primary-800">
        {formatPrice(totalAmount, currency)}
      </span>
    </button>
  );
}
