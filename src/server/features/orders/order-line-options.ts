import type { Translations } from '../../db/translations.ts';

interface KeptOptions {
  color: string | null;
  size: string | null;
  /** The order line's names in other languages, as kept at placement: `{ ar: { color, size } }`. */
  translations: Translations;
}

/** An order line's colour and size in `locale` (the reader's), each the store's language's where the line kept none in it. */
export function lineOptionsIn({ color, size, translations }: KeptOptions, locale: string): { color: string | null; size: string | null } {
  const own = translations[locale] ?? {};
  return { color: color && (own.color || color), size: size && (own.size || size) };
}

/** A line's colour and size as a mail or an invoice writes them ("Color: White · Size: M"), labels through the reader's `write`. */
export function lineOptionsText(write: (key: string) => string, { color, size }: { color: string | null; size: string | null }): string {
  return [color && `${write('Color')}: ${color}`, size && `${write('Size')}: ${size}`].filter(Boolean).join(' · ');
}
