import { useRef, useState, type FormEvent } from 'react';
import type { Country } from '../../../shared/settings.contract.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useSettings } from '../settings/settings-store.ts';
import { CountryField, digitsOnly, TextField } from '../../components/form/form-fields.tsx';
import { useCountries } from '../settings/settings-queries.ts';
import { formClass, SubmitButton, SwitchPrompt } from './auth-form-parts.tsx';
import { authRequests } from './auth-requests.ts';
import { sendOtpInput, type OtpTarget } from './otp-target.ts';
import { CodeWaitText, useCodeWait } from './code-wait.tsx';
import { useFormRequest } from '../../components/form/use-form-request.ts';

const focusOnMount = (node: HTMLElement | null) => node?.focus();

/**
 * The forgot-password request (docs/product/storefront.md §4, §5): a code goes to the e-mail or phone, as forgot_otp_type says.
 * Too soon after another code (one at sign-up), the store names its wait: Send OTP gives way to it, counting down.
 */
export function ForgotPasswordDialog({
  onClose,
  onCodeSent,
}: {
  onClose(): void;
  onCodeSent(target: OtpTarget, sentTo: string): void;
}) {
  const { t } = useTranslation();
  const channel = useSettings((state) => state.forgot_otp_type);
  const countries = useCountries();
  const [country, setCountry] = useState<Country | undefined>();
  const [phone, setPhone] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'toast-and-fields');
  const wait = useCodeWait(0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const destination = phone.trim();
    const missing = {
      ...(!country && { country: [t('The country field is required')] }),
      ...(!destination && { phone: [t('The phone or email field is required')] }),
    };
    if (Object.keys(missing).length > 0) {
      form.refuse(missing);
      return;
    }
    const target: OtpTarget = { purpose: 'reset-password', phone: destination, phone_code: country?.phone_code, country: country?.name };
    const answer = await form.run(async () => {
      try {
        return await authRequests.sendOtp(sendOtpInput(target));
      } catch (error) {
        if (wait.waitAfter(error)) return undefined;
        throw error;
      }
    });
    if (answer) onCodeSent(target, answer.data.email_or_phone);
  };

  return (
    <ModalDialog open onClose={onClose} title={t('Forgot Password')}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className={formClass}>
        <p className="text-sm text-slate-700">
          {channel === 'email'
            ? t('Enter your email and we will send you a code to reset your password.')
            : t('Enter your phone number and we will send you a code to reset your password.')}
        </p>
        <CountryField
          countries={countries}
          value={country?.name ?? ''}
          error={form.errorOf('country')}
          autoFocus
          onCountry={(chosen) => {
            setCountry(chosen);
            form.clearError('country');
          }}
        />
        {channel === 'email' ? (
          <TextField
            label={t('Email')}
            error={form.errorOf('phone')}
            type="email"
            value={phone}
            onValue={(value) => {
              setPhone(value);
              form.clearError('phone');
            }}
            name="email"
            autoComplete="email"
            dir="ltr"
            required
          />
        ) : (
          <TextField
            label={t('Phone')}
            error={form.errorOf('phone')}
            type="tel"
            inputMode="numeric"
            prefix={country?.phone_code}
            value={phone}
            onValue={(value) => {
              setPhone(digitsOnly(value));
              form.clearError('phone');
            }}
            name="phone"
            autoComplete="tel-national"
            dir="ltr"
            required
          />
        )}
        {wait.secondsLeft > 0 ? (
          // Takes the focus of the button it replaces, so a screen reader reads the wait once.
          <p ref={focusOnMount} tabIndex={-1} className="text-center text-sm text-slate-700 focus:outline-none">
            <CodeWaitText secondsLeft={wait.secondsLeft} action="ask" />
          </p>
        ) : (
          <SubmitButton busy={form.busy}>{t('Send OTP')}</SubmitButton>
        )}
        <SwitchPrompt question={t('Remember your password?')} to="login" action={t('Login')} />
      </form>
    </ModalDialog>
  );
}
