import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';

export const dialogOverlayClass = 'fixed inset-0 bg-slate-900/50';
export const dialogContentClass = 'fixed inset-x-4 top-[15vh] mx-auto flex max-w-md flex-col gap-4 rounded-xl bg-white p-6 shadow-2xl focus:outline-none';

interface ConfirmDialogProps {
  /** The button that opens it. */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** Resolves when done; the dialog then closes (Escape or Cancel close it before). */
  onConfirm(): Promise<unknown>;
}

/** Asks before an action others will see; focus goes back to the button that opened it. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
          <div className="flex justify-end gap-2">
            <Dialog.Close className={secondaryButtonClass}>{t('Cancel')}</Dialog.Close>
            <button type="button" disabled={busy} onClick={() => void confirm()} className={primaryButtonClass}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
