import { useCallback, useSyncExternalStore } from 'react';
import { currentLanguageTag } from './i18n.ts';

type DateStyle = Intl.DateTimeFormatOptions;
type FormatDate = (iso: string, options?: DateStyle) => string;

const DATE_AND_TIME: DateStyle = { dateStyle: 'medium', timeStyle: 'short' };
const formats = new Map<string, Intl.DateTimeFormat>();

/** A date in the page's language (`<html lang>`, set from the chosen locale); undefined `timeZone` is the browser's. */
function formatDateTime(iso: string, options: DateStyle, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = currentLanguageTag();
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  // A formatter is costly to build and a page shows many dates: one per language, zone and style.
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    }
    formats.set(key, format);
  }
  return format.format(date);
}

const neverChanges = () => () => {};

/**
 * Formats dates for the shopper. The server renders them in UTC and the browser hydrates that same
 * text, then shows the shopper's own time zone (React renders once more when hydration is done), so
 * a shopper in another zone than the server's gets no mismatch.
 */
export function useDateFormat(): FormatDate {
  const timeZone = useSyncExternalStore(
    neverChanges,
    () => undefined,
    () => 'UTC',
  );
  return useCallback((iso, options = DATE_AND_TIME) => formatDateTime(iso, options, timeZone), [timeZone]);
}
