import { useRef, useState, type FormEvent } from 'react';
import { DEMO_CUSTOMER } from '../../../shared/constants.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { useSettings } from '../settings/settings-store.ts';
import { TextField } from '../../components/form/form-fields.tsx';
import { DialogSwitch, formClass, SESSION_TOAST_MS, SubmitButton, SwitchPrompt } from './auth-form-parts.tsx';
import { authRequests } from './auth-requests.ts';
import { startSession } from './session-start.ts';
import { SocialSignIn } from './social/social-sign-in.tsx';
import { useFormRequest } from '../../components/form/use-form-request.ts';

/** Login with an e-mail or phone and a password (docs/product/storefront.md §3, §4); a local store prefills the demo shopper. */
export function LoginDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const demo = useSettings((state) => state.app_environment === 'local');
  const [phone, setPhone] = useState(demo ? DEMO_CUSTOMER.email : '');
  const [password, setPassword] = useState(demo ? DEMO_CUSTOMER.password : '');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'toast-and-fields');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await form.run(() => authRequests.login({ phone: phone.trim(), password }));
    if (!answer) return;
    notify.success(t('Login Successful'), { description: t('You have successfully logged in.'), duration: SESSION_TOAST_MS });
    await startSession(answer.data);
  };

  return (
    <ModalDialog open onClose={onClose} title={t('Login')}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className={formClass}>
        <TextField
          label={t('Phone or Email')}
          {...form.field('phone', phone, setPhone)}
          autoComplete="username"
          dir="ltr"
          required
          data-autofocus
        />
        <TextField
          label={t('Password')}
          type="password"
          {...form.field('password', password, setPassword)}
          autoComplete="current-password"
          required
        />
        <div className="flex justify-end">
          <DialogSwitch to="forgot">{t('Forgot Password?')}</DialogSwitch>
        </div>
        <SubmitButton busy={form.busy}>{t('Login')}</SubmitButton>
        <SocialSignIn />
        <SwitchPrompt question={t('Don\'t have an account?')} to="register" action={t('Register')} />
      </form>
    </ModalDialog>
  );
}
