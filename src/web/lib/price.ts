import { currencyDecimals } from '../../shared/money.ts';
import { formatNumber } from '../../client/lib/i18n.ts';

export interface DisplayCurrency {
  /** The ISO 4217 code (spec: the currency's name, e.g. USD), which fixes its decimals. */
  name?: string;
  symbol?: string;
  position?: 'prefix' | 'suffix';
  rate_from_default?: number;
  /** Its minor-unit digits, from the server (a formatter built here to learn them costs a phone tens of milliseconds). */
  decimals?: number;
}

/**
 * docs/product/storefront.md §5: amount times the selected currency's rate (default 1), with the symbol (default $)
 * before or after per the currency's position; the number in the page's language with the
 * currency's own decimals.
 */
export function formatPrice(amount: number | string, currency: DisplayCurrency | null | undefined): string {
  const rate = currency?.rate_from_default ?? 1;
  const symbol = currency?.symbol ?? '$';
  const numeric = Number(amount);
  const value = formatNumber((Number.isFinite(numeric) ? numeric : 0) * rate, currency?.decimals ?? currencyDecimals(currency?.name));
  return currency?.position === 'suffix' ? `${value}${symbol}` : `${symbol}${value}`;
}
