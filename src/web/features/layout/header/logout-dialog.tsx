import { useId, useState } from 'react';
import { primaryButtonClass } from '../../../components/ui/button-styles.ts';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { logout } from '../../auth/logout.ts';

export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const confirm = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    onClose();
  };
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('Log Out!')}
      describedBy={textId}
      hideClose
      footer={
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
          >
            {t('Cancel')}
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy}
            className={primaryButtonClass}
          >
            {t('Yes')}
          </button>
        </div>
      }
    >
      <p id={textId} className="p-4 text-slate-700">
        {t('Logout Confirmation')}
      </p>
    </ModalDialog>
  );
}
