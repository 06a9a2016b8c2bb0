import { languageTagOf } from '../../../shared/constants.ts';
import { loadMessages, readLocaleFiles, type MessageMap } from './messages.ts';

/**
 * API messages with a number or a name inside ("Only 3 left in stock"), decision 010 addendum. The
 * server writes them in English; the API message files hold them as templates with placeholders
 * ("Only {{count}} left in stock"), a counted one as its plural forms (`…_one`, `…_other`, as the
 * storefront's). A filled-in message is matched back to its template, and the template's
 * translation is filled with the same values, `{{count}}` choosing the plural form.
 */
interface Template {
  /** The English template, without a plural suffix: the key of its translations. */
  key: string;
  pattern: RegExp;
  names: string[];
  counted: boolean;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const HAS_PLACEHOLDER = /\{\{\s*\w+\s*\}\}/;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(key: string, counted: boolean): Template {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(key.slice(last, match.index)) + '(.+?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  source += escapeRegExp(key.slice(last));
  return { key, pattern: new RegExp(`^${source}$`, 's'), names, counted };
}

let templates: Template[] | undefined;

/** The API messages' templates, the most specific (longest fixed text) first. */
function serverTemplates(): Template[] {
  if (!templates) {
    const keys = Object.keys(readLocaleFiles('en', 'server-')).filter((key) => HAS_PLACEHOLDER.test(key));
    const byKey = new Map(keys.map((key) => [key.replace(PLURAL_SUFFIX, ''), PLURAL_SUFFIX.test(key)]));
    const fixedLength = (key: string) => key.replace(PLACEHOLDER, '').length;
    templates = [...byKey].map(([key, counted]) => compile(key, counted)).sort((a, b) => fixedLength(b.key) - fixedLength(a.key));
  }
  return templates;
}

/** One plural-rules and one number formatter per language: building them is the costly part. */
const formattersByTag = new Map<string, { plurals: Intl.PluralRules; numbers: Intl.NumberFormat }>();
export function formattersOf(tag: string) {
  let formatters = formattersByTag.get(tag);
  if (!formatters) {
    formatters = { plurals: new Intl.PluralRules(tag), numbers: new Intl.NumberFormat(tag) };
    formattersByTag.set(tag, formatters);
  }
  return formatters;
}

/** A filled-in English message in `locale`, its numbers written in the language's digits; undefined when it fits no template. */
export function translateFilledMessage(text: string, locale: string, messages: MessageMap = loadMessages(locale)): string | undefined {
  for (const template of serverTemplates()) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, index) => [name, match[index + 1]!]));
    const { plurals, numbers } = formattersOf(languageTagOf(locale));
    const count = /^\d+$/.test(values.count ?? '') ? Number(values.count) : undefined;
    const translation = template.counted
      ? (messages[`${template.key}_${count === undefined ? 'other' : plurals.select(count)}`] ?? messages[`${template.key}_other`])
      : messages[template.key];
    if (translation === undefined) return undefined;
    return translation.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = values[name];
      if (value === undefined) return placeholder;
      return /^\d+$/.test(value) ? numbers.format(Number(value)) : value;
    });
  }
  return undefined;
}
