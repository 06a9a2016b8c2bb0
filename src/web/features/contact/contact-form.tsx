import { useId, useRef, useState, type FormEvent, type TextareaHTMLAttributes } from 'react';
import { CONTACT_LIMITS } from '../../../shared/contact-limits.ts';
import { contactInputSchema } from '../../../shared/content.contract.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { TextField } from '../../components/form/form-fields.tsx';
import { schemaFieldErrors } from '../../components/form/schema-errors.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { contactPayload, emptyContact, type ContactValues } from './contact-values.ts';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> & {
  label: string;
  error: string | undefined;
  onValue(value: string): void;
};

/** A multi-line field that looks and reports errors like the one-line TextField. */
export function TextAreaField({ label, error, onValue, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700 disabled:bg-slate-100 ${
          error ? 'border-red-600' : 'border-slate-300 focus:border-primary-700'
        }`}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The Contact Us form: checked here first, then by the server; field errors show under their
 * fields (first message, red border). Success is told twice, as a toast and in the page, and the
 * form is emptied.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<ContactValues>(emptyContact);
  const [sent, setSent] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');

  const update = (field: keyof ContactValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
    setSent(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = contactPayload(values);
    const errors = schemaFieldErrors(contactInputSchema, payload);
    if (Object.keys(errors).length > 0) {
      form.refuse(errors);
      return;
    }
    const answer = await form.run(() => api.call('POST /contact', { body: payload }));
    if (!answer) return;
    notify.success(answer.message);
    setSent(answer.message);
    setValues(emptyContact);
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-label={t('Send us a message')} className="flex flex-col gap-4">
      {sent && (
        <div role="status" className="flex items-start gap-3 rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
          <CheckIcon className="mt-0.5 size-5 shrink-0" />
          <p>{sent}</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('Name')}
          error={form.errorOf('name')}
          value={values.name}
          onValue={update('name')}
          name="name"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          required
        />
        <TextField
          label={t('Email')}
          error={form.errorOf('email')}
          type="email"
          value={values.email}
          onValue={update('email')}
          name="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          dir="ltr"
          required
        />
        <TextField
          label={t('Phone (optional)')}
          error={form.errorOf('phone')}
          type="tel"
          value={values.phone}
          onValue={update('phone')}
          name="phone"
          autoComplete="tel"
          maxLength={CONTACT_LIMITS.phone}
          dir="ltr"
        />
        <TextField
          label={t('Subject')}
          error={form.errorOf('subject')}
          value={values.subject}
          onValue={update('subject')}
          name="subject"
          maxLength={CONTACT_LIMITS.subject}
          required
        />
      </div>
      <TextAreaField
        label={t('Message')}
        error={form.errorOf('message')}
        value={values.message}
        onValue={update('message')}
        name="message"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        required
      />
      <div>
        <button type="submit" disabled={!form.sendable} className={primaryButtonClass}>
          {form.busy ? t('Sending...') : t('Send Message')}
        </button>
      </div>
    </form>
  );
}
