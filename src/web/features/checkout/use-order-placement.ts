import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GuestContact, PlacedOrders } from '../../../shared/orders.contract.ts';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { refreshAddresses } from '../account/account-queries.ts';
import { refusedVoucher } from '../cart/cart-actions.ts';
import { useCart } from '../cart/cart-store.ts';
import { orderQueries } from '../orders/order-queries.ts';
import { useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { checkoutRequests } from './checkout-requests.ts';
import type { CheckoutSource } from './checkout-source.ts';
import { emptyGuestContact, type GuestContactDraft } from './guest-contact-form.tsx';
import { usePaymentMethod } from './payment-methods.tsx';
import { PlaceOrderAttempt, placeOrderBody, type PlaceOrderBody } from './place-order-attempt.ts';
import type { CheckoutVouchers } from './use-checkout-vouchers.ts';

type GuestErrors = Partial<Record<keyof GuestContact, string>>;

/**
 * The shopper's choices at checkout (address or guest contact, payment method, note) and Place
 * Order: checked here first, then the account's one-time code when the store asks for it, then
 * the order, whose refusal is told under the field it concerns.
 */
export function useOrderPlacement(source: CheckoutSource, vouchers: CheckoutVouchers) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useAuth((state) => state.user);
  const mustVerify = useSettings((state) => state.orderPlaceAccountVerify) && user?.is_verified !== true;
  const addressId = useCart((state) => state.address);
  const [paymentMethod, setPaymentMethod] = usePaymentMethod();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ address?: string; payment?: string }>({});
  // A visitor checks out as a guest (the page lets one in only while the store allows it).
  const guest = user === null;
  const [guestContact, setGuestContact] = useState(emptyGuestContact);
  const [guestErrors, setGuestErrors] = useState<GuestErrors>({});
  const [verifying, setVerifying] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrders | null>(null);
  const [attempt] = useState(() => new PlaceOrderAttempt());

  const order = useMutation({
    mutationFn: async (body: PlaceOrderBody) => {
      const answer = await checkoutRequests.placeOrder(body, attempt.keyFor(body));
      attempt.settle(200);
      setPlaced(answer.data);
      void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      await source.finish();
      const paymentUrl = answer.data.order_payment_url;
      // Online payment: the shopper pays on the gateway's page and comes back to the store.
      if (paymentUrl) window.location.assign(paymentUrl);
      else useCart.setState({ orderConfirmModal: true });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      attempt.settle(error.status);
      const refused = refusedVoucher(error, source.shopIds);
      // A voucher that stopped applying is told under its shop's field (and by the pricing that drops it).
      if (refused) vouchers.setError(refused.shopId, refused.message);
      else notify.error(error.message);
      if (guest) setGuestErrors(Object.fromEntries(Object.keys(emptyGuestContact).map((field) => [field, error.fieldError(field)])));
      const addressError = error.fieldError('address_id');
      if (addressError) {
        setErrors({ address: addressError });
        // Gone in another tab, say: the list as it is now, with the default chosen again.
        void refreshAddresses().catch(() => undefined);
      }
      // Stock or prices moved, or the voucher stopped applying: show the order as it stands now.
      if (error.status === 409 || error.status === 422) void source.refresh();
    },
  });
  const placing = order.isPending;

  /** Where the order goes; null when there is nowhere yet (a guest without a country is told so under the field). */
  function orderDestination(): { address_id: number } | GuestContact | null {
    if (!guest) return addressId === null ? null : { address_id: addressId };
    const { country_id } = guestContact;
    if (country_id !== null) return { ...guestContact, country_id };
    setGuestErrors({ country_id: t('The country field is required.') });
    return null;
  }

  function submitOrder() {
    const destination = orderDestination();
    if (destination === null) return;
    order.mutate(
      placeOrderBody({
        shopIds: source.shopIds,
        destination,
        paymentMethod,
        isBuyNow: source.isBuyNow,
        payableAmount: source.figures.payable_amount,
        couponCodes: source.couponCodes,
        note,
      }),
    );
  }

  function placeOrder() {
    if (placing) return;
    const problems = {
      address: !guest && addressId === null ? t('Please select a shipping address') : undefined,
      payment: paymentMethod === '' ? t('Please select a payment method') : undefined,
    };
    setErrors(problems);
    const first = problems.address ?? problems.payment;
    if (first) {
      notify.error(first);
      return;
    }
    // Without an e-mail to send the code to, the store itself answers that the account needs verifying.
    if (mustVerify && user?.email) setVerifying(true);
    else submitOrder();
  }

  return {
    guest,
    user,
    placed,
    placing,
    placeOrder,
    errors,
    paymentMethod,
    choosePaymentMethod: (name: string) => {
      setPaymentMethod(name);
      setErrors((current) => ({ ...current, payment: undefined }));
    },
    note,
    setNote,
    guestContact,
    guestErrors,
    changeGuestContact: (value: GuestContactDraft) => {
      setGuestContact(value);
      setGuestErrors({});
    },
    /** The account's one-time code is being asked for before the order goes. */
    verifying,
    cancelVerifying: () => setVerifying(false),
    verified: () => {
      setVerifying(false);
      submitOrder();
    },
  };
}
