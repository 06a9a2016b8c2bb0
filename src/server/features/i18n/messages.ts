import { readdirSync, readFileSync } from 'node:fs';

export type MessageMap = Record<string, string>;

const cache = new Map<string, MessageMap>();

/**
 * One locale's texts: every `messages/{locale}/*.json` (or those named `{prefix}…`) merged. A file per feature keeps
 * translations next to the work that adds them and out of each other's way.
 */
export function readLocaleFiles(locale: string, prefix = ''): MessageMap {
  const dir = new URL(`./messages/${locale}/`, import.meta.url);
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.startsWith(prefix) && name.endsWith('.json')).sort();
  } catch {
    return {};
  }
  return Object.assign({}, ...files.map((name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as MessageMap));
}

/** The locale's messages over the English ones, so a key missing in a translation still shows English text. */
export function loadMessages(locale: string): MessageMap {
  let messages = cache.get(locale);
  if (!messages) {
    messages = { ...readLocaleFiles('en'), ...readLocaleFiles(locale) };
    cache.set(locale, messages);
  }
  return messages;
}
