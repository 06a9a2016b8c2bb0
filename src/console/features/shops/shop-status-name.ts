import { t } from '../../../client/lib/i18n.ts';
import type { ShopStatus } from '../../../shared/console.contract.ts';

/** A shop's status as people read it. */
export function shopStatusName(status: ShopStatus): string {
  switch (status) {
    case 'pending':
      return t('Pending');
    case 'approved':
      return t('Approved');
    case 'rejected':
      return t('Rejected');
    case 'suspended':
      return t('Suspended');
  }
}
