/** An order's way through the shop: pending → confirm → processing → pickup → on_the_way → delivered, or cancelled. */
export const orderStatuses = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
