import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { BagIcon } from '../../components/ui/icons.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useSettings } from '../settings/settings-store.ts';
import { enterCart } from './cart-actions.ts';
import { CartFigures } from './cart-figures.tsx';
import { CartShopSection } from './cart-shop-section.tsx';
import { CartUnavailableLines } from './cart-unavailable-lines.tsx';
import { useCart } from './cart-store.ts';
import { showCartError } from './cart-toasts.tsx';

const closePanel = () => useSettings.getState().setBasketCanvas(false);

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <BagIcon className="size-14 text-slate-300" />
      <p className="font-medium text-slate-700">{t('Cart is empty')}</p>
      <Link to="/products" onClick={closePanel} className={`${secondaryButtonClass} border-primary-700 text-primary-800`}>
        {t('Continue Shopping')}
      </Link>
    </div>
  );
}

function CheckoutBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const checkout = () => {
    // docs/product/storefront.md §5: checkout needs at least one selected shop.
    if (useCart.getState().selectedShopIds.length === 0) {
      showCartError(t('Please select at least one shop'));
      return;
    }
    closePanel();
    void navigate('/checkout');
  };
  // Nothing ticked yet: the figures would all read zero beside priced lines, so the panel says what to do instead.
  const selecting = useCart((state) => state.selectedShopIds.length === 0);
  return (
    <div className="space-y-3">
      {selecting ? (
        <p data-testid="cart-select-shops" className="rounded-md bg-slate-50 p-3 text-center text-sm font-medium text-slate-700">
          {t('Select the shops to check out')}
        </p>
      ) : (
        <CartFigures />
      )}
      <button type="button" onClick={checkout} className={`${primaryButtonClass} h-12 w-full`}>
        {t('Checkout')}
      </button>
    </div>
  );
}

/** The cart side panel (docs/product/storefront.md §2): at the end side while `basketCanvas` is set; each opening refreshes it. */
export default function CartPanelDialog() {
  const { t } = useTranslation();
  const open = useSettings((state) => state.basketCanvas);
  const groups = useCart((state) => state.products);
  const hasItems = useCart((state) => state.total > 0);

  useEffect(() => {
    if (open) void enterCart();
  }, [open]);

  return (
    <ModalDialog open={open} onClose={closePanel} title={t('My Cart')} placement="end" footer={hasItems ? <CheckoutBar /> : undefined}>
      {hasItems ? (
        <>
          <ul>
            {groups.map((group) => (
              <CartShopSection key={group.shop_id} group={group} />
            ))}
          </ul>
          <CartUnavailableLines />
        </>
      ) : (
        <>
          <EmptyCart />
          <CartUnavailableLines />
        </>
      )}
    </ModalDialog>
  );
}
