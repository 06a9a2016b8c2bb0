import { t } from '../../../client/lib/i18n.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { PaymentStatus } from '../../../shared/order-statuses.ts';
import type { OrderStatusTab } from './order-params.ts';

/** An order status (or the "all" tab) in the shopper's language. */
export function orderStatusLabel(status: OrderStatusTab): string {
  switch (status) {
    case 'all':
      return t('All');
    case 'pending':
      return t('Pending');
    case 'confirm':
      return t('Confirmed');
    case 'processing':
      return t('Processing');
    case 'pickup':
      return t('Picked Up');
    case 'on_the_way':
      return t('On The Way');
    case 'delivered':
      return t('Delivered');
    case 'cancelled':
      return t('Cancelled');
  }
}

export function paymentStatusLabel(status: PaymentStatus): string {
  switch (status) {
    case 'pending':
      return t('Unpaid');
    case 'paid':
      return t('Paid');
    case 'failed':
      return t('Payment failed');
    case 'cancelled':
      return t('Payment cancelled');
  }
}

/** A payment method by the title the store gives its gateway ("cash" → "Cash on Delivery"). */
export function usePaymentMethodTitle(name: string): string {
  return useSettings((state) => state.paymentGateways.find((gateway) => gateway.name === name)?.title ?? name);
}
