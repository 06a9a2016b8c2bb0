import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { refreshCart } from '../cart/cart-actions.ts';
import { useCart } from '../cart/cart-store.ts';
import { orderQueries } from '../orders/order-queries.ts';
import { checkoutRequests } from './checkout-requests.ts';
import { PaymentCancelledModal } from './payment-cancelled-modal.tsx';

/**
 * The shopper left the payment page without paying (`/checkout?payment=cancelled&payment_id=…`):
 * the store cancels that payment's orders and releases their stock, then the order-payment-cancel modal says so.
 */
export function PaymentCancelReturn({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useCart((state) => state.orderPaymentCancelModal);
  const [done, setDone] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    checkoutRequests
      .cancelPayment(paymentId)
      .then(
        () => useCart.setState({ orderPaymentCancelModal: true }),
        (error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          notify.error(error.message);
          void navigate('/order-history', { replace: true });
        },
      )
      .finally(() => {
        setDone(true);
        void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
        void refreshCart();
      });
  }, [paymentId, navigate, queryClient]);

  // The modal belongs to this return from the payment page; leaving by one of its links ends it too.
  useEffect(
    () => () => {
      useCart.setState({ orderPaymentCancelModal: false });
    },
    [],
  );

  const close = () => {
    useCart.setState({ orderPaymentCancelModal: false });
    void navigate('/', { replace: true });
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      {!done && (
        <p role="status" aria-busy="true" className="text-lg text-slate-700">
          {t('Cancelling your payment…')}
        </p>
      )}
      <PaymentCancelledModal open={open && done} onClose={close} />
    </section>
  );
}
