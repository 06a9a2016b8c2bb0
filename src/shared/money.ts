/** Money is integer minor units everywhere inside; the API speaks decimals with two places (docs/design.md §4). */
export const toAmount = (minor: number): number => Math.round(minor) / 100;
export const toMinor = (amount: number): number => Math.round(amount * 100);

/** Rates are whole basis points inside; the console speaks percentages with two places (12.5 is 1250). */
export const toPercent = (basisPoints: number): number => basisPoints / 100;
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);

/** docs/product/storefront.md §5: a line's unit price is the discount price when above 0, otherwise the price. */
export const unitPrice = (price: number, discountPrice: number): number => (discountPrice > 0 ? discountPrice : price);

/** Whole percent off, 0 when there is no discount. */
export const discountPercentage = (price: number, discountPrice: number): number =>
  discountPrice > 0 && price > 0 ? Math.round(((price - discountPrice) / price) * 100) : 0;

const decimalsByCurrency = new Map<string, number>();

/** The currency's own minor-unit digits (JPY 0, KWD 3); 2 for a name that is no ISO 4217 code. */
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
