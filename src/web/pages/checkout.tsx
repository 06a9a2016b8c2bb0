import { useSearchParams } from 'react-router';
import { useAuth } from '../features/session/session-store.ts';
import { useCartCheckout } from '../features/checkout/checkout-source.ts';
import { CheckoutView } from '../features/checkout/checkout-view.tsx';
import { PaymentCancelReturn } from '../features/checkout/payment-cancel-return.tsx';
import { SignInRequired } from '../features/checkout/sign-in-required.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

function CartCheckout() {
  return <CheckoutView source={useCartCheckout()} />;
}

/** `/checkout`: the cart's selected shops; also where the shopper lands back from a cancelled online payment. */
export default function Checkout() {
  const { t } = useTranslation();
  const signedIn = useAuth((state) => state.user !== null);
  const guestCheckout = useSettings((state) => state.guestCheckout);
  const [params] = useSearchParams();
  const cancelledPayment = params.get('payment') === 'cancelled' ? params.get('payment_id') : null;

  if (!signedIn && !guestCheckout) return <SignInRequired title={t('Checkout')} />;
  if (cancelledPayment) return <PaymentCancelReturn paymentId={cancelledPayment} />;
  return <CartCheckout />;
}
