import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { resetPasswordSchema, type ResetPasswordInput } from '../../../shared/account.contract.ts';
import { CONSOLE_SIGN_IN_URL } from '../../../shared/console-sign-in.ts';
import { Field, inputClass, invalidProps, showServerErrors } from '../../ui/form.tsx';
import { Toaster } from '../../ui/toast.tsx';
import { directionOf, useConsoleLanguage } from '../language/console-language.ts';

/**
 * `/console/invitation?token=…`, the link of an invitation's mail: the invited person chooses their
 * password (`POST /api/reset-password` with the invitation's token, decision 027), then signs in on
 * the storefront, which brings them back to the console.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const direction = directionOf(useConsoleLanguage((state) => state.locale));
  const token = search.get('token') ?? '';
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const accept = useMutation({
    mutationFn: (body: ResetPasswordInput) => api.call('POST /reset-password', { body }),
    onError: (error) => showServerErrors(error, form.setError, ['password', 'password_confirmation', 'token']),
  });
  useEffect(() => {
    document.title = t('{{page}} · Console', { page: t('Accept the invitation') });
  }, [t]);
  useEffect(() => {
    if (accept.isSuccess) window.location.assign(CONSOLE_SIGN_IN_URL);
  }, [accept.isSuccess]);
  const { errors } = form.formState;

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 px-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('Accept the invitation')}</h1>
      {!token ? (
        <EmptyState message={t('This invitation link is incomplete. Open the link from the invitation e-mail again.')} />
      ) : accept.isSuccess ? (
        <p role="status" className="flex flex-col gap-3 text-slate-700">
          {t('Your password is set. Sign in to open the console.')}
          <a href={CONSOLE_SIGN_IN_URL} className={primaryButtonClass}>
            {t('Sign in')}
          </a>
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void form.handleSubmit((values) => accept.mutate(values))(event)} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
          <p className="text-sm text-slate-600">{t('Choose the password you will sign in with.')}</p>
          <Field id="invitation-password" label={t('Password')} error={errors.password?.message}>
            <input type="password" autoComplete="new-password" {...form.register('password')} {...invalidProps('invitation-password', errors.password?.message)} className={inputClass} />
          </Field>
          <Field id="invitation-confirmation" label={t('Confirm Password')} error={errors.password_confirmation?.message ?? errors.token?.message}>
            <input
              type="password"
              autoComplete="new-password"
              {...form.register('password_confirmation')}
              {...invalidProps('invitation-confirmation', errors.password_confirmation?.message ?? errors.token?.message)}
              className={inputClass}
            />
          </Field>
          <button type="submit" disabled={accept.isPending} className={primaryButtonClass}>
            {t('Set my password')}
          </button>
        </form>
      )}
      {/* Outside the console's layout: its own place for a refusal that names no field. */}
      <Toaster direction={direction} />
    </main>
  );
}
