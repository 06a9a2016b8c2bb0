import { t } from '../../../client/lib/i18n.ts';
import type { ConsoleMe } from '../../../shared/console.contract.ts';

/** A console role as people read it. */
export function roleName(role: ConsoleMe['role']): string {
  switch (role) {
    case 'owner':
      return t('Store owner');
    case 'catalogue_manager':
      return t('Catalogue manager');
    case 'order_manager':
      return t('Order manager');
    case 'support_agent':
      return t('Support agent');
    case 'content_editor':
      return t('Content editor');
    case 'shop_owner':
      return t('Shop owner');
    case 'shop_staff':
      return t('Shop staff');
  }
}
