import { z } from 'zod';
import type { OrderStatus } from './order-statuses.ts';
import { isHttpsAddress, requiredText, text } from './text-fields.ts';

/**
 * Where the store's people may cancel an order (with a reason): anywhere before it is delivered,
 * beyond the transition table's "until picked up" (decision 037).
 */
export const staffCancellableStatuses: readonly OrderStatus[] = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way'];

/** Where a shipment may be recorded: the shop has confirmed the order, and it is not delivered or cancelled yet. */
export const shippableStatuses: readonly OrderStatus[] = ['confirm', 'processing', 'pickup', 'on_the_way'];

const MAX_ID = 2_147_483_647;

/** A parcel's tracking page: only an https address is given to the shopper to open. */
const trackingUrl = text('tracking link', { max: 500 })
  .refine((value) => value === '' || isHttpsAddress(value), 'The tracking link must be an https:// address.')
  .nullish()
  .transform((value) => value || null);

/** `PATCH /api/console/orders/{id}/shipments/{shipmentId}`: a parcel's carrier and tracking corrected; its units stay. */
export const shipmentTrackingSchema = z.object({
  carrier: requiredText('carrier', { max: 100 }),
  tracking_number: requiredText('tracking number', { max: 100 }),
  tracking_url: trackingUrl,
});
export type ShipmentTracking = z.infer<typeof shipmentTrackingSchema>;

export const shipmentParamsSchema = z.object({
  id: z.string().meta({ description: 'The order id', example: '42' }),
  shipmentId: z.string().meta({ description: 'The parcel id', example: '7' }),
});

/** `POST /api/console/orders/{id}/shipments`: the parcel and the units of each line it holds. */
export const shipmentInputSchema = shipmentTrackingSchema.extend({
  lines: z
    .array(
      z.object({
        order_item_id: z.number({ error: 'The line must be a number.' }).int('The line is invalid.').min(1, 'The line is invalid.').max(MAX_ID, 'The line is invalid.'),
        quantity: z
          .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The quantity field is required.' : 'The quantity must be a number.') })
          .int('The quantity must be an integer.')
          .min(1, 'The quantity must be at least 1.')
          .max(100_000, 'The quantity must not be greater than 100000.'),
      }),
      { error: 'Choose the lines to ship.' },
    )
    .min(1, 'Choose the lines to ship.')
    .max(500, 'Choose the lines to ship.')
    .refine((lines) => new Set(lines.map((line) => line.order_item_id)).size === lines.length, 'Each line may be named once.'),
});
export type ShipmentInput = z.infer<typeof shipmentInputSchema>;

/** `POST /api/console/orders/{id}/cancel`: the reason is kept, shown to the shopper and mailed to them. */
export const staffCancelSchema = z.object({ reason: requiredText('reason', { max: 1000, multiline: true }) });
export type StaffCancel = z.infer<typeof staffCancelSchema>;

/** A parcel as the shopper and the console see it. */
export const shipmentSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
  shipped_at: z.string(),
  /** Units of each order line in the parcel. */
  items: z.array(z.object({ order_item_id: z.number().int(), quantity: z.number().int() })),
});
export type Shipment = z.infer<typeof shipmentSchema>;
