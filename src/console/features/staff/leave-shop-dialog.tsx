import { useTranslation } from '../../../client/lib/i18n.ts';
import { STORE_NOTICE_KEY } from '../../../shared/console-sign-in.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useLeaveConsole } from './staff-queries.ts';

/**
 * A shop's staff member leaves the shop after being asked (its owner cannot). The console is then
 * closed to them, so they land on the storefront, which says they left.
 */
export function LeaveShopDialog({ shopName, open, onOpenChange }: { shopName: string; open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const leave = useLeaveConsole();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Leave {{shop}}?', { shop: shopName })}
      description={t('You will no longer open its console. Your account stays yours, as a shopper; only a new invitation brings you back.')}
      confirmLabel={t('Leave the shop')}
      mutation={leave}
      onConfirm={async () => {
        const { message } = await leave.mutateAsync();
        sessionStorage.setItem(STORE_NOTICE_KEY, message);
        window.location.assign('/');
      }}
    />
  );
}
