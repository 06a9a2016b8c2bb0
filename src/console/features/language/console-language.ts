import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { applyDocumentLanguage, loadMessages } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import type { TaxonomyItem } from '../../../shared/taxonomy-console.contract.ts';

/** The console's languages, each named in itself; right-to-left ones set `dir="rtl"` on the page. */
export const consoleLanguages = [
  { locale: 'en', name: 'English', direction: 'ltr' },
  { locale: 'ar', name: 'العربية', direction: 'rtl' },
  { locale: 'ir', name: 'فارسی', direction: 'rtl' },
] as const;
export type ConsoleLocale = (typeof consoleLanguages)[number]['locale'];

const languageOf = (locale: ConsoleLocale) => consoleLanguages.find((language) => language.locale === locale) ?? consoleLanguages[0];

/** The console's language, kept in the browser apart from the storefront's (a person may shop in one and work in another). */
export const useConsoleLanguage = create<{ locale: ConsoleLocale }>()(persist(() => ({ locale: 'en' as ConsoleLocale }), { name: 'console-language' }));

/**
 * The page in this language: its messages first (`GET /api/lang`, decision 002), then `lang` and `dir`
 * with them; what the server named in the language before (categories, colours, payment methods) is asked again.
 */
export async function showConsoleIn(locale: ConsoleLocale) {
  await loadMessages(locale);
  applyDocumentLanguage(locale, languageOf(locale).direction);
  useConsoleLanguage.setState({ locale });
  void queryClient().invalidateQueries();
}

/** Before the first paint: the stored language, its direction at once and, but for English (the keys), its messages. */
export async function startConsoleLanguage() {
  const { locale } = useConsoleLanguage.getState();
  if (locale === 'en') applyDocumentLanguage(locale, 'ltr');
  else await showConsoleIn(locale);
}

export const directionOf = (locale: ConsoleLocale) => languageOf(locale).direction;

/** A record's name in the console's language, the default language's when it has no translation (decision 019). */
export function useLocalName() {
  const locale = useConsoleLanguage((state) => state.locale);
  return (item: Pick<TaxonomyItem, 'name' | 'translations'>) => (locale === 'en' ? item.name : item.translations[locale]?.name || item.name);
}
