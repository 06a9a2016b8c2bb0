import { configureApiClient } from '../../lib/api-client.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useAuth } from './auth-store.ts';

/**
 * Connects the API client to the stored session and language: calls carry the token and the
 * locale, and any authenticated call answered 401 ends the session on this device (spec §4/§8).
 */
export function connectApiClientToSession() {
  configureApiClient({
    locale: () => useSettings.getState().locale,
    authorization: () => useAuth.getState().token,
    onUnauthorized: () => useAuth.getState().clearSession(),
  });
}
