import { configureApiClient } from '../../../client/lib/api-client.ts';
import { useSettings } from '../settings/settings-store.ts';
import { isSignedIn, useAuth } from '../session/session-store.ts';

/**
 * Connects the API client to the stored session and language: calls carry the locale (the session
 * cookie goes by itself), and a 401 while signed in ends the session on this device (docs/product/storefront.md §4/§8).
 */
export function connectApiClientToSession() {
  configureApiClient({
    locale: () => useSettings.getState().locale,
    signedIn: isSignedIn,
    onUnauthorized: () => useAuth.getState().clearSession(),
  });
}
