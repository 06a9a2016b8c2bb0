import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toAmount, toMinor, unitPrice } from '../../../shared/money.ts';
import { primaryButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { refreshAddresses } from '../account/account-queries.ts';
import { useAuth } from '../session/session-store.ts';
import { refusedVoucher } from '../cart/cart-actions.ts';
import { useCart, type CartShopGroup } from '../cart/cart-store.ts';
import { lineThumbnail } from '../cart/cart-toasts.tsx';
import { OrderFigures } from '../orders/order-figures.tsx';
import { orderQueries } from '../orders/order-queries.ts';
import { PurchaseLine } from '../orders/purchase-line.tsx';
import { useSettings } from '../settings/settings-store.ts';
import type { CheckoutSource } from './checkout-source.ts';
import type { GuestContact, PlacedOrders } from '../../../shared/orders.contract.ts';
import { checkoutRequests } from './checkout-requests.ts';
import { emptyGuestContact, GuestContactForm } from './guest-contact-form.tsx';
import { OrderConfirmModal } from './order-confirm-modal.tsx';
import { PaymentMethods, usePaymentMethod } from './payment-methods.tsx';
import { PlaceOrderAttempt, placeOrderBody } from './place-order-attempt.ts';
import { ShippingAddress } from './shipping-address.tsx';
import { ShopVoucher } from './shop-voucher.tsx';
import { VerifyOtpModal } from './verify-otp-modal.tsx';

const NOTE_MAX = 500;

interface VoucherState {
  /** Why the store refused the code typed under a shop, by shop id. */
  errors: Record<number, string>;
  busy: boolean;
}

function ShopLines({ group }: { group: CartShopGroup }) {
  return (
    <ul className="divide-y divide-slate-100">
      {group.products.map((line) => {
        const price = unitPrice(line.price, line.discount_price);
        return (
          <PurchaseLine
            key={line.id}
            productId={line.id}
            name={line.name}
            thumbnail={lineThumbnail(line)}
            variant={[line.color?.name, line.size?.name].filter(Boolean).join(' · ')}
            unitPrice={price}
            quantity={line.quantity}
            lineTotal={toAmount(toMinor(price) * line.quantity)}
          />
        );
      })}
    </ul>
  );
}

/** Leaves a checkout with nothing selected (spec §5): the toast, then back to the cart. */
function useLeaveWithoutSelection(leave: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!leave) return;
    notify.error(t('Please select at least one shop'));
    void navigate('/', { replace: true });
    useSettings.getState().setBasketCanvas(true);
  }, [leave, navigate, t]);
}

/**
 * The checkout of spec §1, for the cart's selected shops and for a Buy Now alike: shipping address,
 * the lines per shop with a voucher each, payment method, note, the figures and Place Order.
 */
export function CheckoutView({ source }: { source: CheckoutSource }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useAuth((state) => state.user);
  const mustVerify = useSettings((state) => state.orderPlaceAccountVerify) && user?.is_verified !== true;
  const addressId = useCart((state) => state.address);
  const confirmOpen = useCart((state) => state.orderConfirmModal);
  const [paymentMethod, setPaymentMethod] = usePaymentMethod();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ address?: string; payment?: string }>({});
  const [voucher, setVoucher] = useState<VoucherState>({ errors: {}, busy: false });
  const [verifying, setVerifying] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrders | null>(null);
  // A visitor checks out as a guest (the page lets one in only while the store allows it).
  const guest = user === null;
  const [guestContact, setGuestContact] = useState(emptyGuestContact);
  const [guestErrors, setGuestErrors] = useState<Partial<Record<keyof GuestContact, string>>>({});
  const [attempt] = useState(() => new PlaceOrderAttempt());
  const noteId = useId();

  useLeaveWithoutSelection(!source.isBuyNow && source.shopIds.length === 0 && placed === null);
  // The confirmation belongs to this visit: a flag left from an earlier one never reopens it.
  useEffect(
    () => () => {
      useCart.setState({ orderConfirmModal: false });
    },
    [],
  );

  const { groups, figures, couponCodes } = source;
  const setVoucherError = (shopId: number, message: string | null) =>
    setVoucher((current) => {
      const { [shopId]: _previous, ...others } = current.errors;
      return { ...current, errors: message === null ? others : { ...others, [shopId]: message } };
    });

  async function applyVoucher(shopId: number, code: string) {
    setVoucherError(shopId, null);
    setVoucher((current) => ({ ...current, busy: true }));
    try {
      await source.applyCoupon(shopId, code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const refused = refusedVoucher(error, source.shopIds);
      // Another shop's voucher that stopped applying is told under that shop.
      if (!refused) notify.error(error.message);
      setVoucherError(refused?.shopId ?? shopId, refused?.message ?? error.message);
    } finally {
      setVoucher((current) => ({ ...current, busy: false }));
    }
  }

  async function removeVoucher(shopId: number) {
    setVoucher((current) => ({ ...current, busy: true }));
    await source.removeCoupon(shopId);
    setVoucher((current) => ({ ...current, busy: false }));
  }

  async function submitOrder() {
    const destination = guest ? guestContact : addressId === null ? null : { address_id: addressId };
    if (destination === null) return;
    const body = placeOrderBody({
      shopIds: source.shopIds,
      destination,
      paymentMethod,
      isBuyNow: source.isBuyNow,
      payableAmount: figures.payable_amount,
      couponCodes,
      note,
    });
    setPlacing(true);
    try {
      const answer = await checkoutRequests.placeOrder(body, attempt.keyFor(body));
      attempt.settle(200);
      setPlaced(answer.data);
      void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      await source.finish();
      const paymentUrl = answer.data.order_payment_url;
      if (paymentUrl) {
        // Online payment: the shopper pays on the gateway's page and comes back to the store.
        window.location.assign(paymentUrl);
        return;
      }
      useCart.setState({ orderConfirmModal: true });
      setPlacing(false);
    } catch (error) {
      setPlacing(false);
      if (!(error instanceof ApiError)) throw error;
      attempt.settle(error.status);
      const refused = refusedVoucher(error, source.shopIds);
      // A voucher that stopped applying is told under its shop's field (and by the pricing that drops it).
      if (refused) setVoucherError(refused.shopId, refused.message);
      else notify.error(error.message);
      if (guest) setGuestErrors(Object.fromEntries(Object.keys(emptyGuestContact).map((field) => [field, error.fieldError(field)])));
      const addressError = error.fieldError('address_id');
      if (addressError) {
        setErrors({ address: addressError });
        // Gone in another tab, say: the list as it is now, with the default chosen again.
        void refreshAddresses().catch(() => undefined);
      }
      // Stock or prices moved, or the voucher stopped applying: show the order as it stands now.
      if (error.status === 409 || error.status === 422) await source.refresh();
    }
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
    else void submitOrder();
  }

  if (placed?.order_payment_url) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <p role="status" aria-busy="true" className="text-lg text-slate-700">
          {t('Taking you to the payment page…')}
        </p>
      </section>
    );
  }

  if (placed !== null) {
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

  // Nothing chosen for Buy Now, or its line is gone (bought in another tab, replaced by another Buy Now).
  if (source.isBuyNow && (source.shopIds.length === 0 || (source.ready && groups.length === 0))) {
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

  const canPlace = source.ready && groups.length > 0 && !placing;
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={source.isBuyNow ? t('Buy Now') : t('Checkout')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {guest ? (
            <GuestContactForm
              value={guestContact}
              errors={guestErrors}
              onChange={(value) => {
                setGuestContact(value);
                setGuestErrors({});
              }}
            />
          ) : (
            <ShippingAddress error={errors.address} />
          )}
          <section aria-labelledby={`${noteId}-items`} className="space-y-4">
            <h2 id={`${noteId}-items`} className="text-lg font-semibold text-slate-900">
              {t('Order Items')}
            </h2>
            {source.failed || (source.ready && groups.length === 0) ? (
              <EmptyState
                message={t('Something went wrong. Please try again.')}
                action={
                  <button type="button" onClick={() => void source.refresh()} className={primaryButtonClass}>
                    {t('Try again')}
                  </button>
                }
              />
            ) : groups.length === 0 ? (
              <div aria-busy="true" className="h-40 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
            ) : (
              groups.map((group) => (
                <article key={group.shop_id} aria-label={group.shop_name} data-testid="checkout-shop" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
                  <h3 className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">{group.shop_name}</h3>
                  <div className="px-4 py-4">
                    <ShopLines group={group} />
                  </div>
                  <div className="border-t border-slate-200 px-4 py-3">
                    <ShopVoucher
                      shopId={group.shop_id}
                      shopName={group.shop_name}
                      appliedCode={couponCodes[group.shop_id] ?? null}
                      discount={group.coupon_discount}
                      error={voucher.errors[group.shop_id]}
                      busy={voucher.busy}
                      onApply={(code) => void applyVoucher(group.shop_id, code)}
                      onRemove={() => void removeVoucher(group.shop_id)}
                      onEdit={() => voucher.errors[group.shop_id] !== undefined && setVoucherError(group.shop_id, null)}
                    />
                  </div>
                </article>
              ))
            )}
          </section>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <PaymentMethods
              value={paymentMethod}
              error={errors.payment}
              onChange={(name) => {
                setPaymentMethod(name);
                setErrors((current) => ({ ...current, payment: undefined }));
              }}
            />
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <label htmlFor={noteId} className="mb-2 block text-lg font-semibold text-slate-900">
              {t('Note')}
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={NOTE_MAX}
              rows={3}
              placeholder={t('Anything the shop should know about your order?')}
              onChange={(event) => setNote(event.target.value)}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700"
            />
          </div>
        </div>
        <aside aria-label={t('Order Summary')} className="h-fit space-y-4 rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
          <h2 className="text-lg font-semibold text-slate-900">{t('Order Summary')}</h2>
          <OrderFigures
            figures={{
              subtotal: figures.total_amount,
              delivery_charge: figures.delivery_charge,
              coupon_discount: figures.coupon_discount,
              tax_amount: figures.order_tax_amount,
              payable_amount: figures.payable_amount,
            }}
          />
          <button type="button" onClick={placeOrder} disabled={!canPlace} aria-busy={placing || undefined} className={`${primaryButtonClass} h-12 w-full text-base`}>
            {placing ? t('Placing your order…') : t('Place Order')}
          </button>
        </aside>
      </div>
      {verifying && user?.email && (
        <VerifyOtpModal
          email={user.email}
          onClose={() => setVerifying(false)}
          onVerified={() => {
            setVerifying(false);
            void submitOrder();
          }}
        />
      )}
    </section>
  );
}
