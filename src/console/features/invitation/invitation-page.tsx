import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { resetPasswordSchema, type ResetPasswordInput } from '../../../shared/account.contract.ts';
import { CONSOLE_PATH, CONSOLE_SIGN_IN_URL } from '../../../shared/console-sign-in.ts';
import { Field, inputClass, invalidProps, showServerErrors } from '../../ui/form.tsx';
import { showToast, Toaster } from '../../ui/toast.tsx';
import { roleName } from '../access/role-name.ts';
import { directionOf, useConsoleLanguage } from '../language/console-language.ts';
import { myInvitationsQuery, useAcceptInvitation, useAcceptWithPassword, useDeclineInvitation } from './invitation-queries.ts';

/**
 * `/console/invitation`, the link of an invitation's mail (decision 049): with a token (an e-mail
 * with no account), the invited person chooses their password, which makes the account, accepts and
 * signs them in, and the console opens; without one, a signed-in person answers the invitations to
 * their e-mail.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const direction = directionOf(useConsoleLanguage((state) => state.locale));
  const token = search.get('token');
  useEffect(() => {
    document.title = t('{{page}} · Console', { page: t('Accept the invitation') });
  }, [t]);

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 px-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('Accept the invitation')}</h1>
      {token === null ? <MyInvitations /> : token ? <ChoosePassword token={token} /> : <EmptyState message={t('This invitation link is incomplete. Open the link from the invitation e-mail again.')} />}
      {/* Outside the console's layout: its own place for a refusal that names no field. */}
      <Toaster direction={direction} />
    </main>
  );
}

/** The new account's password: accepting signs them in, and the console opens. */
function ChoosePassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const accept = useAcceptWithPassword();
  const submit = form.handleSubmit((values) =>
    accept.mutate(values, { onSuccess: () => window.location.assign(CONSOLE_PATH), onError: (error) => showServerErrors(error, form.setError, ['password', 'password_confirmation', 'token']) }),
  );
  const { errors } = form.formState;

  return accept.isSuccess ? (
    <p role="status" className="text-slate-700">
      {t('Opening the console…')}
    </p>
  ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
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
  );
}

/** The invitations to the signed-in person's e-mail, each to accept (the console opens) or decline. */
function MyInvitations() {
  const { t } = useTranslation();
  const invitations = useQuery(myInvitationsQuery);
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const failed = (error: Error) => showToast(error.message, 'error');

  if (invitations.isPending) return <p className="text-slate-600">{t('Loading…')}</p>;
  if (invitations.isError) {
    if (invitations.error instanceof ApiError && invitations.error.status === 401) {
      return (
        <p className="flex flex-col gap-3 text-slate-700">
          {t('Sign in with the account the invitation was sent to, then open this link again.')}
          <a href={CONSOLE_SIGN_IN_URL} className={primaryButtonClass}>
            {t('Sign in')}
          </a>
        </p>
      );
    }
    return <LoadFailed onRetry={() => void invitations.refetch()} />;
  }
  if (invitations.data.length === 0) return <EmptyState message={t('You have no invitations to answer.')} />;
  const busy = accept.isPending || decline.isPending;
  return (
    <ul className="flex flex-col gap-3">
      {invitations.data.map((invitation) => {
        const place = invitation.shop ? invitation.shop.name : t('the store');
        return (
          <li key={invitation.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-slate-800">{t('You are invited to the console of {{place}} as {{role}}.', { place, role: roleName(invitation.role) })}</p>
            <div className="flex gap-3">
              <button type="button" disabled={busy} onClick={() => accept.mutate(invitation.id, { onSuccess: () => window.location.assign(CONSOLE_PATH), onError: failed })} className={primaryButtonClass} aria-label={t('Accept the invitation of {{place}}', { place })}>
                {t('Accept')}
              </button>
              <button type="button" disabled={busy} onClick={() => decline.mutate(invitation.id, { onSuccess: () => showToast(t('Invitation declined')), onError: failed })} className={secondaryButtonClass} aria-label={t('Decline the invitation of {{place}}', { place })}>
                {t('Decline')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
