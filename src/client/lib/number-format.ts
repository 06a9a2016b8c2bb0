/**
 * Numbers as `Intl.NumberFormat` writes them, without building one for the store's own languages: the
 * first formatter a page builds loads ICU's locale data, a long task on a phone's main thread, in the
 * middle of hydration (docs/decisions/026). The symbols below are ICU's for each language, and
 * number-format.test.ts holds them to `Intl.NumberFormat` digit for digit; any other language uses
 * `Intl.NumberFormat` itself.
 */
interface NumberSymbols {
  digits: string;
  group: string;
  decimal: string;
  /** Written before the digits of a negative number, bidi mark included. */
  minus: string;
}

const LATIN: NumberSymbols = { digits: '0123456789', group: ',', decimal: '.', minus: '-' };

export const numberSymbolsByLanguage: Record<string, NumberSymbols> = {
  en: LATIN,
  ar: { ...LATIN, minus: '\u200e-' },
  fa: { digits: '۰۱۲۳۴۵۶۷۸۹', group: '٬', decimal: '٫', minus: '\u200e\u2212' },
};

/** Intl's default when no decimals are asked for: up to three, trailing zeros dropped. */
const DEFAULT_MAX_FRACTION_DIGITS = 3;

/** `digits` rounded half away from zero to `places` decimals, on the decimal digits JavaScript prints for the number (as ICU does). */
function roundDecimal(integer: string, fraction: string, places: number): [string, string] {
  if (fraction.length <= places) return [integer, fraction];
  const kept = `${integer}${fraction.slice(0, places)}`;
  const roundsUp = fraction.charCodeAt(places) >= '5'.charCodeAt(0);
  const rounded = roundsUp ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const integerLength = rounded.length - places;
  return [rounded.slice(0, integerLength) || '0', rounded.slice(integerLength)];
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const intlFormats = new Map<string, Intl.NumberFormat>();
function formatWithIntl(languageTag: string, value: number, fractionDigits: number | undefined): string {
  const key = `${languageTag} ${fractionDigits}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(languageTag, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    intlFormats.set(key, format);
  }
  return format.format(value);
}

/** `value` in `languageTag`'s digits and separators, with exactly `fractionDigits` decimals when given. */
export function formatNumberIn(languageTag: string, value: number, fractionDigits?: number): string {
  const symbols = numberSymbolsByLanguage[languageTag];
  const plain = String(Math.abs(value));
  // Exponent notation (beyond 1e21 or under 1e-6), NaN and Infinity are left to Intl.
  if (!symbols || !/^\d+(\.\d+)?$/.test(plain)) return formatWithIntl(languageTag, value, fractionDigits);
  const [wholePart = '0', fractionPart = ''] = plain.split('.');
  const places = fractionDigits ?? DEFAULT_MAX_FRACTION_DIGITS;
  const [integer, rounded] = roundDecimal(wholePart, fractionPart, places);
  const fraction = fractionDigits === undefined ? rounded.replace(/0+$/, '') : rounded.padEnd(places, '0');
  const written = `${groupThousands(integer)}${fraction ? `.${fraction}` : ''}`;
  const localized = written.replace(/[\d.,]/g, (character) =>
    character === '.' ? symbols.decimal : character === ',' ? symbols.group : symbols.digits[Number(character)]!,
  );
  const negative = value < 0 || Object.is(value, -0);
  return negative ? `${symbols.minus}${localized}` : localized;
}
