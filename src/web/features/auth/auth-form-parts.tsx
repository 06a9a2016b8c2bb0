import type { ReactNode } from 'react';
import { CART_TOAST_MS } from '../../../shared/constants.ts';
import { primaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { useAuth, type AuthDialog } from '../session/session-store.ts';

/** docs/product/storefront.md §9: login and registration success toasts last as long as the cart toasts, 3000 ms. */
export const SESSION_TOAST_MS = CART_TOAST_MS;

export const formClass = 'space-y-4 p-4 sm:p-6';

/** The form's main button; disabled while its call is processing (docs/product/storefront.md §4). */
export function SubmitButton({ busy, disabled = false, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} className={`${primaryButtonClass} w-full`}>
      {children}
    </button>
  );
}

/** A text button that leaves this dialog for another one of the account flow (docs/product/storefront.md §4). */
export function DialogSwitch({ to, children }: { to: AuthDialog; children: ReactNode }) {
  return (
    <button type="button" onClick={() => useAuth.getState().openDialog(to)} className={textButtonClass}>
      {children}
    </button>
  );
}

/** "Already have an account? Login" under a form. */
export function SwitchPrompt({ question, to, action }: { question: string; to: AuthDialog; action: string }) {
  return (
    <p className="text-center text-sm text-slate-700">
      {question} <DialogSwitch to={to}>{action}</DialogSwitch>
    </p>
  );
}
