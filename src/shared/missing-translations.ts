import { LOCALES, DEFAULT_LOCALE } from './constants.ts';

/** The store's languages a text is translated into: every one but the default. */
export const translationLocales = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE) as Exclude<(typeof LOCALES)[number], typeof DEFAULT_LOCALE>[];
export type TranslationLocale = (typeof translationLocales)[number];

/** `{ ar: { title: '…' }, ir: { … } }`: a record's texts per translated language, as its `translations` column keeps them. */
export type TextTranslations = Partial<Record<string, Partial<Record<string, string | null | undefined>> | null | undefined>>;

/**
 * The languages in which a text of the record is not translated (issue 48's "missing translations"
 * marker). `texts` are the record's texts in the default language, by the name its translations keep
 * them under (`{ title: row.title, content_html: row.contentHtml }`); a text left empty in the default
 * language needs no translation. A translation of only spaces is missing. Lists return the answer as
 * `missing_translations` and the console shows it with `<MissingTranslations>`.
 */
export function missingTranslations(texts: Readonly<Record<string, string | null | undefined>>, translations: TextTranslations | null | undefined): TranslationLocale[] {
  const written = Object.keys(texts).filter((field) => texts[field]?.trim());
  return translationLocales.filter((locale) => written.some((field) => !translations?.[locale]?.[field]?.trim()));
}
