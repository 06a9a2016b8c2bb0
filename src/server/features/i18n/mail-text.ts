import { DEFAULT_LOCALE, LOCALES } from '../../../shared/constants.ts';
import { loadMessages } from './messages.ts';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The texts of a mail in `locale` (an unknown one writes English): `write(key, values)` looks the
 * English text up in the message files and fills its `{{placeholders}}`.
 */
export function mailWriter(locale: string) {
  const messages = loadMessages((LOCALES as readonly string[]).includes(locale) ? locale : DEFAULT_LOCALE);
  return (key: string, values: Record<string, string | number> = {}) =>
    (messages[key] ?? key).replace(PLACEHOLDER, (placeholder, name: string) => (values[name] === undefined ? placeholder : String(values[name])));
}
