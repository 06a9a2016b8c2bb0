import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { CloseIcon } from './icons.tsx';

/** Where the dialog sits: centred, or a full-height panel at the reading direction's start or end side. */
export type DialogPlacement = 'center' | 'start' | 'end';

export interface ModalDialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  /** Stays in view below the scrolling body (a panel's action buttons). */
  footer?: ReactNode;
  placement?: DialogPlacement;
  /** Id of the element that explains the dialog (a confirmation's question). */
  describedBy?: string;
  /** Confirmations answer with their own buttons, so they hide the × button. */
  hideClose?: boolean;
  className?: string;
}

const motion = 'transition-[opacity,scale,translate,display,overlay] transition-discrete duration-300 motion-reduce:transition-none';

function placementClasses(placement: DialogPlacement) {
  if (placement === 'center') {
    return 'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl opacity-0 scale-95 open:opacity-100 open:scale-100 starting:open:opacity-0 starting:open:scale-95';
  }
  // The page direction never changes without a reload, so reading it once per render is enough.
  const rtl = document.documentElement.dir === 'rtl';
  const right = (placement === 'end') !== rtl;
  const side = right
    ? 'right-0 left-auto translate-x-full starting:open:translate-x-full'
    : 'left-0 right-auto -translate-x-full starting:open:-translate-x-full';
  return `inset-y-0 m-0 h-dvh max-h-none w-full max-w-sm open:translate-x-0 ${side}`;
}

/**
 * A modal on the native `<dialog>` (showModal): focus is trapped inside and the page behind is inert;
 * Esc, the × button and a click on the backdrop ask the owner to close; focus returns where it was.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  footer,
  placement = 'center',
  describedBy,
  hideClose = false,
  className = '',
}: ModalDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const root = document.documentElement;
    root.style.overflow = 'hidden';
    return () => {
      dialog.close();
      if (!document.querySelector('dialog[open]')) root.style.overflow = '';
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // React passes a nested dialog's cancel and close events up to this one: only its own count.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        if (event.target === event.currentTarget && open) onClose();
      }}
      onClick={(event) => {
        // The content fills the dialog box, so only a click on the backdrop targets the dialog itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className={`fixed overflow-hidden border-0 bg-white p-0 text-slate-800 shadow-xl ${motion} ${placementClasses(placement)} ${className}`}
    >
      <div className={`flex flex-col ${placement === 'center' ? 'max-h-[calc(100dvh-2rem)]' : 'h-full'}`}>
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {!hideClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label={t('Close')}
              className="-me-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-700"
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        {footer && <div className="border-t border-slate-200 p-4">{footer}</div>}
      </div>
    </dialog>
  );
}
