import { z } from 'zod';
import { requiredText } from './text-fields.ts';
import './contract-messages.ts';
import { lowStockThresholdSchema } from './admin.contract.ts';
import { guestOrderLinkDaysSchema } from './orders.contract.ts';
import { returnWindowDaysSchema } from './returns.contract.ts';
import { languageSchema } from './settings.contract.ts';
import { timeZoneSchema } from './store-time.ts';

/**
 * `GET|PATCH /api/console/settings`: the store's settings the console's Settings screen changes,
 * a section at a time (checkout and sellers, catalogue, stock, returns). A change goes through the
 * same service as `PATCH /api/admin/settings`, each changed setting in the audit log.
 */
export const consoleSettingsSchema = z.object({
  /** Off: the store runs as one shop; the storefront shows no shops and takes no sellers. */
  multi_vendor: z.boolean(),
  guest_checkout: z.boolean(),
  seller_registration: z.boolean(),
  product_approval: z.boolean(),
  sellers_moderate_reviews: z.boolean(),
  low_stock_threshold: lowStockThresholdSchema,
  return_window_days: returnWindowDaysSchema,
  guest_order_link_days: guestOrderLinkDaysSchema,
  /** The store's IANA time zone: the console shows and takes flash sales' times in it. */
  time_zone: timeZoneSchema,
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

export const consoleSettingsAnswerSchema = z.object({ settings: consoleSettingsSchema });

/** A language the storefront ships messages for, as the console's Languages section shows it. */
export const consoleLanguageSchema = languageSchema.extend({
  is_active: z.boolean(),
  /** The store's language (`app_locale`): the storefront's language for shoppers who chose none or a disabled one. */
  is_default: z.boolean(),
});
export type ConsoleLanguage = z.infer<typeof consoleLanguageSchema>;

export const consoleLanguagesAnswerSchema = z.object({ languages: z.array(consoleLanguageSchema) });

/**
 * `PATCH /api/console/languages`: enable or disable the named language, or make it the default (an
 * enabled one; both at once enables it first). The default is never disabled, so one stays enabled.
 */
export const languageChangeSchema = z
  .object({
    name: requiredText('language', { max: 10 }).meta({ description: 'The language code: en, ar, ir' }),
    is_active: z.boolean({ error: 'The enabled field must be true or false.' }).optional(),
    is_default: z.literal(true, { error: 'The default field can only be set to true.' }).optional(),
  })
  .refine((change) => change.is_active !== undefined || change.is_default !== undefined, 'Name a change to make.');
export type LanguageChange = z.infer<typeof languageChangeSchema>;

export const DEFAULT_LANGUAGE_DISABLED_MESSAGE = 'The default language cannot be disabled; choose another default first.';
export const DISABLED_LANGUAGE_DEFAULT_MESSAGE = 'Only an enabled language can be the default.';
