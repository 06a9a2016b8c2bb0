import { t } from '../../../client/lib/i18n.ts';
import type { RefundStatus, ReturnStatus } from '../../../shared/returns.contract.ts';

/** A return's status in the reader's language. */
export function returnStatusLabel(status: ReturnStatus): string {
  switch (status) {
    case 'requested':
      return t('Requested');
    case 'approved':
      return t('Approved');
    case 'rejected':
      return t('Rejected');
    case 'received':
      return t('Received');
    case 'refunded':
      return t('Refunded');
  }
}

export function refundStatusLabel(status: RefundStatus): string {
  switch (status) {
    case 'pending':
      return t('Refund pending');
    case 'succeeded':
      return t('Refund made');
    case 'failed':
      return t('Refund failed');
  }
}
