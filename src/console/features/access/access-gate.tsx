import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { CONSOLE_SIGN_IN_URL } from '../../../shared/console-sign-in.ts';
import { consoleMeQuery } from './console-me.ts';

/** The console for a person the server lets in; a sign-in prompt (401) or a refusal (403) for anyone else. */
export function AccessGate({ children }: { children: (me: ConsoleMe) => ReactNode }) {
  const { t } = useTranslation();
  const me = useQuery(consoleMeQuery);

  if (me.isSuccess) return children(me.data);
  const status = me.error instanceof ApiError ? me.error.status : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4">
      {me.isPending ? (
        <p role="status" className="text-center text-slate-600">
          {t('Loading the console…')}
        </p>
      ) : status === 401 ? (
        <EmptyState
          message={t('Sign in with your staff or seller account to use the console.')}
          action={
            <a href={CONSOLE_SIGN_IN_URL} className={primaryButtonClass}>
              {t('Sign in')}
            </a>
          }
        />
      ) : status === 403 ? (
        <EmptyState
          message={t('You do not have access to the console.')}
          action={
            <a href="/" className={secondaryButtonClass}>
              {t('Back to the store')}
            </a>
          }
        />
      ) : (
        <LoadFailed onRetry={() => void me.refetch()} />
      )}
    </main>
  );
}
