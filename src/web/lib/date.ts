import { currentLanguageTag } from './i18n.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Dates in the page's language (`<html lang>`, set from the chosen locale). */
export function formatDateTime(iso: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = currentLanguageTag();
  const key = `${locale} ${JSON.stringify(options)}`;
  // A formatter is costly to build and a page shows many dates: one per language and style.
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(undefined, options);
    }
    formats.set(key, format);
  }
  return format.format(date);
}
