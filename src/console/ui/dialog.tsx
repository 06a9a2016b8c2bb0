import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../client/ui/button-styles.ts';

interface ConsoleDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** For a table: twice as wide. */
  wide?: boolean;
  children: ReactNode;
}

/** A modal of the console (Radix: focus kept inside, Escape closes, focus back to the trigger). */
export function ConsoleDialog({ open, onOpenChange, title, description, wide = false, children }: ConsoleDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed inset-x-4 top-[15vh] z-50 mx-auto flex ${wide ? 'max-w-3xl' : 'max-w-lg'} flex-col gap-4 rounded-xl bg-white p-6 shadow-2xl focus:outline-none`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog's cancel and confirm (submit) buttons, at its end side. */
export function DialogButtons({ busy, confirm }: { busy: boolean; confirm: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Dialog.Close className={secondaryButtonClass}>{t('Cancel')}</Dialog.Close>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {confirm}
      </button>
    </div>
  );
}
