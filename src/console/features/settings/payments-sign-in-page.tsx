import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { socialProviders, type PaymentsSignIn, type PaymentsSignInChange } from '../../../shared/payments-sign-in-console.contract.ts';
import { FormField, FormSection, FormSelect, FormSwitch, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { paymentsSignInQuery, useSavePaymentsSignIn } from './money-settings-queries.ts';
import { QueryContent } from '../../ui/query-content.tsx';

type FormValues = Omit<PaymentsSignInChange, 'active_payment_methods'> & { methods: Record<string, boolean> };

const formValues = ({ payment_methods, sms_configured: _sms, ...rest }: PaymentsSignIn): FormValues => ({
  ...rest,
  methods: Object.fromEntries(payment_methods.map((method) => [method.name, method.is_active])),
});

/** `/console/settings/payments`: payment methods, one-time codes and social sign-in (decision 057); keys stay in the server's environment. */
export function PaymentsSignInPage() {
  const saved = useQuery(paymentsSignInQuery);
  return (
    <div className="flex flex-col gap-6">
      <QueryContent query={saved}>{(data) => <PaymentsSignInForm saved={data} />}</QueryContent>
    </div>
  );
}

function PaymentsSignInForm({ saved }: { saved: PaymentsSignIn }) {
  const { t } = useTranslation();
  const save = useSavePaymentsSignIn();
  const form = useForm<FormValues>({ defaultValues: formValues(saved) });
  const providerNames = { google: 'Google', facebook: 'Facebook', apple: 'Apple' } as const;
  const submit = form.handleSubmit(async ({ methods, ...values }) => {
    const active_payment_methods = saved.payment_methods.filter((method) => methods[method.name]).map((method) => method.name);
    try {
      const answer = await save.mutateAsync({ ...values, active_payment_methods });
      showToast(answer.message);
      form.reset(formValues(answer.data));
    } catch (error) {
      showServerErrors(error, form.setError, ['register_otp_type', 'forgot_otp_type', ...socialProviders.flatMap((name) => [`social_auths.${name}.client_id` as const]), 'social_auths.apple.redirect_url']);
    }
  });
  const channels = (
    <>
      <option value="email">{t('E-mail')}</option>
      <option value="phone">{t('Phone')}</option>
    </>
  );
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormSection title={t('Payment methods')}>
          {saved.payment_methods.map((method) => (
            <div key={method.name} className="flex flex-col gap-1">
              <FormSwitch<FormValues> name={`methods.${method.name}`} label={method.title} />
              <p className="ms-7 text-sm text-slate-600">{method.configured ? t('Configured on the server.') : t('Not configured: its keys are not set on the server, so shoppers cannot use it.')}</p>
            </div>
          ))}
        </FormSection>
        <FormSection title={t('One-time codes')}>
          <FormSwitch<FormValues> name="register_otp_verify" label={t('Verify new accounts with a code')} />
          <FormSwitch<FormValues> name="order_place_account_verify" label={t('Only verified accounts may order')} />
          <div className="grid max-w-xl gap-4 sm:grid-cols-2">
            <FormSelect<FormValues> name="register_otp_type" label={t('Registration code goes by')}>
              {channels}
            </FormSelect>
            <FormSelect<FormValues> name="forgot_otp_type" label={t('Password reset code goes by')}>
              {channels}
            </FormSelect>
          </div>
          {!saved.sms_configured && <p className="text-sm text-slate-600">{t('Text messages are not configured: codes by phone only reach the server’s log.')}</p>}
        </FormSection>
        <FormSection title={t('Social sign-in')}>
          {socialProviders.map((name) => (
            <div key={name} className="flex flex-col gap-3 border-b border-slate-100 pb-4 last:border-b-0 last:pb-0">
              <FormSwitch<FormValues> name={`social_auths.${name}.is_active`} label={t('Sign in with {{provider}}', { provider: providerNames[name] })} />
              <FormField<FormValues> name={`social_auths.${name}.client_id`} label={t('{{provider}} client id', { provider: providerNames[name] })} className="max-w-xl" />
              {name === 'apple' && <FormField<FormValues> name="social_auths.apple.redirect_url" label={t('Apple redirect URL')} className="max-w-xl" />}
            </div>
          ))}
          <p className="text-sm text-slate-600">{t('Only public client ids are kept here; secrets stay on the server.')}</p>
        </FormSection>
        <div>
          <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
            {t('Save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
