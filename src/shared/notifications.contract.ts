import { z } from 'zod';
import './contract-messages.ts';

/**
 * What a console notification tells, by kind, with the words its text needs (decision 034). A new
 * kind adds its data here, who receives it in the server's notifications service, and its text and
 * page in the console's notification centre.
 */
export const notificationDataSchemas = {
  seller_application: z.object({ shop: z.string() }),
  product_awaiting_approval: z.object({ product: z.string(), shop: z.string() }),
  low_stock: z.object({ product: z.string(), sku: z.string(), stock: z.number().int() }),
  return_requested: z.object({ order_number: z.string(), shop: z.string() }),
  new_order: z.object({ order_number: z.string(), shop: z.string() }),
  ticket_message: z.object({ ticket_no: z.string(), subject: z.string() }),
  ticket_assigned: z.object({ ticket_no: z.string(), subject: z.string() }),
  payment_failed: z.object({ order_number: z.string(), shop: z.string() }),
  /** A card refund the gateway failed after it was made: the order may be refunded again. */
  refund_failed: z.object({ order_number: z.string(), shop: z.string() }),
  /** A shop asks to be paid (to the store's staff deciding withdrawals); its payment and rejection (to the shop's owner). Amounts are decimals of the default currency. */
  withdrawal_requested: z.object({ shop: z.string(), amount: z.number() }),
  withdrawal_paid: z.object({ shop: z.string(), amount: z.number() }),
  withdrawal_rejected: z.object({ shop: z.string(), amount: z.number() }),
} as const;

export type NotificationKind = keyof typeof notificationDataSchemas;
export type NotificationData<Kind extends NotificationKind> = z.infer<(typeof notificationDataSchemas)[Kind]>;
export const notificationKinds = Object.keys(notificationDataSchemas) as NotificationKind[];

const notificationOf = <Kind extends NotificationKind>(kind: Kind) =>
  z.object({
    id: z.number().int(),
    kind: z.literal(kind),
    /** The record it is about (`shop`, `product`, `order`, `ticket`) and that record's shop. */
    entity_type: z.string(),
    entity_id: z.number().int(),
    shop_id: z.number().int().nullable(),
    data: notificationDataSchemas[kind],
    created_at: z.string(),
    /** Null while unread. */
    read_at: z.string().nullable(),
  });

export const consoleNotificationSchema = z.discriminatedUnion('kind', [
  notificationOf('seller_application'),
  notificationOf('product_awaiting_approval'),
  notificationOf('low_stock'),
  notificationOf('return_requested'),
  notificationOf('new_order'),
  notificationOf('ticket_message'),
  notificationOf('ticket_assigned'),
  notificationOf('payment_failed'),
  notificationOf('refund_failed'),
  notificationOf('withdrawal_requested'),
  notificationOf('withdrawal_paid'),
  notificationOf('withdrawal_rejected'),
]);
export type ConsoleNotification = z.infer<typeof consoleNotificationSchema>;

const NOTIFICATION_PAGE_SIZE = 20;

/** `GET /api/console/notifications`: the caller's own, newest first. */
export const notificationListQuerySchema = z.object({
  /** `next_cursor` of the page before. */
  cursor: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^[1-9]\d{0,15}$/, 'The cursor is invalid.').optional()),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be an integer.')
    .min(1, 'The limit must be at least 1.')
    .max(50, 'The limit must not be greater than 50.')
    .default(NOTIFICATION_PAGE_SIZE),
  /** `true`: the unread ones only. */
  unread: z.enum(['true', 'false'], 'The unread field must be true or false.').optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int() });

export const notificationPageSchema = z.object({
  notifications: z.array(consoleNotificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /api/console/notifications/{id}/read`, and the live event: the notification and the recipient's unread count after it. */
export const notificationUpdateSchema = z.object({ notification: consoleNotificationSchema, unread_count: z.number().int() });
export type NotificationUpdate = z.infer<typeof notificationUpdateSchema>;
