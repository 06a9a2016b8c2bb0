import { PREFERENCES_COOKIE } from '../../../shared/constants.ts';
import { useSettings, type SettingsState } from './settings-store.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function write({ locale, selectedCurrency }: SettingsState) {
  const value = encodeURIComponent(`${locale}|${selectedCurrency?.name ?? ''}`);
  document.cookie = `${PREFERENCES_COOKIE}=${value}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/** Keeps the shopper's language and currency in a cookie too, so the server renders their next page in them. */
export function keepPreferencesInCookie() {
  write(useSettings.getState());
  useSettings.subscribe((state, previous) => {
    if (state.locale !== previous.locale || state.selectedCurrency?.name !== previous.selectedCurrency?.name) write(state);
  });
}
