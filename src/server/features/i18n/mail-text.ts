import { DEFAULT_LOCALE, languageTagOf, LOCALES } from '../../../shared/constants.ts';
import { currencyDecimals } from '../../../shared/money.ts';
import { formattersOf } from './message-templates.ts';
import { loadMessages } from './messages.ts';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The texts of a mail in `locale` (an unknown one writes English): `write(key, values)` looks the
 * English text up in the message files and fills its `{{placeholders}}`. A counted text (one whose
 * plural forms are in the files as `key_one`, `key_other`, …) takes the form `values.count` asks for
 * in the language, the count written in its digits.
 */
export function mailWriter(locale: string) {
  const known = (LOCALES as readonly string[]).includes(locale) ? locale : DEFAULT_LOCALE;
  const messages = loadMessages(known);
  const { plurals, numbers } = formattersOf(languageTagOf(known));
  return (key: string, values: Record<string, string | number> = {}) => {
    const { count } = values;
    const counted = typeof count === 'number' ? (messages[`${key}_${plurals.select(count)}`] ?? messages[`${key}_other`]) : undefined;
    const filled: Record<string, string | number> = typeof count === 'number' ? { ...values, count: numbers.format(count) } : values;
    return (counted ?? messages[key] ?? key).replace(PLACEHOLDER, (placeholder, name: string) => (filled[name] === undefined ? placeholder : String(filled[name])));
  };
}

/** The currency of an order, as its mails and invoice write amounts (the order keeps the rate it was placed at). */
export interface WrittenCurrency {
  name: string;
  symbol: string;
  rate: number;
  position: 'prefix' | 'suffix';
}

/**
 * Amounts in minor units of the store's default currency as the storefront writes a price: times the
 * currency's rate, in `locale`'s digits with the currency's own decimals (JPY 0, KWD 3), the symbol
 * before or after the number.
 */
export function moneyWriter(locale: string, { name, symbol, rate, position }: WrittenCurrency) {
  const decimals = currencyDecimals(name);
  const amounts = new Intl.NumberFormat(languageTagOf(locale), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return (minor: number) => {
    const value = amounts.format((minor / 100) * rate).trim();
    return position === 'suffix' ? `${value}${symbol}` : `${symbol}${value}`;
  };
}
