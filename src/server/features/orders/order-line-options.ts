import type { Translations } from '../../db/translations.ts';

interface KeptTexts {
  name: string;
  color: string | null;
  size: string | null;
  /** The order line's names in other languages, as kept at placement: `{ ar: { name, color, size } }`. */
  translations: Translations;
}

/** An order line's product name, colour and size in `locale` (the reader's), each the store's language's where the line kept none in it. */
export function lineTextsIn({ name, color, size, translations }: KeptTexts, locale: string): { name: string; color: string | null; size: string | null } {
  const own = translations[locale] ?? {};
  return { name: own.name || name, color: color && (own.color || color), size: size && (own.size || size) };
}

/** A line's colour and size as a mail or an invoice writes them ("Color: White · Size: M"), labels through the reader's `write`. */
export function lineOptionsText(write: (key: string) => string, { color, size }: { color: string | null; size: string | null }): string {
  return [color && `${write('Color')}: ${color}`, size && `${write('Size')}: ${size}`].filter(Boolean).join(' · ');
}
