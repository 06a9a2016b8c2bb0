import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const messagesDir = path.resolve(import.meta.dirname, '../../server/features/i18n/messages');

/** A language's own message files merged, as the API keeps them (`GET /api/lang/{locale}` lays them over the English ones). */
export function ownMessages(locale: 'en' | 'ar' | 'ir'): Record<string, string> {
  const dir = path.join(messagesDir, locale);
  return Object.assign({}, ...readdirSync(dir).map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, string>));
}
