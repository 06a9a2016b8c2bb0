import { useSyncExternalStore } from 'react';

/**
 * Translations from `GET /api/lang/{locale}` (spec §7). Keys are the English texts themselves, so
 * English needs no lookup and a missing translation still reads well. See docs/decisions/002.
 */
export type TranslateValues = Record<string, string | number>;

let messages: Record<string, string> = {};
let version = 0;
const listeners = new Set<() => void>();

export function t(key: string, values?: TranslateValues): string {
  const template = messages[key] ?? key;
  if (!values) return template;
  return template.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

export function setMessages(next: Record<string, string>) {
  // English maps mostly to itself: re-render only when a visible text actually changes.
  const changesText = Object.entries(next).some(([key, text]) => (messages[key] ?? key) !== text);
  messages = next;
  if (!changesText) return;
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Re-renders the component when the messages arrive. */
export function useTranslation() {
  const currentVersion = () => version;
  useSyncExternalStore(subscribe, currentVersion, currentVersion);
  return { t };
}

export async function loadMessages(locale: string) {
  try {
    const response = await fetch(`/api/lang/${encodeURIComponent(locale)}`, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    setMessages((await response.json()) as Record<string, string>);
  } catch (error) {
    // Spec §8: a failed language load is only logged; the English keys keep the page readable.
    console.warn(`Could not load the "${locale}" messages`, error);
  }
}

let languageTag = 'en';

/** The BCP 47 tag of the page's language: "ir" is the spec's code for Persian, whose tag is "fa". */
export const languageTagOf = (locale: string) => (locale === 'ir' ? 'fa' : locale);

/** The language dates and numbers are written in (the page's `<html lang>`). */
export const currentLanguageTag = () => languageTag;

/** Sets the page's language; the server's pre-render calls it with no document to write to. */
export function setLanguage(locale: string) {
  languageTag = languageTagOf(locale);
}

export function applyDocumentLanguage(locale: string, direction: 'ltr' | 'rtl') {
  setLanguage(locale);
  // Writing the same values again would still restyle the whole page.
  const root = document.documentElement;
  if (root.lang !== languageTag) root.lang = languageTag;
  if (root.dir !== direction) root.dir = direction;
}
