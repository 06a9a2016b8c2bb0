import { readFileSync } from 'node:fs';

export type MessageMap = Record<string, string>;

const cache = new Map<string, MessageMap>();

function readMessageFile(locale: string): MessageMap {
  try {
    return JSON.parse(readFileSync(new URL(`./messages/${locale}.json`, import.meta.url), 'utf8')) as MessageMap;
  } catch {
    return {};
  }
}

/** The locale's messages over the English ones, so a key missing in a translation still shows English text. */
export function loadMessages(locale: string): MessageMap {
  let messages = cache.get(locale);
  if (!messages) {
    messages = { ...readMessageFile('en'), ...readMessageFile(locale) };
    cache.set(locale, messages);
  }
  return messages;
}
