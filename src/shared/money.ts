/** Money is integer minor units everywhere inside; the API speaks decimals with two places (DESIGN §4). */
export const toAmount = (minor: number): number => Math.round(minor) / 100;
export const toMinor = (amount: number): number => Math.round(amount * 100);

/** Spec §5: a line's unit price is the discount price when above 0, otherwise the price. */
export const unitPrice = (price: number, discountPrice: number): number => (discountPrice > 0 ? discountPrice : price);

/** Whole percent off, 0 when there is no discount. */
export const discountPercentage = (price: number, discountPrice: number): number =>
  discountPrice > 0 && price > 0 ? Math.round(((price - discountPrice) / price) * 100) : 0;
