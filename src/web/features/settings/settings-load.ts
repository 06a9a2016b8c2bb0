import type { Currency, Language, Master, ThemeColors } from '../../../shared/settings.contract.ts';
import { themeColorKeys, type ThemeColorKey } from '../../../shared/constants.ts';

export interface LocaleState {
  locale: string;
  defaultLocale: string;
  langDirection: 'ltr' | 'rtl';
}

export interface CurrencyState {
  defaultCurrency: string;
  selectedCurrency: Currency | null;
}

export function directionOf(locale: string, languages: readonly Language[]): 'ltr' | 'rtl' {
  return languages.find((language) => language.name === locale)?.direction ?? 'ltr';
}

/**
 * A browser with nothing stored yet (its storage cleared, another of the shopper's browsers) that
 * sent the preferences cookie: the server rendered the page in the language and currency the cookie
 * names, and the browser takes them on instead of the store's defaults. Those the store no longer
 * offers are left out.
 */
export function preferencesFromServer(
  shopper: { locale: string; currency: string | null },
  master: Pick<Master, 'app_locale' | 'languages' | 'currency' | 'currencies'>,
): LocaleState & Partial<CurrencyState> {
  const locale = master.languages.some((language) => language.name === shopper.locale) ? shopper.locale : master.app_locale;
  const currency = master.currencies.find((entry) => entry.name === shopper.currency);
  return {
    locale,
    defaultLocale: master.app_locale,
    langDirection: directionOf(locale, master.languages),
    ...(currency && { defaultCurrency: master.currency.name, selectedCurrency: currency }),
  };
}

/**
 * docs/product/storefront.md §4: a new server locale replaces the stored one and needs a reload; so does a chosen language
 * the store has since disabled (its menu no longer offers it). Otherwise the locale stays.
 */
export function nextLocale(state: LocaleState, master: Pick<Master, 'app_locale' | 'languages'>): { state: LocaleState; reload: boolean } {
  const offered = state.locale === master.app_locale || master.languages.some((language) => language.name === state.locale);
  if (master.app_locale === state.defaultLocale && offered) return { state, reload: false };
  return {
    state: {
      locale: master.app_locale,
      defaultLocale: master.app_locale,
      langDirection: directionOf(master.app_locale, master.languages),
    },
    reload: true,
  };
}

/**
 * docs/product/storefront.md §4: the default currency becomes the selection when the default changed or nothing is selected.
 * A kept selection takes the server's current rate so prices never use a stale one.
 */
export function nextCurrency(state: CurrencyState, master: Pick<Master, 'currency' | 'currencies'>): CurrencyState {
  const defaultEntry = master.currencies.find((currency) => currency.is_default) ?? master.currency;
  if (master.currency.name !== state.defaultCurrency || !state.selectedCurrency) {
    return { defaultCurrency: master.currency.name, selectedCurrency: defaultEntry };
  }
  const current = master.currencies.find((currency) => currency.id === state.selectedCurrency?.id);
  return { defaultCurrency: master.currency.name, selectedCurrency: current ?? defaultEntry };
}

/** docs/product/storefront.md §4: theme colours apply only when all 12 values exist. */
export function completeThemeColors(colors: ThemeColors | null | undefined): Record<ThemeColorKey, string> | null {
  if (!colors) return null;
  const complete = themeColorKeys.every((key) => typeof colors[key] === 'string' && colors[key] !== '');
  return complete ? (colors as Record<ThemeColorKey, string>) : null;
}
