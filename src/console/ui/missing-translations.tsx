import { currentLanguageTag, useTranslation } from '../../client/lib/i18n.ts';
import { languageTagOf } from '../../shared/constants.ts';
import type { TranslationLocale } from '../../shared/missing-translations.ts';

/** The languages' names in the reader's language, as a list ("Arabic, Persian"; "العربية والفارسية"). */
export function languageNames(locales: readonly TranslationLocale[]): string {
  const tag = currentLanguageTag();
  const names = new Intl.DisplayNames([tag], { type: 'language' });
  return new Intl.ListFormat([tag], { type: 'unit', style: 'short' }).format(locales.map((locale) => names.of(languageTagOf(locale)) ?? locale));
}

/**
 * A list row's translation state: "Complete", or a badge naming the languages a text of the row is
 * not translated into ("Missing: Arabic, Persian"). `missing` is the row's `missing_translations`,
 * from `missingTranslations` in src/shared/missing-translations.ts.
 */
export function MissingTranslations({ missing }: { missing: readonly TranslationLocale[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return <span className="text-sm text-slate-600">{t('Complete')}</span>;
  return <span className="inline-block rounded bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">{t('Missing: {{languages}}', { languages: languageNames(missing) })}</span>;
}
