import { t } from '../../../client/lib/i18n.ts';
import { sellerStaffPermissions, type SellerStaffPermission, type StaffMember } from '../../../shared/console.contract.ts';
import { roleName } from '../access/role-name.ts';

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
    case 'promotions.write':
      return t('Enrol products in flash sales');
    case 'payouts.request':
      return t("Request withdrawals of the shop's balance");
    case 'support.read':
      return t('See support tickets');
    case 'support.write':
      return t('Answer support tickets');
  }
}

const isSellerPermission = (permission: string): permission is SellerStaffPermission => (sellerStaffPermissions as readonly string[]).includes(permission);

/** What a member (or an invitation) gives, as the lists show it: a store role, or a shop staff member's permissions. */
export function grantOf(member: Pick<StaffMember, 'role' | 'permissions'>): string {
  if (member.role !== 'shop_staff') return roleName(member.role);
  const granted = member.permissions.filter(isSellerPermission).map(sellerPermissionName);
  return granted.length > 0 ? granted.join(', ') : roleName(member.role);
}
