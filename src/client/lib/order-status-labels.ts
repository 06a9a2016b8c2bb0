import type { OrderStatus, PaymentStatus } from '../../shared/order-statuses.ts';
import { t } from './i18n.ts';

/** An order status in the reader's language: the storefront and the console use the same words. */
export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
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
    case 'partially_refunded':
      return t('Partially refunded');
    case 'refunded':
      return t('Refunded');
  }
}
