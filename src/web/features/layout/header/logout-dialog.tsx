import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../../client/ui/button-styles.ts';
import { DeferredModalDialog } from '../../../components/ui/deferred-modal-dialog.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { logout } from '../../auth/logout.ts';

/** The user menu's Log Out asks first (docs/product/storefront.md §2): Yes ends the session, Cancel keeps it. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const leave = useMutation({ mutationFn: () => logout(), onSuccess: onClose });
  const busy = leave.isPending;
  return (
    <DeferredModalDialog
      open={open}
      onClose={onClose}
      title={t('Log Out!')}
      describedBy={textId}
      hideClose
      footer={
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} disabled={busy} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button type="button" onClick={() => leave.mutate()} disabled={busy} aria-busy={busy || undefined} className={primaryButtonClass}>
            {t('Yes')}
          </button>
        </div>
      }
    >
      <p id={textId} className="p-4 text-slate-700">
        {t('Logout Confirmation')}
      </p>
    </DeferredModalDialog>
  );
}
