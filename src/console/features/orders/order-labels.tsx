import { t, useTranslation } from '../../../client/lib/i18n.ts';
import type { OrderStatus, PaymentStatus } from '../../../shared/order-statuses.ts';

/** An order status in the console's language (the storefront's words for it). */
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
  }
}

const tones: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  confirm: 'bg-sky-50 text-sky-800',
  processing: 'bg-indigo-50 text-indigo-800',
  pickup: 'bg-violet-50 text-violet-800',
  on_the_way: 'bg-violet-100 text-violet-900',
  delivered: 'bg-green-50 text-green-800',
  cancelled: 'bg-red-50 text-red-800',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  useTranslation();
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tones[status]}`}>{orderStatusLabel(status)}</span>;
}
