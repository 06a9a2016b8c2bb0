import { formatNumber, t } from '../../../client/lib/i18n.ts';
import type { ConsoleNotification } from '../../../shared/notifications.contract.ts';

/** What a notification says, in the console's language. */
export function notificationText(notification: ConsoleNotification): string {
  switch (notification.kind) {
    case 'seller_application':
      return t('New seller application: {{shop}}', { shop: notification.data.shop });
    case 'product_awaiting_approval':
      return t('Product awaiting approval: {{product}} ({{shop}})', { product: notification.data.product, shop: notification.data.shop });
    case 'low_stock':
      return t('Low stock: {{product}} ({{sku}}) has {{stock}} left', { product: notification.data.product, sku: notification.data.sku, stock: formatNumber(notification.data.stock) });
    case 'return_requested':
      return t('Return requested: order {{number}} ({{shop}})', { number: notification.data.order_number, shop: notification.data.shop });
    case 'new_order':
      return t('New order {{number}} ({{shop}})', { number: notification.data.order_number, shop: notification.data.shop });
    case 'ticket_message':
      return t('New message on ticket {{number}}: {{subject}}', { number: notification.data.ticket_no, subject: notification.data.subject });
    case 'ticket_assigned':
      return t('Ticket {{number}} was given to you: {{subject}}', { number: notification.data.ticket_no, subject: notification.data.subject });
    case 'payment_failed':
      return t('Payment failed for order {{number}} ({{shop}})', { number: notification.data.order_number, shop: notification.data.shop });
    case 'refund_failed':
      return t('Refund failed for order {{number}} ({{shop}}): refund it again', { number: notification.data.order_number, shop: notification.data.shop });
    case 'withdrawal_requested':
      return t('Withdrawal requested: {{amount}} ({{shop}})', { amount: formatNumber(notification.data.amount, 2), shop: notification.data.shop });
    case 'withdrawal_paid':
      return t('Your withdrawal of {{amount}} is paid', { amount: formatNumber(notification.data.amount, 2) });
    case 'withdrawal_rejected':
      return t('Your withdrawal of {{amount}} was not approved', { amount: formatNumber(notification.data.amount, 2) });
  }
}

/** The console page of the record a notification is about. */
export function notificationPath(notification: ConsoleNotification): string {
  switch (notification.kind) {
    case 'seller_application':
      return '/shops';
    case 'product_awaiting_approval':
      return `/products/${notification.entity_id}`;
    case 'low_stock':
      return `/stock?search=${encodeURIComponent(notification.data.sku)}`;
    case 'return_requested':
      return `/returns/${notification.entity_id}`;
    case 'new_order':
    case 'payment_failed':
    case 'refund_failed':
      return `/orders/${notification.entity_id}`;
    case 'ticket_message':
    case 'ticket_assigned':
      return `/tickets/${notification.entity_id}`;
    case 'withdrawal_requested':
    case 'withdrawal_paid':
    case 'withdrawal_rejected':
      return '/withdrawals';
  }
}

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now", in the console's language (`<html lang>`). */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(document.documentElement.lang || 'en', { numeric: 'auto' });
  const [unit, size] = units.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return unit === 'second' ? format.format(0, 'second') : format.format(Math.round(seconds / size), unit);
}
