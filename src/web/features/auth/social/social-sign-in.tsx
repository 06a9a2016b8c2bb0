import { lazy, Suspense } from 'react';
import type { SocialProvider } from '../../../../shared/account.contract.ts';
import { useSettings } from '../../settings/settings-store.ts';

const SocialButtons = lazy(() => import('./social-buttons.tsx'));

const providerOrder: readonly SocialProvider[] = ['google', 'facebook', 'apple'];

/**
 * The Google, Facebook and Apple sign-in buttons of the login and register dialogs, only for the
 * providers the store switched on (docs/product/storefront.md §2, §6). Their code and the providers' SDKs load only when
 * at least one provider is active and the buttons show.
 */
export function SocialSignIn() {
  const socialAuths = useSettings((state) => state.socialAuths);
  if (!socialAuths) return null;
  const active = providerOrder.filter((provider) => socialAuths[provider].is_active && socialAuths[provider].client_id.trim() !== '');
  if (active.length === 0) return null;
  return (
    <Suspense>
      <SocialButtons providers={active} socialAuths={socialAuths} />
    </Suspense>
  );
}
