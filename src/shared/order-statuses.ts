/** An order's way through the shop: pending → confirm → processing → pickup → on_the_way → delivered, or cancelled. */
export const orderStatuses = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** `partially_refunded` and `refunded` (decision 039) come after `paid`: money was collected, and some or all of it given back. */
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The payment statuses of an order whose money was collected (some may have been refunded since). */
export const collectedPaymentStatuses = ['paid', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];
