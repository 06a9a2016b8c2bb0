import { describe, expect, it } from 'vitest';
import type { Currency, Language } from '../../../shared/settings.contract.ts';
import { completeThemeColors, nextCurrency, nextLocale, preferencesFromServer } from './settings-load.ts';

const languages: Language[] = [
  { id: 1, name: 'en', title: 'English', direction: 'ltr' },
  { id: 2, name: 'ar', title: 'العربية', direction: 'rtl' },
];
const usd: Currency = { id: 1, name: 'USD', symbol: '$', position: 'prefix', rate: 1, rate_from_default: 1, decimals: 2, is_default: true };
const eur: Currency = { id: 2, name: 'EUR', symbol: '€', position: 'prefix', rate: 0.92, rate_from_default: 0.92, decimals: 2, is_default: false };

describe('locale on settings load', () => {
  it('keeps the chosen locale while the server locale is unchanged', () => {
    const state = { locale: 'ar', defaultLocale: 'en', langDirection: 'rtl' as const };
    expect(nextLocale(state, { app_locale: 'en', languages })).toEqual({ state, reload: false });
  });

  it('takes a new server locale with its direction and asks for a reload', () => {
    const result = nextLocale({ locale: 'en', defaultLocale: 'en', langDirection: 'ltr' }, { app_locale: 'ar', languages });
    expect(result).toEqual({ state: { locale: 'ar', defaultLocale: 'ar', langDirection: 'rtl' }, reload: true });
  });

  it('gives way to the default, with a reload, when the store disabled the chosen language', () => {
    const result = nextLocale({ locale: 'ir', defaultLocale: 'en', langDirection: 'rtl' }, { app_locale: 'en', languages });
    expect(result).toEqual({ state: { locale: 'en', defaultLocale: 'en', langDirection: 'ltr' }, reload: true });
  });

  it('falls back to left-to-right for a locale without a language entry', () => {
    const result = nextLocale({ locale: 'en', defaultLocale: 'en', langDirection: 'ltr' }, { app_locale: 'de', languages });
    expect(result.state.langDirection).toBe('ltr');
  });
});

describe('currency on settings load', () => {
  const master = { currency: usd, currencies: [usd, eur] };

  it('selects the default currency when none is selected', () => {
    expect(nextCurrency({ defaultCurrency: 'USD', selectedCurrency: null }, master).selectedCurrency).toEqual(usd);
  });

  it('keeps the shopper’s choice while the default is unchanged, with the current rate', () => {
    const stale = { ...eur, rate_from_default: 0.5 };
    expect(nextCurrency({ defaultCurrency: 'USD', selectedCurrency: stale }, master).selectedCurrency).toEqual(eur);
  });

  it('resets the choice to the new default when the store changes its default currency', () => {
    const eurDefault = { ...eur, is_default: true };
    const result = nextCurrency(
      { defaultCurrency: 'USD', selectedCurrency: usd },
      { currency: eurDefault, currencies: [{ ...usd, is_default: false }, eurDefault] },
    );
    expect(result).toEqual({ defaultCurrency: 'EUR', selectedCurrency: eurDefault });
  });
});

describe('theme colours', () => {
  const all = Object.fromEntries(
    ['primary', '50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'].map((key) => [key, '#123456']),
  );

  it('apply only when all 12 values exist', () => {
    expect(completeThemeColors(all)).toEqual(all);
    const { '950': _missing, ...eleven } = all;
    expect(completeThemeColors(eleven)).toBeNull();
    expect(completeThemeColors({ ...all, primary: '' })).toBeNull();
    expect(completeThemeColors(null)).toBeNull();
  });
});

describe('a browser with nothing stored that sent the preferences cookie', () => {
  const master = { app_locale: 'en', languages, currency: usd, currencies: [usd, eur] };

  it('takes on the language and currency the server rendered the page in', () => {
    expect(preferencesFromServer({ locale: 'ar', currency: 'EUR' }, master)).toEqual({
      locale: 'ar',
      defaultLocale: 'en',
      langDirection: 'rtl',
      defaultCurrency: 'USD',
      selectedCurrency: eur,
    });
  });

  it('leaves out a language or currency the store no longer offers', () => {
    expect(preferencesFromServer({ locale: 'de', currency: 'GBP' }, master)).toEqual({ locale: 'en', defaultLocale: 'en', langDirection: 'ltr' });
  });
});
