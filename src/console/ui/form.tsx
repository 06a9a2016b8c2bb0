import { useId, type ReactNode } from 'react';
import { get, useController, useFormContext, type FieldError as FormFieldError, type FieldValues, type Path, type RegisterOptions, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../client/lib/api-client.ts';
import { t, useTranslation } from '../../client/lib/i18n.ts';
import { showToast } from './toast.tsx';

export const inputClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-700 aria-[invalid=true]:border-red-600';
export const textareaClass = `${inputClass} h-auto min-h-24 py-2`;

/** A field's first message (the shared schema's or the server's), in the console's language where it has one. */
export function FieldError({ error, id }: { error?: Pick<FormFieldError, 'message'>; id?: string }) {
  const { t: translate } = useTranslation();
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm font-normal text-red-700">
      {translate(error.message)}
    </p>
  );
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  /** A hint under the label. */
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled field with its error under it, tied to the control for screen readers. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint}
      {children}
      <FieldError id={`${id}-error`} error={{ message: error }} />
    </div>
  );
}

/** The props that tie a control to its `Field`'s error. */
export const invalidProps = (id: string, error?: string) => ({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined });

/**
 * A refused write: each field error of a 422 under its field (the server names fields by the form's
 * dotted paths, `variants.0.sku`), the first one focused. `fields` lists the fields the form shows,
 * when not all the server may name are; a message for no field (`_`), for a field the form does not
 * show, or any other failure goes to an error toast, which also shows above an open dialog.
 */
export function showServerErrors<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>, fields?: ReadonlyArray<Path<Values>>) {
  const rest: string[] = [];
  if (error instanceof ApiError && error.status === 422) {
    let focused = false;
    for (const [field, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      if (!message) continue;
      if (field === '_' || (fields && !fields.includes(field as Path<Values>))) {
        rest.push(message);
        continue;
      }
      setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
    if (!focused && rest.length === 0) rest.push(error.message);
  } else {
    rest.push(error instanceof Error ? error.message : t('Something went wrong. Please try again.'));
  }
  if (rest.length > 0) showToast(rest.map((message) => t(message)).join(' '), 'error');
}

/** An input's text as the shared schema's number: empty is `empty` (left out, or null where the field may be cleared). */
export const numberOr =
  (empty: null | undefined) =>
  (value: unknown): number | null | undefined =>
    value === '' || value === null || value === undefined ? empty : Number(value);

/** A text that may be left out: empty is left out rather than sent to be refused. */
export const textOrUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A field of the react-hook-form form around it (`FormProvider`), by its dotted name, and its error. */
export function useFormField<Values extends FieldValues>(name: Path<Values>) {
  const { formState } = useFormContext<Values>();
  const id = useId();
  const error = get(formState.errors, name) as FormFieldError | undefined;
  return { id, error: error?.message, controlProps: invalidProps(id, error?.message) };
}

interface FormFieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: string;
  type?: 'text' | 'number' | 'date' | 'datetime-local' | 'textarea';
  options?: RegisterOptions<Values>;
  hint?: ReactNode;
  className?: string;
}

/** A labelled input of the form around it, with its error under it. */
export function FormField<Values extends FieldValues>({ name, label, type = 'text', options, hint, className }: FormFieldProps<Values>) {
  const { register } = useFormContext<Values>();
  const { id, error, controlProps } = useFormField<Values>(name);
  const control = { ...register(name, options), ...controlProps };
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {type === 'textarea' ? <textarea rows={4} {...control} className={textareaClass} /> : <input type={type} step={type === 'number' ? 'any' : undefined} {...control} className={inputClass} />}
    </Field>
  );
}

/**
 * A labelled select of the form around it, with its error under it. Controlled: its options often
 * arrive after the form's values (a record opened by its address), and it shows the value whenever they do.
 */
export function FormSelect<Values extends FieldValues>({ name, label, options, children }: Omit<FormFieldProps<Values>, 'type' | 'hint' | 'className'> & { children: ReactNode }) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur, disabled },
  } = useController<Values>({ name });
  const { id, error, controlProps } = useFormField<Values>(name);
  const parse = (options?.setValueAs as ((value: string) => unknown) | undefined) ?? ((value: string) => value);
  return (
    <Field id={id} label={label} error={error}>
      <select
        ref={ref}
        name={fieldName}
        value={(value as string | number | null | undefined) ?? ''}
        onChange={(event) => onChange(parse(event.target.value))}
        onBlur={onBlur}
        disabled={disabled}
        {...controlProps}
        className={inputClass}
      >
        {children}
      </select>
    </Field>
  );
}

/** The options of a list of named records (categories, shops), valued by id. */
export function RecordOptions({ records }: { records?: readonly { id: number; name: string }[] }) {
  return records?.map((record) => (
    <option key={record.id} value={record.id} dir="auto">
      {record.name}
    </option>
  ));
}

/** A titled group of a long form's fields (a post's publishing, a banner's pictures). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** An on/off switch of the form around it, its label beside it. */
export function FormSwitch<Values extends FieldValues>({ name, label }: { name: Path<Values>; label: string }) {
  const { register } = useFormContext<Values>();
  const { id } = useFormField<Values>(name);
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="checkbox" role="switch" {...register(name)} className="size-4" />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
