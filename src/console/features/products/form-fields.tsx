import { useId, type ReactNode } from 'react';
import { get, useFormContext, type FieldError as FormFieldError, type FieldValues, type Path, type RegisterOptions, type UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';

export const inputClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm font-normal text-slate-900 aria-invalid:border-red-600';

/** An input's text as the shared schema's number: empty is `empty` (left out, or null where the field may be cleared). */
export const numberOr =
  (empty: null | undefined) =>
  (value: unknown): number | null | undefined =>
    value === '' || value === null || value === undefined ? empty : Number(value);

/** A text that may be left out: empty is left out rather than sent to be refused. */
export const textOrUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The shared schema's (or the server's) first message for a field, in the console's language where it has one. */
export function FieldError({ error, id }: { error?: Pick<FormFieldError, 'message'>; id?: string }) {
  const { t } = useTranslation();
  if (!error?.message) return null;
  return (
    <span id={id} className="text-sm font-normal text-red-700">
      {t(error.message)}
    </span>
  );
}

/** A 422's field errors under their fields (the server names them by the same dotted paths), anything else above the form. */
export function showServerErrors<Values extends FieldValues>(error: ApiError, setError: UseFormSetError<Values>) {
  const fields = Object.entries(error.errors);
  for (const [field, messages] of fields) {
    setError((field === '_' ? 'root' : field) as Path<Values>, { type: 'server', message: messages[0] });
  }
  if (fields.length === 0) setError('root', { type: 'server', message: error.message });
}

interface FieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: string;
  type?: 'text' | 'number' | 'textarea';
  options?: RegisterOptions<Values>;
  /** A hint under the label. */
  hint?: ReactNode;
  className?: string;
}

/** A labelled input of the form around it, with its error under it. */
export function Field<Values extends FieldValues>({ name, label, type = 'text', options, hint, className }: FieldProps<Values>) {
  const { register, formState } = useFormContext<Values>();
  const id = useId();
  const error = get(formState.errors, name) as FormFieldError | undefined;
  const common = { id, ...register(name, options), 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
  return (
    <div className={`flex flex-col gap-1 text-sm font-medium text-slate-800 ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint}
      {type === 'textarea' ? (
        <textarea rows={4} {...common} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal aria-invalid:border-red-600" />
      ) : (
        <input type={type} step={type === 'number' ? 'any' : undefined} {...common} className={inputClass} />
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled select of the form around it, with its error under it. */
export function SelectField<Values extends FieldValues>({ name, label, options, children }: Omit<FieldProps<Values>, 'type' | 'hint' | 'className'> & { children: ReactNode }) {
  const { register, formState } = useFormContext<Values>();
  const id = useId();
  const error = get(formState.errors, name) as FormFieldError | undefined;
  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...register(name, options)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass}>
        {children}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The options of a list of named records (categories, shops), valued by id. */
export function RecordOptions({ records }: { records?: readonly { id: number; name: string }[] }) {
  return records?.map((record) => (
    <option key={record.id} value={record.id}>
      {record.name}
    </option>
  ));
}
