import { z } from 'zod';
import './contract-messages.ts';
import { amount, MAX_AMOUNT, queryId, wholeNumber } from './catalog-console.contract.ts';
import { consolePageLimit, optional, pageCursor } from './list-pages.ts';
import { requiredText } from './text-fields.ts';

/**
 * A seller's request to be paid from their shop's available balance (decision 053): `requested`
 * holds the amount at once; the store `approved` it, then `paid` it with a reference, or `rejected`
 * it with a reason (the hold is released).
 */
export const withdrawalStatuses = ['requested', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** The store's `withdrawal_minimum` setting: minor units inside (1000 is 10.00). */
export const withdrawalMinimumSchema = wholeNumber('withdrawal minimum', 0, MAX_AMOUNT * 100);

export const MAX_PAYOUT_DETAILS = 500;
export const MAX_PAYOUT_REFERENCE = 120;
export const MAX_REJECT_REASON = 1000;

// Field errors of a request (exact texts the console shows under the amount).
export const MORE_THAN_AVAILABLE = 'The amount must not be more than the available balance.';
export const belowMinimum = (minimum: number) => `The amount must be at least ${minimum}.`;

// 409: the withdrawal's state refuses the step.
export const WITHDRAWAL_NOT_REQUESTED = 'Only a requested withdrawal can be approved.';
export const WITHDRAWAL_NOT_APPROVED = 'Only an approved withdrawal can be marked paid.';
export const WITHDRAWAL_DECIDED = 'A paid or rejected withdrawal cannot be rejected.';

/** `POST /api/console/withdrawals`: a seller's people ask for an amount (a decimal of the default currency) to be paid to these details. */
export const withdrawalRequestSchema = z.object({
  amount: amount('amount', { min: 0.01 }),
  /** An IBAN and account holder, or whatever the store pays to; kept encrypted, shown masked. */
  payout_details: requiredText('payout details', { max: MAX_PAYOUT_DETAILS, multiline: true }),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** `POST /api/console/withdrawals/{id}/pay`. */
export const withdrawalPaySchema = z.object({ reference: requiredText('reference', { max: MAX_PAYOUT_REFERENCE }) });
export type WithdrawalPay = z.infer<typeof withdrawalPaySchema>;

/** `POST /api/console/withdrawals/{id}/reject`. */
export const withdrawalRejectSchema = z.object({ reason: requiredText('reason', { max: MAX_REJECT_REASON, multiline: true }) });
export type WithdrawalReject = z.infer<typeof withdrawalRejectSchema>;

/** `GET /api/console/withdrawals`: newest first; a seller's people see their shop's, the store's staff filter by status and shop. */
export const withdrawalListQuerySchema = z.object({
  status: optional(z.enum(withdrawalStatuses, { error: 'The selected status is invalid.' })),
  shop_id: queryId('shop id'),
  cursor: pageCursor,
  limit: consolePageLimit,
});
export type WithdrawalListQuery = z.infer<typeof withdrawalListQuerySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const withdrawalSchema = z.object({
  id: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  /** A decimal of the store's default currency. */
  amount: z.number(),
  status: z.enum(withdrawalStatuses),
  /** Only the last four characters show: `•••• 1234`. */
  payout_details: z.string(),
  reference: z.string().nullable(),
  reject_reason: z.string().nullable(),
  requested_by: personSchema,
  requested_at: z.string(),
  decided_by: personSchema,
  decided_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalAnswerSchema = z.object({ withdrawal: withdrawalSchema });

export const withdrawalPageSchema = z.object({ withdrawals: z.array(withdrawalSchema), next_cursor: z.string().nullable() });
export type WithdrawalPage = z.infer<typeof withdrawalPageSchema>;

/**
 * `POST /api/console/withdrawals/{id}/payout-details`: the details in full, for the store's staff who
 * pay (`payouts.manage`); each reading is audited, the details never (decision 053).
 */
export const withdrawalPayoutDetailsSchema = z.object({ payout_details: z.string() });
export type WithdrawalPayoutDetails = z.infer<typeof withdrawalPayoutDetailsSchema>;

/** `GET /api/console/withdrawals/terms`: what a seller's request form shows: their available balance and the store's minimum. */
export const withdrawalTermsSchema = z.object({ available: z.number(), minimum: z.number() });
export type WithdrawalTerms = z.infer<typeof withdrawalTermsSchema>;
