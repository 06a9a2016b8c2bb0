import { useSyncExternalStore } from 'react';
import { formatNumberIn } from './number-format.ts';
import { scoped } from './request-scope.ts';
import { languageTagOf } from '../../shared/constants.ts';

/**
 * Translations from `GET /api/lang/{locale}` (docs/product/storefront.md §7). Keys are the English texts themselves, so
 * English needs no lookup and a missing translation still reads well. See docs/decisions/002.
 */
export type TranslateValues = Record<string, string | number>;

/**
 * A counted text's English forms by plural category (decision 002): `other` is required and is
 * the key of its translations, which are stored as `<other>_<category>` (`"{{count}} Items_few"`).
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The page's language and messages: one per shopper (request-scope.ts). */
const translation = scoped(() => ({
  messages: {} as Record<string, string>,
  languageTag: 'en',
  version: 0,
  listeners: new Set<() => void>(),
}));

function template(key: string | PluralForms, count: string | number | undefined): string {
  const { messages, languageTag } = translation();
  if (typeof key === 'string') return messages[key] ?? key;
  const category = typeof count === 'number' ? pluralRules(languageTag).select(count) : 'other';
  return messages[`${key.other}_${category}`] ?? messages[`${key.other}_other`] ?? key[category] ?? key.other;
}

/** A `{{name}}` (or `{name}`) in a text, the name captured. */
export const placeholder = /\{\{?\s*(\w+)\s*\}?\}/g;

/** A counted text (a `PluralForms` key) takes its form from `values.count`, written in the page's digits. */
export function t(key: string | PluralForms, values?: TranslateValues): string {
  const text = template(key, values?.count);
  if (!values) return text;
  const shown = typeof key === 'string' || typeof values.count !== 'number' ? values : { ...values, count: formatNumber(values.count) };
  return text.replace(placeholder, (match, name: string) => (name in shown ? String(shown[name]) : match));
}

const pluralRulesByLanguage = new Map<string, Intl.PluralRules>();
function pluralRules(tag: string): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(tag);
  if (!rules) {
    rules = new Intl.PluralRules(tag);
    pluralRulesByLanguage.set(tag, rules);
  }
  return rules;
}

/** A number in the page's language, with exactly `fractionDigits` decimals when given. */
export function formatNumber(value: number, fractionDigits?: number): string {
  return formatNumberIn(translation().languageTag, value, fractionDigits);
}

export function setMessages(next: Record<string, string>) {
  const state = translation();
  const previous = state.messages;
  state.messages = next;
  // English maps mostly to itself: re-render only when a visible text actually changes. Nothing
  // listens yet in a server render, which sets every page's messages: no need to compare them.
  if (state.listeners.size > 0 && !changesText(previous, next)) return;
  state.version += 1;
  for (const listener of state.listeners) listener();
}

function changesText(previous: Record<string, string>, next: Record<string, string>): boolean {
  for (const key in next) if ((previous[key] ?? key) !== next[key]) return true;
  return false;
}

const subscribe = (listener: () => void) => {
  const { listeners } = translation();
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const currentVersion = () => translation().version;

/** Re-renders the component when the messages arrive. */
export function useTranslation() {
  useSyncExternalStore(subscribe, currentVersion, currentVersion);
  return { t };
}

async function fetchMessages(locale: string): Promise<Record<string, string> | undefined> {
  try {
    const response = await fetch(`/api/lang/${encodeURIComponent(locale)}`, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as Record<string, string>;
  } catch (error) {
    // docs/product/storefront.md §8: a failed language load is only logged; the English keys keep the page readable.
    console.warn(`Could not load the "${locale}" messages`, error);
    return undefined;
  }
}

export async function loadMessages(locale: string) {
  const messages = await fetchMessages(locale);
  if (messages) setMessages(messages);
}

/** Loads a language's messages into the browser's cache (the answer is cacheable) for the page about to load in it. */
export async function loadMessagesForNextPage(locale: string) {
  await fetchMessages(locale);
}

/** The language dates and numbers are written in (the page's `<html lang>`). */
export const currentLanguageTag = () => translation().languageTag;

/** Sets the page's language; the server's pre-render calls it with no document to write to. */
export function setLanguage(locale: string) {
  translation().languageTag = languageTagOf(locale);
}

export function applyDocumentLanguage(locale: string, direction: 'ltr' | 'rtl') {
  setLanguage(locale);
  writeDocumentLanguage(locale, direction);
}

/** The document's `lang` and `dir` alone: what React renders keeps its language. */
export function writeDocumentLanguage(locale: string, direction: 'ltr' | 'rtl') {
  const languageTag = languageTagOf(locale);
  // Writing the same values again would still restyle the whole page.
  const root = document.documentElement;
  if (root.lang !== languageTag) root.lang = languageTag;
  if (root.dir !== direction) root.dir = direction;
}
