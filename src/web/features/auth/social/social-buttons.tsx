import { languageTagOf } from '../../../../shared/constants.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SocialProvider } from '../../../../shared/account.contract.ts';
import type { SocialAuths } from '../../../../shared/settings.contract.ts';
import { buttonClass, secondaryButtonClass } from '../../../../client/ui/button-styles.ts';
import { api, ApiError } from '../../../../client/lib/api-client.ts';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { SESSION_TOAST_MS } from '../auth-form-parts.tsx';
import { startSession } from '../session-start.ts';
import { showFailure } from '../../../components/form/use-form-request.ts';
import { appleIdToken, facebookAccessToken, loadApple, loadFacebook, renderGoogleButton } from './provider-sdks.ts';

/** What a provider's SDK gave: the token the server checks, and a name when the token carries none. */
interface ProviderToken {
  code: string;
  name?: string;
}

interface SocialButtonsProps {
  providers: readonly SocialProvider[];
  socialAuths: SocialAuths;
}

/** Apple checks the pop-up's return address against the ones registered for the service id. */
const appleRedirectUrl = (socialAuths: SocialAuths) => socialAuths.apple.redirect_url || window.location.origin;

const socialSignInKey = ['social-sign-in'];

function FacebookLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5 fill-current">
      <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.69.24 2.69.24v2.97h-1.51c-1.5 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
    </svg>
  );
}

function AppleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-5 fill-current">
      <path d="M16.37 12.76c-.03-2.6 2.12-3.85 2.22-3.91-1.21-1.77-3.09-2.01-3.76-2.04-1.6-.16-3.12.94-3.93.94-.81 0-2.06-.92-3.39-.89-1.74.03-3.35 1.01-4.25 2.57-1.81 3.14-.46 7.79 1.3 10.34.86 1.25 1.89 2.65 3.23 2.6 1.3-.05 1.79-.84 3.36-.84 1.57 0 2.01.84 3.38.81 1.4-.03 2.28-1.27 3.13-2.52.99-1.45 1.39-2.85 1.42-2.92-.03-.01-2.72-1.04-2.71-4.14ZM13.8 5.13c.71-.87 1.2-2.07 1.06-3.27-1.03.04-2.28.69-3.02 1.55-.66.77-1.24 2-1.09 3.18 1.15.09 2.33-.58 3.05-1.46Z" />
    </svg>
  );
}

/**
 * Google draws its own button (the only way its SDK hands out an ID token on a press); until it
 * has, a look-alike holds the place, and after a failed load a press on it tries again.
 */
function GoogleButton({ clientId, onToken }: { clientId: string; onToken(token: ProviderToken): void }) {
  const { t } = useTranslation();
  const locale = useSettings((state) => state.locale);
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latestOnToken = useRef(onToken);
  useEffect(() => {
    latestOnToken.current = onToken;
  });

  useEffect(() => {
    if (state !== 'loading' || !slot.current) return;
    let current = true;
    renderGoogleButton(slot.current, {
      clientId,
      locale: languageTagOf(locale),
      onCredential(credential) {
        if (credential) latestOnToken.current({ code: credential });
        else console.warn('Google sign-in answered without a credential');
      },
    }).then(
      () => current && setState('ready'),
      (error: unknown) => {
        console.warn('Could not load Google sign-in', error);
        if (current) setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [state, clientId, locale]);

  const retry = () => {
    notify.error(t('Could not load the sign-in service. Please try again.'));
    setState('loading');
  };

  return (
    <div className="relative min-h-10">
      <div ref={slot} className="flex justify-center" />
      {state !== 'ready' && (
        <button
          type="button"
          disabled={state === 'loading'}
          aria-busy={state === 'loading' || undefined}
          onClick={retry}
          className={`${secondaryButtonClass} absolute inset-0 w-full`}
        >
          {t('Continue with Google')}
        </button>
      )}
    </div>
  );
}

function ProviderButton({ onPress, disabled, className, icon, children }: {
  onPress(): void;
  disabled: boolean;
  className: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button type="button" onClick={onPress} disabled={disabled} className={`${buttonClass} w-full ${className}`}>
      {icon}
      {children}
    </button>
  );
}

/** The buttons of the active providers; a provider's token is exchanged for a store session like a login (docs/product/storefront.md §4, §8). */
export default function SocialButtons({ providers, socialAuths }: SocialButtonsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const { google, facebook, apple } = socialAuths;
  const facebookAppId = providers.includes('facebook') ? facebook.client_id : null;
  const appleClientId = providers.includes('apple') ? apple.client_id : null;
  const appleRedirect = appleRedirectUrl(socialAuths);

  // Loaded with the dialog, so a press opens the provider's pop-up at once (browsers block late pop-ups).
  useEffect(() => {
    const warn = (error: unknown) => console.warn('Could not load a sign-in SDK', error);
    if (facebookAppId) loadFacebook(facebookAppId).catch(warn);
    if (appleClientId) loadApple(appleClientId, appleRedirect).catch(warn);
  }, [facebookAppId, appleClientId, appleRedirect]);

  const exchange = async (provider: SocialProvider, token: ProviderToken) => {
    const answer = await api.call('POST /auth/:provider/token', {
      params: { provider },
      body: { code: token.code, ...(token.name && { data: { name: token.name } }) },
    });
    notify.success(t('Login Successful'), { duration: SESSION_TOAST_MS });
    await startSession(answer.data);
  };

  /** The provider's pop-up, then the store's check of the token. */
  const signIn = useMutation({
    mutationKey: socialSignInKey,
    mutationFn: async ({ provider, obtainToken }: { provider: SocialProvider; obtainToken: () => Promise<ProviderToken | null> }) => {
      let token: ProviderToken | null;
      try {
        token = await obtainToken();
      } catch (error) {
        console.warn(`Could not start ${provider} sign-in`, error);
        notify.error(t('Could not load the sign-in service. Please try again.'));
        return;
      }
      if (token) await exchange(provider, token);
    },
    onError: (error) => {
      if (error instanceof ApiError) showFailure(error);
    },
  });
  const busy = signIn.isPending;

  /** One sign-in at a time; the cache knows at once (a provider's callback may hold an older render). */
  const signInWith = (provider: SocialProvider, obtainToken: () => Promise<ProviderToken | null>) => {
    if (queryClient.isMutating({ mutationKey: socialSignInKey }) === 0) signIn.mutate({ provider, obtainToken });
  };

  return (
    <div className="space-y-3" aria-busy={busy || undefined}>
      <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        {t('Or continue with')}
      </p>
      {providers.includes('google') && (
        <GoogleButton clientId={google.client_id} onToken={(token) => signInWith('google', async () => token)} />
      )}
      {providers.includes('facebook') && (
        <ProviderButton
          onPress={() =>
            signInWith('facebook', async () => {
              const code = await facebookAccessToken(facebook.client_id);
              return code ? { code } : null;
            })
          }
          disabled={busy}
          className="bg-[#0866FF] text-white hover:bg-[#0553D6] disabled:opacity-60"
          icon={<FacebookLogo />}
        >
          {t('Continue with Facebook')}
        </ProviderButton>
      )}
      {providers.includes('apple') && (
        <ProviderButton
          onPress={() =>
            signInWith('apple', async () => {
              const answer = await appleIdToken(apple.client_id, appleRedirect);
              return answer && { code: answer.idToken, name: answer.name };
            })
          }
          disabled={busy}
          className="bg-black text-white hover:bg-slate-800 disabled:opacity-60"
          icon={<AppleLogo />}
        >
          {t('Continue with Apple')}
        </ProviderButton>
      )}
    </div>
  );
}
