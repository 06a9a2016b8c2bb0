import { z } from 'zod';
import './contract-messages.ts';
import { orderStatuses, paymentStatuses } from './order-statuses.ts';
import { guestOrderLinkDaysSchema } from './orders.contract.ts';
import { returnWindowDaysSchema } from './returns.contract.ts';
import { timeZoneSchema } from './store-time.ts';

/** `POST /api/admin/orders/{id}/status`. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(orderStatuses, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'The status field is required.' : 'The selected status is invalid.'),
  }),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

// ---- Answers ----

/** An order as the store's staff list it; amounts are decimals with two places. */
export const staffOrderSummarySchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  /** The statuses the order may move to now. */
  next_statuses: z.array(z.enum(orderStatuses)),
  payment_method: z.string(),
  payment_status: z.enum(paymentStatuses),
  payable_amount: z.number(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  /** `id` is null for a guest's order. */
  customer: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string().nullable() }),
  created_at: z.string(),
});
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;

export const staffOrderListSchema = z.object({ total: z.number().int(), orders: z.array(staffOrderSummarySchema) });
export type StaffOrderList = z.infer<typeof staffOrderListSchema>;

/** Units at or below which a variant counts as low on stock. */
export const lowStockThresholdSchema = z
  .number({ error: 'The low stock threshold must be a number.' })
  .int('The low stock threshold must be an integer.')
  .min(0, 'The low stock threshold must be at least 0.')
  .max(1_000_000, 'The low stock threshold must not be greater than 1000000.');

/** `PATCH /api/admin/settings`: the store settings the admin switches from the API. */
export const storeSettingsChangeSchema = z
  .object({
    multi_vendor: z.boolean({ error: 'The multi vendor field must be true or false.' }).optional(),
    guest_checkout: z.boolean({ error: 'The guest checkout field must be true or false.' }).optional(),
    seller_registration: z.boolean({ error: 'The seller registration field must be true or false.' }).optional(),
    low_stock_threshold: lowStockThresholdSchema.optional(),
    product_approval: z.boolean({ error: 'The product approval field must be true or false.' }).optional(),
    sellers_moderate_reviews: z.boolean({ error: 'The sellers moderate reviews field must be true or false.' }).optional(),
    return_window_days: returnWindowDaysSchema.optional(),
    guest_order_link_days: guestOrderLinkDaysSchema.optional(),
    time_zone: timeZoneSchema.optional(),
  })
  .refine((change) => Object.keys(change).length > 0, 'Name a setting to change.');
