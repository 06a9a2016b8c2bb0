import { formatNumber } from './i18n.ts';

export interface DisplayCurrency {
  /** The ISO 4217 code (spec: the currency's name, e.g. USD), which fixes its decimals. */
  name?: string;
  symbol?: string;
  position?: 'prefix' | 'suffix';
  rate_from_default?: number;
}

const decimalsByCurrency = new Map<string, number>();

/** The currency's own minor-unit digits (JPY 0, KWD 3); 2 for a name that is no ISO code. */
export function currencyDecimals(name: string | undefined): number {
  if (!name) return 2;
  let decimals = decimalsByCurrency.get(name);
  if (decimals === undefined) {
    try {
      decimals = new Intl.NumberFormat('en', { style: 'currency', currency: name }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    decimalsByCurrency.set(name, decimals);
  }
  return decimals;
}

/**
 * Spec §5: amount times the selected currency's rate (default 1), with the symbol (default $)
 * before or after per the currency's position; the number in the page's language with the
 * currency's own decimals.
 */
export function formatPrice(amount: number | string, currency: DisplayCurrency | null | undefined): string {
  const rate = currency?.rate_from_default ?? 1;
  const symbol = currency?.symbol ?? '$';
  const numeric = Number(amount);
  const value = formatNumber((Number.isFinite(numeric) ? numeric : 0) * rate, currencyDecimals(currency?.name));
  return currency?.position === 'suffix' ? `${value}${symbol}` : `${symbol}${value}`;
}
