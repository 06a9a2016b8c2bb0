/** A time from the API in the console's language (`<html lang>`, set with its messages) and the browser's time zone. */
export function formatTime(iso: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(document.documentElement.lang || 'en', options).format(new Date(iso));
}

/** A moment as a `datetime-local` input holds it: the browser's local time, to the minute. */
export const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** An input's local time as the ISO moment the API takes; empty is left out. */
export const isoMoment = (value: unknown) => (typeof value !== 'string' || value === '' ? undefined : Number.isNaN(Date.parse(value)) ? value : new Date(value).toISOString());
