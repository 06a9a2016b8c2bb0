import { useCallback, useSyncExternalStore } from 'react';
import { currentLanguageTag } from '../../client/lib/i18n.ts';
import { WRITTEN_DATES_ELEMENT_ID } from '../../shared/constants.ts';
import type { WrittenDates } from '../../shared/page-render.ts';
import { embeddedJson } from './embedded-json.ts';
import { scoped } from '../../client/lib/request-scope.ts';

type DateStyle = Intl.DateTimeFormatOptions;
type FormatDate = (iso: string, options?: DateStyle) => string;


const DATE_AND_TIME: DateStyle = { dateStyle: 'medium', timeStyle: 'short' };
const formats = new Map<string, Intl.DateTimeFormat>();
/**
 * The first date formatter a page builds loads ICU's calendar data, a long task on a phone's main
 * thread (docs/decisions/026): the browser starts from the dates the server's render wrote (after
 * the page's HTML, parsed before the storefront's code runs); on the server each render starts empty.
 */
const writtenDates = scoped((): WrittenDates => ({ ...(embeddedJson(WRITTEN_DATES_ELEMENT_ID) as WrittenDates | undefined) }));

/** What this render wrote (on the server: for the page to carry to the browser). */
export const datesWritten = (): WrittenDates => writtenDates();

function formatter(locale: string, options: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
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
  return format;
}

/** Whether the date reads the same on the clock here as in UTC, in a style that names no zone. */
const readsAsUtc = (date: Date, options: DateStyle) =>
  date.getTimezoneOffset() === 0 && !options.timeZoneName && options.timeStyle !== 'long' && options.timeStyle !== 'full';

/** A date in the page's language (`<html lang>`, set from the chosen locale); undefined `timeZone` is the browser's. */
function formatDateTime(iso: string, options: DateStyle, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = currentLanguageTag();
  const zone = timeZone ?? (readsAsUtc(date, options) ? 'UTC' : undefined);
  const key = `${locale} ${zone ?? 'local'} ${JSON.stringify(options)} ${iso}`;
  const dates = writtenDates();
  return (dates[key] ??= formatter(locale, options, zone).format(date));
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
