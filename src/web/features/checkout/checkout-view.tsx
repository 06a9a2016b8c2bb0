import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { useCart } from '../cart/cart-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { GoingToPayment, NothingToBuy, OrderPlaced } from './checkout-outcomes.tsx';
import type { CheckoutSource } from './checkout-source.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { GuestContactForm } from './guest-contact-form.tsx';
import { OrderItems } from './order-items.tsx';
import { OrderNote } from './order-note.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { ShippingAddress } from './shipping-address.tsx';
import { useCheckoutVouchers } from './use-checkout-vouchers.ts';
import { useOrderPlacement } from './use-order-placement.ts';
import { VerifyOtpModal } from './verify-otp-modal.tsx';

/** Leaves a checkout with nothing selected (docs/product/storefront.md §5): the toast, then back to the cart, open on the page it lands on only. */
function useLeaveWithoutSelection(leave: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!leave) return;
    notify.error(t('Please select at least one shop'));
    void navigate('/', { replace: true });
    useSettings.getState().setBasketCanvas(true, 'store');
  }, [leave, navigate, t]);
}

/**
 * The checkout of docs/product/storefront.md §1, for the cart's selected shops and for a Buy Now alike: shipping address,
 * the lines per shop with a voucher each, payment method, note, the figures and Place Order.
 */
export function CheckoutView({ source }: { source: CheckoutSource }) {
  const { t } = useTranslation();
  const vouchers = useCheckoutVouchers(source);
  const checkout = useOrderPlacement(source, vouchers);
  const { placed, user } = checkout;

  useLeaveWithoutSelection(!source.isBuyNow && source.shopIds.length === 0 && placed === null);
  // The confirmation belongs to this visit: a flag left from an earlier one never reopens it.
  useEffect(
    () => () => {
      useCart.setState({ orderConfirmModal: false });
    },
    [],
  );

  if (placed?.order_payment_url) return <GoingToPayment />;
  if (placed !== null) return <OrderPlaced placed={placed} guest={checkout.guest} />;
  // Nothing chosen for Buy Now, or its line is gone (bought in another tab, replaced by another Buy Now).
  if (source.isBuyNow && (source.shopIds.length === 0 || (source.ready && source.groups.length === 0))) return <NothingToBuy />;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={source.isBuyNow ? t('Buy Now') : t('Checkout')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {checkout.guest ? (
            <GuestContactForm value={checkout.guestContact} errors={checkout.guestErrors} onChange={checkout.changeGuestContact} />
          ) : (
            <ShippingAddress error={checkout.errors.address} />
          )}
          <OrderItems source={source} vouchers={vouchers} />
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <PaymentMethods value={checkout.paymentMethod} error={checkout.errors.payment} onChange={checkout.choosePaymentMethod} />
          </div>
          <OrderNote value={checkout.note} onChange={checkout.setNote} />
        </div>
        <CheckoutSummary
          figures={source.figures}
          groups={source.groups}
          canPlace={source.ready && source.groups.length > 0 && !checkout.placing}
          placing={checkout.placing}
          onPlace={checkout.placeOrder}
        />
      </div>
      {checkout.verifying && user?.email && <VerifyOtpModal email={user.email} onClose={checkout.cancelVerifying} onVerified={checkout.verified} />}
    </section>
  );
}
