import { useEffect, useState, type RefObject } from 'react';
import { ApiError, type FieldErrors } from '../../lib/api-client.ts';
import { notify } from '../../lib/toast.ts';

/**
 * How a failed call is told (spec §8): `toast-and-fields` shows the server message as an error
 * toast and the field errors under the fields; `fields` shows only the field errors, and the
 * message as a toast only when there are none (the shopper must learn something went wrong).
 */
export type FailureDisplay = 'toast-and-fields' | 'fields';

export function showFailure(error: unknown, display: FailureDisplay = 'toast-and-fields') {
  if (!(error instanceof ApiError)) throw error;
  if (display === 'toast-and-fields' || Object.keys(error.errors).length === 0) notify.error(error.message);
}

/**
 * A form's call in flight and its field errors (first message per field shown under the field).
 * After a refused submit, focus goes to the first field in error of `form`.
 */
export function useFormRequest(form: RefObject<HTMLFormElement | null>, display: FailureDisplay = 'toast-and-fields') {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, refusals]);

  /** Shows errors the form found itself, before any call. */
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    setRefusals((count) => count + 1);
  };

  /** Runs the call once at a time; answers its result, or undefined when it failed (already shown). */
  async function run<T>(request: () => Promise<T>): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(true);
    setErrors({});
    try {
      return await request();
    } catch (error) {
      showFailure(error, display);
      refuse(error instanceof ApiError ? error.errors : {});
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  /** An edited field loses its error. */
  const clearError = (field: string) => {
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const errorOf = (field: string) => errors[field]?.[0];

  /** Wires a text field to its state and its error: `<TextField {...form.field('email', email, setEmail)} />`. */
  const field = (name: string, value: string, setValue: (next: string) => void) => ({
    name,
    value,
    error: errorOf(name),
    onValue: (next: string) => {
      setValue(next);
      clearError(name);
    },
  });

  return { busy, errorOf, clearError, field, refuse, run };
}
