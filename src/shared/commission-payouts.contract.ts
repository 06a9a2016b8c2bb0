import { z } from 'zod';
import './contract-messages.ts';
import { amount, commissionPercentSchema } from './catalog-console.contract.ts';

/**
 * `GET|PATCH /api/console/settings/commission-payouts`: the store's commission rate (decision 052), as a
 * percentage, and the least a shop may ask to withdraw (decision 053), a decimal of the default currency.
 * A PATCH changes the fields it names, each in the audit log; placed orders keep the rate they were placed at.
 */
export const commissionPayoutSettingsSchema = z.object({
  /** Where neither the shop nor the product's category has a rate of its own. */
  commission_rate: commissionPercentSchema,
  withdrawal_minimum: amount('withdrawal minimum', { min: 0 }),
});
export type CommissionPayoutSettings = z.infer<typeof commissionPayoutSettingsSchema>;

export const commissionPayoutSettingsChangeSchema = commissionPayoutSettingsSchema.partial().refine((change) => Object.keys(change).length > 0, 'Name a setting to change.');
export type CommissionPayoutSettingsChange = z.infer<typeof commissionPayoutSettingsChangeSchema>;

export const commissionPayoutSettingsAnswerSchema = z.object({ settings: commissionPayoutSettingsSchema });
