import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages, readLocaleFiles } from './messages.ts';

// The storefront, the console and what both run (src/client) show texts through t().
const appRoots = ['web', 'console', 'client'].map((area) => path.resolve(import.meta.dirname, '../../..', area));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/** A string literal in any of the three quotes (a template without `${}`), its text in group 1, 2 or 3. */
const literal = String.raw`(?:'((?:[^'\\]|\\.)+)'|"((?:[^"\\]|\\.)+)"|\`((?:[^\`\\$]|\\.)+)\`)`;
const unescaped = (match: RegExpMatchArray, first = 1) => (match[first] ?? match[first + 1] ?? match[first + 2])!.replace(/\\(.)/g, '$1');

/**
 * Every literal key the apps pass to t() (in any quotes, or through a constant of the same file:
 * `const NO_LINES = '…'; t(NO_LINES)`), and the `labelKey`s of tables they show through t() (the console's pages).
 */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of appRoots.flatMap(sourceFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(new RegExp(String.raw`\b(?:t\(|labelKey:)\s*${literal}`, 'g'))) keys.add(unescaped(match));
    for (const [, name] of source.matchAll(/\bt\(\s*([A-Z][A-Z0-9_]+)\s*[,)]/g)) {
      const constant = source.match(new RegExp(String.raw`\bconst ${name} = ${literal};`));
      if (constant) keys.add(unescaped(constant));
    }
  }
  return [...keys];
}

/** The English `other` form of every counted text (decision 002: `{ one: '…', other: '…' }`). */
function pluralKeys(): string[] {
  const keys = new Set<string>();
  for (const file of appRoots.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bother:\s*'((?:[^'\\]|\\.)+)'/g)) {
      keys.add(match[1]!.replace(/\\'/g, "'"));
    }
  }
  return [...keys];
}

/** The counted API messages (decision 010 addendum): their English `_other` forms in the server files. */
function serverPluralKeys(): string[] {
  return Object.keys(readLocaleFiles('en', 'server-')).flatMap((key) => (key.endsWith('_other') ? [key.slice(0, -'_other'.length)] : []));
}

const languageTags: Record<string, string> = { en: 'en', ar: 'ar', ir: 'fa' };
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*\w+\s*\}\}/g)].map((m) => m[0]).sort();

describe.each(['en', 'ar', 'ir'])('the %s message files', (locale) => {
  it('define each text once', () => {
    const dir = new URL(`./messages/${locale}/`, import.meta.url);
    const keys = readdirSync(dir).flatMap((name) => Object.keys(JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as object));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("give every counted text each plural form of the language", () => {
    const own = readLocaleFiles(locale);
    const categories = new Intl.PluralRules(languageTags[locale]).resolvedOptions().pluralCategories;
    expect(pluralKeys().length).toBeGreaterThan(5);
    const missing = [...pluralKeys(), ...serverPluralKeys()].flatMap((key) => categories.map((category) => `${key}_${category}`)).filter((key) => !own[key]);
    expect(missing).toEqual([]);
  });
});

describe.each(['ar', 'ir'])('the %s messages', (locale) => {
  const own = readLocaleFiles(locale);

  it('translate every text the storefront and the console show', () => {
    const missing = usedKeys().filter((key) => !own[key]);
    expect(missing).toEqual([]);
  });

  it('keep every {{placeholder}} of the English text', () => {
    for (const [key, value] of Object.entries(own)) {
      // A plural form may spell its count out ("مقالان", two posts).
      const kept = pluralSuffix.test(key) ? (text: string) => placeholders(text).filter((name) => name !== '{{count}}') : placeholders;
      expect(kept(value), key).toEqual(kept(key));
    }
  });

  it('fall back to English for a key a translation lacks', () => {
    expect(loadMessages(locale)['Cart is empty']).toBe(own['Cart is empty']);
  });
});
