/** A time from the API in the console's language (`<html lang>`, set with its messages) and the browser's time zone. */
export function formatTime(iso: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(document.documentElement.lang || 'en', options).format(new Date(iso));
}
