import { useRef, useState, type FormEvent } from 'react';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { TextField } from '../../components/form/form-fields.tsx';
import { useFormRequest } from '../../components/form/use-form-request.ts';

const emptyPasswords = { current_password: '', password: '', password_confirmation: '' };
type PasswordField = keyof typeof emptyPasswords;

/** Change Password: the current one, the new one twice. Other sessions of the account end on the server. */
export function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(emptyPasswords);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');

  const update = (field: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (values.password !== values.password_confirmation) {
      form.refuse({ password_confirmation: [t('Confirm Password does not match.')] });
      return;
    }
    const answer = await form.run(() => api.call('POST /change-password', { body: values }));
    if (!answer) return;
    notify.success(answer.message);
    setValues(emptyPasswords);
  };

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <TextField
      label={label}
      error={form.errorOf(name)}
      type="password"
      value={values[name]}
      onValue={(value) => update(name, value)}
      name={name}
      autoComplete={autoComplete}
      required
    />
  );

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="max-w-lg space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {field('current_password', t('Current Password'), 'current-password')}
      {field('password', t('New Password'), 'new-password')}
      {field('password_confirmation', t('Confirm Password'), 'new-password')}
      <button type="submit" disabled={!form.sendable} aria-busy={form.busy || undefined} className={primaryButtonClass}>
        {t('Change Password')}
      </button>
    </form>
  );
}
