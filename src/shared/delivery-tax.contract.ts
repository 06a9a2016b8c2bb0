import { z } from 'zod';
import './contract-messages.ts';
import { amount, taxPercentSchema, wholeNumber } from './catalog-console.contract.ts';

/** Tax rates are whole basis points inside: 7.5% is 750 (decision 054). */
export const MAX_TAX_RATE = 10_000;
export const taxRateSchema = wholeNumber('tax rate', 0, MAX_TAX_RATE);

/**
 * `GET|PATCH /api/console/settings/delivery-tax`: the store's delivery and tax settings (decision 054),
 * amounts as decimals, the rate as a percentage. A PATCH changes the fields it names, each in the audit log.
 */
export const deliveryTaxSettingsSchema = z.object({
  tax_rate: taxPercentSchema,
  delivery_charge: amount('delivery charge', { min: 0 }),
  /** A shop's order whose goods, after its voucher, reach this is delivered free; null: never free. */
  free_delivery_threshold: amount('free delivery threshold', { min: 0 }).nullable(),
  /** On: each shop's own delivery charge applies and its people may change it. */
  shops_set_delivery: z.boolean({ error: 'The shops set delivery field must be true or false.' }),
});
export type DeliveryTaxSettings = z.infer<typeof deliveryTaxSettingsSchema>;

export const deliveryTaxSettingsChangeSchema = deliveryTaxSettingsSchema.partial().refine((change) => Object.keys(change).length > 0, 'Name a setting to change.');
export type DeliveryTaxSettingsChange = z.infer<typeof deliveryTaxSettingsChangeSchema>;

export const deliveryTaxSettingsAnswerSchema = z.object({ settings: deliveryTaxSettingsSchema });
