import { t } from '../../../client/lib/i18n.ts';
import type { RefundStatus, ReturnStatus } from '../../../shared/returns.contract.ts';

/** Where a return stands, as the shopper reads it. */
export function returnStepLabel(status: ReturnStatus): string {
  switch (status) {
    case 'requested':
      return t('Return requested');
    case 'approved':
      return t('Return approved');
    case 'rejected':
      return t('Return declined');
    case 'received':
      return t('Return received');
    case 'refunded':
      return t('Return refunded');
  }
}

/** A refund the shopper sees (failed ones are not shown): on its way at the gateway, or made. */
export function refundStateLabel(status: Exclude<RefundStatus, 'failed'>): string {
  return status === 'pending' ? t('Refund on its way') : t('Refunded');
}
