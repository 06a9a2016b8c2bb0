import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { primaryButtonClass } from './button-styles.ts';

/** A real "nothing here yet" answer: a message and, where it helps, the way forward. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-12 text-slate-300" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 7h18l-2 13H5L3 7Z" />
        <path d="M8 7a4 4 0 0 1 8 0" />
      </svg>
      <p className="text-slate-600">{message}</p>
      {action}
    </div>
  );
}

/** Data that did not come: say so, and offer to ask again. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      message={t('Something went wrong. Please try again.')}
      action={
        <button type="button" onClick={onRetry} className={primaryButtonClass}>
          {t('Try again')}
        </button>
      }
    />
  );
}
