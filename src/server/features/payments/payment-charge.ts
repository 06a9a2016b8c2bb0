import type { CheckoutLine } from './payment-gateways.ts';

/** What one order adds to a payment; money in minor units of the store's base currency. */
export interface ChargedOrder {
  shopName: string;
  lines: ReadonlyArray<{ name: string; unitPrice: number; quantity: number }>;
  deliveryCharge: number;
  taxAmount: number;
  couponDiscount: number;
  couponCode: string | null;
}

export interface PaymentCharge {
  lines: CheckoutLine[];
  discount: { amount: number; name: string } | null;
  /** The lines' total less the discount: what the gateway collects. */
  amount: number;
}

/**
 * A payment's lines in the currency the orders were placed in (`rate` units per base unit), each
 * figure converted on its own so that the lines always add up to the amount charged.
 */
export function paymentCharge(orders: readonly ChargedOrder[], rate: number): PaymentCharge {
  const convert = (minor: number) => Math.round(minor * rate);
  const lines = orders.flatMap((order) => [
    ...order.lines.map((line) => ({ name: line.name, unitAmount: convert(line.unitPrice), quantity: line.quantity })),
    ...(order.deliveryCharge > 0 ? [{ name: `Delivery (${order.shopName})`, unitAmount: convert(order.deliveryCharge), quantity: 1 }] : []),
    ...(order.taxAmount > 0 ? [{ name: `Tax (${order.shopName})`, unitAmount: convert(order.taxAmount), quantity: 1 }] : []),
  ]);
  const discounted = orders.filter((order) => order.couponDiscount > 0);
  const discountAmount = discounted.reduce((sum, order) => sum + convert(order.couponDiscount), 0);
  const discount =
    discountAmount > 0 ? { amount: discountAmount, name: `Voucher ${discounted.map((order) => order.couponCode ?? '').join(', ')}`.trim() } : null;
  const total = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  return { lines, discount, amount: Math.max(0, total - discountAmount) };
}
