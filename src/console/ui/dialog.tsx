import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../client/ui/button-styles.ts';
import { showToast } from './toast.tsx';

interface ConsoleDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: string;
  /** For a dialog that compares or lists: wider, and scrolled inside when taller than the window. */
  wide?: boolean;
  /** The button that opens it, which gets the focus back when it closes. */
  trigger?: ReactNode;
  children: ReactNode;
}

/** A form dialog's open state: each opening starts its form afresh (`reset`), so nothing typed or refused before stays. */
export function useFormDialog(reset: () => void) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) reset();
  };
  return { open, onOpenChange, close: () => setOpen(false) };
}

/** A modal of the console (Radix: focus kept inside, Escape closes, focus back to the trigger). */
export function ConsoleDialog({ open, onOpenChange, title, description, wide = false, trigger, children }: ConsoleDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          // A dialog opened from inside a form (the product editor's) is that form's child in React's
          // tree: its own form's submit must not bubble on to it.
          onSubmit={(event) => event.stopPropagation()}
          className={`fixed inset-x-4 z-50 mx-auto flex flex-col gap-4 rounded-xl bg-white p-6 shadow-2xl focus:outline-none ${wide ? 'top-[5vh] max-h-[90vh] max-w-4xl overflow-y-auto' : 'top-[15vh] max-h-[80vh] max-w-lg overflow-y-auto'}`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog's cancel (or `cancel`) and confirm (submit) buttons, at its end side. */
export function DialogButtons({ busy, confirm, cancel }: { busy: boolean; confirm: string; cancel?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Dialog.Close className={secondaryButtonClass}>{cancel ?? t('Cancel')}</Dialog.Close>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {confirm}
      </button>
    </div>
  );
}

interface ConfirmDialogProps {
  /** The button that opens it; or, for one opened from a menu (which closes first), `open` and `onOpenChange`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: ReactNode;
  description: string;
  confirmLabel: string;
  /** The action's mutation: the confirm button is disabled while it is pending. */
  mutation: { isPending: boolean };
  /** Runs the mutation and resolves when done; the dialog then closes (Escape or Cancel close it before). A failure is toasted and the dialog stays. */
  onConfirm(): Promise<unknown>;
}

/** Asks before an action others will see; focus goes back to the button that opened it. */
export function ConfirmDialog({ trigger, open: shownOpen, onOpenChange, title, description, confirmLabel, mutation, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = shownOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const confirm = async () => {
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('Something went wrong. Please try again.'), 'error');
    }
  };
  return (
    <ConsoleDialog open={open} onOpenChange={setOpen} trigger={trigger} title={title} description={description}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <DialogButtons busy={mutation.isPending} confirm={confirmLabel} />
      </form>
    </ConsoleDialog>
  );
}
