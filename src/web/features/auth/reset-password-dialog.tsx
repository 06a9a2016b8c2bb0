import { useRef, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { TextField } from '../../components/form/form-fields.tsx';
import { formClass, SubmitButton } from './auth-form-parts.tsx';
import { authRequests } from './auth-requests.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';

/** The last step of the forgot flow (docs/product/storefront.md §4, §5): a new password with the token the code check gave. */
export function ResetPasswordDialog({ token, onClose, onReset }: { token: string; onClose(): void; onReset(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'toast-and-fields');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      form.refuse({ password_confirmation: [t('Confirm Password does not match.')] });
      return;
    }
    const answer = await form.run(() => authRequests.resetPassword({ password, password_confirmation: confirmation, token }));
    if (!answer) return;
    notify.success(answer.message);
    onReset();
  };

  return (
    <ModalDialog open onClose={onClose} title={t('Reset Password')}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className={formClass}>
        <TextField
          label={t('New Password')}
          type="password"
          {...form.field('password', password, setPassword)}
          autoComplete="new-password"
          required
          data-autofocus
        />
        <TextField
          label={t('Confirm Password')}
          type="password"
          {...form.field('password_confirmation', confirmation, setConfirmation)}
          autoComplete="new-password"
          required
        />
        <SubmitButton busy={form.busy}>{t('Reset Password')}</SubmitButton>
      </form>
    </ModalDialog>
  );
}
