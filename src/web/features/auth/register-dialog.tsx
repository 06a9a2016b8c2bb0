import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { routes, type RouteName } from '../../../shared/routes.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { useSettings } from '../settings/settings-store.ts';
import { CountryField, PhoneCodeField, PhoneField, TextField } from '../../components/form/form-fields.tsx';
import { useCountries } from '../settings/settings-queries.ts';
import { formClass, SESSION_TOAST_MS, SubmitButton, SwitchPrompt } from './auth-form-parts.tsx';
import { authRequests } from './auth-requests.ts';
import { accountVerificationTarget, type OtpTarget } from './otp-target.ts';
import { startSession } from './session-start.ts';
import { SocialSignIn } from './social/social-sign-in.tsx';
import { useFormRequest } from '../../components/form/use-form-request.ts';

const pathOf = (name: RouteName) => routes.find((route) => route.name === name)!.path;

/** A translated sentence with {{placeholders}} replaced by elements (links inside the text). */
function withElements(text: string, elements: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{\{\s*(\w+)\s*\}\}/).map((part, index) => (index % 2 === 1 ? <span key={part}>{elements[part]}</span> : part));
}

const noticeLinkClass = 'font-medium text-primary-800 underline underline-offset-2 hover:text-primary-900';

const emptyAccount = { name: '', email: '', country: '', phone_code: '', phone: '', password: '' };
type AccountField = keyof typeof emptyAccount;

/**
 * Registration (docs/product/storefront.md §3, §4, §5): success signs the shopper in; with register_otp_verify on, the
 * code dialog opens and a code is sent (`onVerifyAccount`).
 */
export function RegisterDialog({ onClose, onVerifyAccount }: { onClose(): void; onVerifyAccount(target: OtpTarget): void }) {
  const { t } = useTranslation();
  const settings = useSettings(
    useShallow(({ register_otp_verify, register_otp_type, phoneRequired, phoneMinLength, phoneMaxLength }) => ({
      register_otp_verify,
      register_otp_type,
      phoneRequired,
      phoneMinLength,
      phoneMaxLength,
    })),
  );
  const countries = useCountries();
  const [account, setAccount] = useState(emptyAccount);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');

  const update = (changes: Partial<typeof emptyAccount>) => {
    setAccount((current) => ({ ...current, ...changes }));
    for (const field of Object.keys(changes)) form.clearError(field);
  };
  const errorOf = (field: AccountField) => form.errorOf(field);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A blank phone counts as none where the store does not ask for one (registrationSchemaFor).
    const answer = await form.run(() => authRequests.register({ ...account, name: account.name.trim(), email: account.email.trim() }));
    if (!answer) return;
    notify.success(t('Register Successful'), { description: t('You have successfully registered.'), duration: SESSION_TOAST_MS });
    const loading = startSession(answer.data);
    if (settings.register_otp_verify && !answer.data.user.is_verified) {
      onVerifyAccount(accountVerificationTarget(settings.register_otp_type, account));
    }
    await loading;
  };

  const notice = withElements(t('By registering you agree to our {{terms}} and {{privacy}}.'), {
    terms: (
      <Link to={pathOf('terms-and-conditions')} target="_blank" className={noticeLinkClass}>
        {t('Terms & Conditions')}
      </Link>
    ),
    privacy: (
      <Link to={pathOf('privacy-policy')} target="_blank" className={noticeLinkClass}>
        {t('Privacy Policy')}
      </Link>
    ),
  });

  return (
    <ModalDialog open onClose={onClose} title={t('Register')}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className={formClass}>
        <TextField
          label={t('Name')}
          error={errorOf('name')}
          value={account.name}
          onValue={(name) => update({ name })}
          name="name"
          autoComplete="name"
          required
          data-autofocus
        />
        <TextField
          label={t('Email')}
          error={errorOf('email')}
          type="email"
          value={account.email}
          onValue={(email) => update({ email })}
          name="email"
          autoComplete="email"
          dir="ltr"
          required
        />
        <CountryField
          countries={countries}
          value={account.country}
          error={errorOf('country')}
          onCountry={(country) => update({ country: country?.name ?? '', phone_code: country?.phone_code ?? account.phone_code })}
        />
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-2">
          <PhoneCodeField
            label={t('Phone Code')}
            error={errorOf('phone_code')}
            value={account.phone_code}
            onValue={(phone_code) => update({ phone_code })}
            countries={countries}
            required
          />
          <PhoneField label={t('Phone')} error={errorOf('phone')} value={account.phone} onValue={(phone) => update({ phone })} rules={settings} />
        </div>
        <TextField
          label={t('Password')}
          error={errorOf('password')}
          type="password"
          value={account.password}
          onValue={(password) => update({ password })}
          name="password"
          autoComplete="new-password"
          required
        />
        <p className="text-sm text-slate-700">{notice}</p>
        <SubmitButton busy={form.busy}>{t('Register')}</SubmitButton>
        <SocialSignIn />
        <SwitchPrompt question={t('Already have an account?')} to="login" action={t('Login')} />
      </form>
    </ModalDialog>
  );
}
