import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages, readLocaleFiles } from './messages.ts';

const webRoot = path.resolve(import.meta.dirname, '../../../web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Every literal key the storefront passes to t(). */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(webRoot)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'((?:[^'\\]|\\.)+)'/g)) {
      keys.add(match[1]!.replace(/\\'/g, "'"));
    }
  }
  return [...keys];
}

describe.each(['en', 'ar', 'ir'])('the %s message files', (locale) => {
  it('define each text once', () => {
    const dir = new URL(`./messages/${locale}/`, import.meta.url);
    const keys = readdirSync(dir).flatMap((name) => Object.keys(JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as object));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});

describe.each(['ar', 'ir'])('the %s messages', (locale) => {
  const own = readLocaleFiles(locale);

  it('translate every text the storefront shows', () => {
    const missing = usedKeys().filter((key) => !own[key]);
    expect(missing).toEqual([]);
  });

  it('keep every {{placeholder}} of the English text', () => {
    for (const [key, value] of Object.entries(own)) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{\s*\w+\s*\}\}/g)].map((m) => m[0]).sort();
      expect(placeholders(value), key).toEqual(placeholders(key));
    }
  });

  it('fall back to English for a key a translation lacks', () => {
    expect(loadMessages(locale)['Cart is empty']).toBe(own['Cart is empty']);
  });
});
