import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../client/lib/api-client.ts';
import { t } from '../../client/lib/i18n.ts';
import { showToast } from './toast.tsx';

export const inputClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-700 aria-[invalid=true]:border-red-600';
export const textareaClass = `${inputClass} h-auto min-h-24 py-2`;

/** A labelled field with its error under it, tied to the control for screen readers. */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** The props that tie a control to its `Field`'s error. */
export const invalidProps = (id: string, error?: string) => ({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined });

/**
 * A refused write: a 422's messages under the form's fields it names (the first field gets the
 * focus), anything else as an error toast.
 */
export function showServerErrors<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>, fields: ReadonlyArray<Path<Values>>) {
  if (error instanceof ApiError && error.status === 422) {
    const named = fields.filter((field) => error.fieldError(field));
    named.forEach((field, index) => setError(field, { message: error.fieldError(field) }, { shouldFocus: index === 0 }));
    if (named.length > 0) return;
  }
  showToast(error instanceof Error ? error.message : t('Something went wrong. Please try again.'), 'error');
}
