import { z } from 'zod';
import { queryId } from './catalog-console.contract.ts';
import { optional } from './list-pages.ts';
import { orderStatuses } from './order-statuses.ts';

/** The periods a dashboard sums (decision 055): today, the last 7 or 30 days (today included), or a chosen range of days. */
export const dashboardRanges = ['today', '7d', '30d', 'custom'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

/** The longest chosen range, in days. */
export const MAX_DASHBOARD_DAYS = 366;

export const DASHBOARD_FROM_REQUIRED = 'The from field is required when range is custom.';
export const DASHBOARD_TO_REQUIRED = 'The to field is required when range is custom.';
export const DASHBOARD_TO_BEFORE_FROM = 'The to must be a date after or equal to from.';
export const DASHBOARD_RANGE_TOO_LONG = `The range must not be longer than ${MAX_DASHBOARD_DAYS} days.`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A calendar day on the store's clock, `YYYY-MM-DD`. */
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const daySchema = (field: string) => z.iso.date({ error: `The ${field} must be a valid date.`, abort: true }).refine(isDay, `The ${field} must be a valid date.`);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** `GET /api/console/dashboard`. A seller's people always see their own shop; the store's staff see the store, or one shop with `shop_id`. */
export const dashboardQuerySchema = z
  .object({
    range: z.enum(dashboardRanges, { error: 'The selected range is invalid.' }).default('7d'),
    from: optional(daySchema('from')),
    to: optional(daySchema('to')),
    shop_id: queryId('shop id'),
  })
  .superRefine((query, context) => {
    if (query.range !== 'custom') return;
    if (query.from === undefined) context.addIssue({ code: 'custom', path: ['from'], message: DASHBOARD_FROM_REQUIRED });
    if (query.to === undefined) context.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_TO_REQUIRED });
    if (query.from === undefined || query.to === undefined || !isDay(query.from) || !isDay(query.to)) return;
    const days = daysBetween(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_TO_BEFORE_FROM });
    else if (days > MAX_DASHBOARD_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_RANGE_TOO_LONG });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A figure for the period and for the period of the same length just before it. */
const figureSchema = z.object({ current: z.number(), previous: z.number() });
export type DashboardFigure = z.infer<typeof figureSchema>;

export const dashboardFigureNames = ['revenue', 'orders', 'average_order_value', 'new_customers', 'refunds', 'commission'] as const;
export type DashboardFigureName = (typeof dashboardFigureNames)[number];

/** What waits for someone’s hand; null where the member may not see it. */
const workWaitingSchema = z.object({
  shop_applications: z.number().int().nullable(),
  product_approvals: z.number().int().nullable(),
  returns: z.number().int().nullable(),
  tickets: z.number().int().nullable(),
  withdrawals: z.number().int().nullable(),
});
export type DashboardWorkWaiting = z.infer<typeof workWaitingSchema>;

export const dashboardAnswerSchema = z.object({
  /** The shop the figures are of; null: the whole store. */
  shop_id: z.number().int().nullable(),
  /** The days summed on the store's clock, and the period compared with. */
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  /** Money as decimals of the store's default currency; new customers are the store's, whatever the shop. */
  figures: z.object(Object.fromEntries(dashboardFigureNames.map((name) => [name, figureSchema])) as Record<DashboardFigureName, typeof figureSchema>),
  /** One row per day of the period, oldest first. */
  series: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number().int(), refunds: z.number() })),
  /** The period's orders by their status now, cancelled ones too. */
  orders_by_status: z.array(z.object({ status: z.enum(orderStatuses), orders: z.number().int() })),
  top_products: z.array(z.object({ id: z.number().int(), name: z.string(), units: z.number().int(), revenue: z.number() })),
  /** The store's only: empty for a shop. */
  top_shops: z.array(z.object({ id: z.number().int(), name: z.string(), orders: z.number().int(), revenue: z.number() })),
  /** Variants at or under the store's low-stock threshold, lowest first; null without `catalogue.read`. */
  low_stock: z.array(z.object({ product_id: z.number().int(), product: z.string(), sku: z.string(), stock: z.number().int() })).nullable(),
  work_waiting: workWaitingSchema,
  /** A shop's money (decision 052) for those holding `earnings.read`; null otherwise and for the store. */
  balance: z.object({ available: z.number(), pending: z.number() }).nullable(),
  /** The shop’s last withdrawals, newest first (decision 053). */
  withdrawals: z.array(z.object({ id: z.number().int(), amount: z.number(), status: z.string(), created_at: z.string() })).nullable(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;
