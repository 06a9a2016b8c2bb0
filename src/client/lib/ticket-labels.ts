import type { TicketIssueType, TicketStatus } from '../../shared/support-tickets.ts';
import { t } from './i18n.ts';

/** A ticket's issue type and status in the reader's language: the storefront and the console use the same words. */

export function issueTypeLabel(type: TicketIssueType): string {
  switch (type) {
    case 'order':
      return t('Order');
    case 'payment':
      return t('Payment');
    case 'delivery':
      return t('Delivery');
    case 'product':
      return t('Product');
    case 'account':
      return t('Account');
    case 'other':
      return t('Other');
  }
}

export function ticketStatusLabel(status: TicketStatus): string {
  switch (status) {
    case 'open':
      return t('Open');
    case 'answered':
      return t('Answered');
    case 'closed':
      return t('Closed');
  }
}
