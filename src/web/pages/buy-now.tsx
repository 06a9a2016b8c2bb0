import { useAuth } from '../features/session/session-store.ts';
import { useBuyNowCheckout } from '../features/checkout/checkout-source.ts';
import { CheckoutView } from '../features/checkout/checkout-view.tsx';
import { SignInRequired } from '../features/checkout/sign-in-required.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

function BuyNowCheckout() {
  return <CheckoutView source={useBuyNowCheckout()} />;
}

/** `/buynow`: the single product of a Buy Now, checked out on its own; the cart is left as it is. */
export default function BuyNow() {
  const { t } = useTranslation();
  const signedIn = useAuth((state) => state.user !== null);
  if (!signedIn) return <SignInRequired title={t('Buy Now')} />;
  return <BuyNowCheckout />;
}
