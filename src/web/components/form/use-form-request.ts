import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { ApiError, type FieldErrors } from '../../../client/lib/api-client.ts';
import { usePageAlive } from '../../../client/ui/page-ready.tsx';
import { notify } from '../../lib/toast.ts';

/**
 * How a failed call is told (docs/product/storefront.md §8): `toast-and-fields` shows the server message as an error
 * toast and the field errors under the fields; `fields` shows only the field errors, and the
 * message as a toast only when there are none (the shopper must learn something went wrong).
 */
export type FailureDisplay = 'toast-and-fields' | 'fields';

export function showFailure(error: unknown, display: FailureDisplay = 'toast-and-fields') {
  if (!(error instanceof ApiError)) throw error;
  if (display === 'toast-and-fields' || Object.keys(error.errors).length === 0) notify.error(error.message);
}

/**
 * A form's call in flight (a TanStack mutation) and its field errors (first message per field shown
 * under the field). After a refused submit, focus goes to the first field in error of `form`.
 * `sendable` is false while a call is in flight and until the page is alive: a server-rendered form
 * sent before its code runs goes the browser's way, its fields (a password) in the page's address.
 */
export function useFormRequest(form: RefObject<HTMLFormElement | null>, display: FailureDisplay = 'toast-and-fields') {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusals, setRefusals] = useState(0);
  const alive = usePageAlive();

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, refusals]);

  /** Shows errors the form found itself, before any call. */
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    setRefusals((count) => count + 1);
  };

  const request = useMutation({
    mutationFn: (call: () => Promise<void>) => call(),
    onMutate: () => setErrors({}),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      showFailure(error, display);
      refuse(error.errors);
    },
  });

  /** Runs the call once at a time; answers its result, or undefined when it failed (already shown). */
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    if (request.isPending) return undefined;
    let result: T | undefined;
    try {
      await request.mutateAsync(async () => {
        result = await call();
      });
    } catch {
      return undefined;
    }
    return result;
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

  return { busy: request.isPending, sendable: alive && !request.isPending, errorOf, clearError, field, refuse, run };
}
