import { z } from 'zod';
import { queryId, wholeNumber } from './catalog-console.contract.ts';
import { consolePageLimit, pageCursor } from './list-pages.ts';
import { dayText } from './orders-console.contract.ts';

/**
 * A shop's ledger (decision 052): `order_earning` credits a delivered order's share, `refund`
 * debits a refund's share, `refund_returned` gives a failed refund's debit back; `withdrawal` holds
 * a requested withdrawal's amount and `withdrawal_released` gives it back when rejected (decision 053).
 */
export const ledgerEntryKinds = ['order_earning', 'refund', 'refund_returned', 'withdrawal', 'withdrawal_released'] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** Pending until the order's return window closes, then available to withdraw. */
export const ledgerEntryStatuses = ['pending', 'available'] as const;
export type LedgerEntryStatus = (typeof ledgerEntryStatuses)[number];

/** Commission rates are whole basis points inside: 12.5% is 1250. */
export const MAX_COMMISSION_RATE = 10_000;
export const commissionRateSchema = wholeNumber('commission rate', 0, MAX_COMMISSION_RATE);

/** `GET /api/console/earnings`: a shop's balances and its ledger, newest first. The store's staff name the shop; a seller's people see their own. */
export const earningsQuerySchema = z.object({
  shop_id: queryId('shop id'),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

/** Amounts are decimals of the store's default currency, as everywhere in the console; negative: taken from the shop. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerEntryKinds),
  amount: z.number(),
  status: z.enum(ledgerEntryStatuses),
  available_at: z.string(),
  created_at: z.string(),
  order: z.object({ id: z.number().int(), order_number: z.string() }).nullable(),
  refund_id: z.number().int().nullable(),
  withdrawal_id: z.number().int().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** What the shop may withdraw (`available`, negative when refunds took more than it had) and what waits for return windows to close. */
export const shopBalanceSchema = z.object({ available: z.number(), pending: z.number() });
export type ShopBalance = z.infer<typeof shopBalanceSchema>;

export const earningsAnswerSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  balance: shopBalanceSchema,
  entries: z.array(ledgerEntrySchema),
  next_cursor: z.string().nullable(),
});
export type EarningsAnswer = z.infer<typeof earningsAnswerSchema>;

/** `GET /api/console/earnings/shops`: the store's view of every shop that has earned, by name. */
export const earningsOverviewQuerySchema = z.object({ cursor: pageCursor, limit: consolePageLimit });
export type EarningsOverviewQuery = z.infer<typeof earningsOverviewQuerySchema>;

/**
 * What the store earned from a shop and owes it: the commission on its delivered orders, its
 * pending earnings and its available balance (what the store owes it now; negative: the shop owes).
 * Payouts will join these figures once withdrawals exist; none are shown before.
 */
export const shopEarningsFiguresSchema = z.object({ commission: z.number(), pending: z.number(), available: z.number() });
export type ShopEarningsFigures = z.infer<typeof shopEarningsFiguresSchema>;

export const shopEarningsRowSchema = shopEarningsFiguresSchema.extend({ shop: z.object({ id: z.number().int(), name: z.string() }) });
export type ShopEarningsRow = z.infer<typeof shopEarningsRowSchema>;

export const earningsOverviewAnswerSchema = z.object({
  shops: z.array(shopEarningsRowSchema),
  /** Over every shop, not only the page's. */
  totals: shopEarningsFiguresSchema,
  next_cursor: z.string().nullable(),
});
export type EarningsOverviewAnswer = z.infer<typeof earningsOverviewAnswerSchema>;

/**
 * `GET /api/console/earnings/statement.csv`: a shop's ledger over the days `from` to `to` (both
 * included, on the store's clock) as CSV, between its opening and closing balances. The store's
 * staff name the shop; a seller's people may name only their own.
 */
export const statementQuerySchema = z
  .object({ shop_id: queryId('shop id'), from: dayText('from'), to: dayText('to') })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'The to must be a date after or equal to from.' });
export type StatementQuery = z.infer<typeof statementQuerySchema>;
