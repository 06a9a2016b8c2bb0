import { z } from 'zod';
import { lowStockThresholdSchema } from './admin.contract.ts';
import { returnWindowDaysSchema } from './returns.contract.ts';

/**
 * `GET|PATCH /api/console/settings`: the store's settings the console's Settings screen changes,
 * a section at a time (checkout and sellers, catalogue, stock, returns). A change goes through the
 * same service as `PATCH /api/admin/settings`, each changed setting in the audit log.
 */
export const consoleSettingsSchema = z.object({
  guest_checkout: z.boolean(),
  seller_registration: z.boolean(),
  product_approval: z.boolean(),
  sellers_moderate_reviews: z.boolean(),
  low_stock_threshold: lowStockThresholdSchema,
  return_window_days: returnWindowDaysSchema,
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

export const consoleSettingsAnswerSchema = z.object({ settings: consoleSettingsSchema });
