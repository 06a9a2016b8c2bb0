import { sql, type SQL } from 'drizzle-orm';
import { jsonb, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE } from '../../shared/constants.ts';

/**
 * A row's texts in other languages (decision 019): `{ ar: { name: '…' }, ir: { … } }`, keyed by
 * locale and then by the column's name. A text the row does not have in a language reads as the
 * column itself, the store's default language.
 */
export type Translations = Partial<Record<string, Partial<Record<string, string>>>>;

export const translationsColumn = () => jsonb('translations').$type<Translations>().notNull().default({});

interface Translatable {
  translations: AnyPgColumn;
}

/** The column in `locale` (a language, or a row's column naming one), falling back field by field to the default language's text. */
export function localized<Table extends Translatable, Field extends keyof Table & string>(
  table: Table,
  field: Field,
  locale: string | AnyPgColumn,
): SQL<string> {
  const column = table[field] as AnyPgColumn;
  if (locale === DEFAULT_LOCALE) return sql<string>`${column}`;
  const language = typeof locale === 'string' ? sql`${locale}::text` : sql`${locale}`;
  return sql<string>`coalesce(nullif(${table.translations} -> ${language} ->> ${column.name}::text, ''), ${column})`;
}

/** The same fallback for texts read into the program (settings): `texts` in `locale` over the defaults. */
export function localizedTexts<Texts extends Record<string, unknown>>(texts: Texts, translations: Translations, locale: string): Texts {
  const own = translations[locale] ?? {};
  const entries = Object.entries(own).filter(([key, text]) => key in texts && typeof text === 'string' && text !== '');
  return { ...texts, ...Object.fromEntries(entries) };
}

/** A row's name in `locale` (a product's, an option's, an order line's), the store's language's where it has none. */
export const nameIn = (named: { name: string; translations: Translations }, locale: string) => named.translations[locale]?.name || named.name;

/** Texts per locale as an edit sends them: a locale left out keeps its texts. */
export type TranslationsInput = Partial<Record<string, Partial<Record<string, string | undefined>> | undefined>>;

/**
 * Translations as an edit leaves them: each locale given replaces its texts; an empty text is
 * dropped, so the field falls back to the default language's.
 */
export function mergedTranslations(current: Translations, given: TranslationsInput | undefined): Translations {
  const merged: Translations = { ...current };
  for (const [locale, texts] of Object.entries(given ?? {})) {
    if (texts === undefined) continue;
    merged[locale] = Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  }
  return merged;
}
