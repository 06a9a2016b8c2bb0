export interface DisplayCurrency {
  symbol?: string;
  position?: 'prefix' | 'suffix';
  rate_from_default?: number;
}

/** Spec §5: amount times the selected currency's rate (default 1), 2 decimals, symbol (default $) before or after. */
export function formatPrice(amount: number | string, currency: DisplayCurrency | null | undefined): string {
  const rate = currency?.rate_from_default ?? 1;
  const symbol = currency?.symbol ?? '$';
  const numeric = Number(amount);
  const value = ((Number.isFinite(numeric) ? numeric : 0) * rate).toFixed(2);
  return currency?.position === 'suffix' ? `${value}${symbol}` : `${symbol}${value}`;
}
