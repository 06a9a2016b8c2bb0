import { z } from 'zod';
import { orderStatuses, type OrderStatus, type PaymentStatus } from './order-statuses.ts';

/** `POST /api/admin/orders/{id}/status`. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(orderStatuses, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'The status field is required.' : 'The selected status is invalid.'),
  }),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

// ---- Answers ----

/** An order as the store's staff list it; amounts are decimals with two places. */
export interface StaffOrderSummary {
  id: number;
  order_number: string;
  status: OrderStatus;
  /** The statuses the order may move to now. */
  next_statuses: OrderStatus[];
  payment_method: string;
  payment_status: PaymentStatus;
  payable_amount: number;
  shop: { id: number; name: string };
  /** `id` is null for a guest's order. */
  customer: { id: number | null; name: string; email: string | null };
  created_at: string;
}

export interface StaffOrderList {
  total: number;
  orders: StaffOrderSummary[];
}

/** `PATCH /api/admin/settings`: the store settings the admin switches from the API. */
export const storeSettingsChangeSchema = z.object({
  guest_checkout: z.boolean({ error: 'The guest checkout field must be true or false.' }),
});
