import { useEffect } from 'react';
import { Link } from 'react-router';
import type { PlacedOrders } from '../../../shared/orders.contract.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useCart } from '../cart/cart-store.ts';
import { OrderConfirmModal } from './order-confirm-modal.tsx';

/** An order placed for online payment, while the browser goes to the gateway's page. */
export function GoingToPayment() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <p role="status" aria-busy="true" className="text-lg text-slate-700">
        {t('Taking you to the payment page…')}
      </p>
    </section>
  );
}

/** The orders are placed: thanks, the way to see them, and the confirmation dialog. */
export function OrderPlaced({ placed, guest }: { placed: PlacedOrders; guest: boolean }) {
  const { t } = useTranslation();
  const confirmOpen = useCart((state) => state.orderConfirmModal);
  // Place Order sat at the foot of the checkout: from there, the short page that replaces it would
  // leave only the footer (or nothing) behind the confirmation. Its top comes into view instead.
  // Braces: Chromium's scrollTo now answers a promise, and an effect's answer is its clean-up.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <PageHeading title={t('Order placed')} />
      <EmptyState
        message={t('Thank you! Your order has been placed successfully.')}
        action={
          guest ? (
            placed.orders[0]?.guest_order_url && (
              <Link to={placed.orders[0].guest_order_url} className={primaryButtonClass}>
                {t('View your order')}
              </Link>
            )
          ) : (
            <Link to="/order-history" className={primaryButtonClass}>
              {t('Order History')}
            </Link>
          )
        }
      />
      <OrderConfirmModal open={confirmOpen} orders={placed.orders} onClose={() => useCart.setState({ orderConfirmModal: false })} />
    </section>
  );
}

/** A Buy Now with nothing to buy. */
export function NothingToBuy() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={t('Buy Now')} />
      <EmptyState
        message={t('No product selected')}
        action={
          <Link to="/products" className={primaryButtonClass}>
            {t('Continue Shopping')}
          </Link>
        }
      />
    </section>
  );
}
