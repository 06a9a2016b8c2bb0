import { t } from '../../../client/lib/i18n.ts';
import type { SellerStaffPermission } from '../../../shared/console.contract.ts';

/** A permission a shop owner hands to their staff, as people read it. */
export function sellerPermissionName(permission: SellerStaffPermission): string {
  switch (permission) {
    case 'catalogue.read':
      return t('See products');
    case 'catalogue.write':
      return t('Edit products');
    case 'orders.read':
      return t('See orders');
    case 'orders.write':
      return t('Handle orders');
    case 'vouchers.write':
      return t('Manage vouchers');
    case 'support.read':
      return t('See support tickets');
    case 'support.write':
      return t('Answer support tickets');
  }
}
