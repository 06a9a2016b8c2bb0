import { t } from '../../../client/lib/i18n.ts';
import { orderStatusLabel as statusLabel } from '../../../client/lib/order-status-labels.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { OrderStatusTab } from './order-params.ts';

/** An order status (or the "all" tab) in the shopper's language. */
export function orderStatusLabel(status: OrderStatusTab): string {
  return status === 'all' ? t('All') : statusLabel(status);
}

/** A payment method by the title the store gives its gateway ("cash" → "Cash on Delivery"). */
export function usePaymentMethodTitle(name: string): string {
  return useSettings((state) => state.paymentGateways.find((gateway) => gateway.name === name)?.title ?? name);
}
