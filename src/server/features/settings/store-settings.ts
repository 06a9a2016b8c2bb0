import { z } from 'zod';
import { lowStockThresholdSchema } from '../../../shared/admin.contract.ts';
import { masterSchema } from '../../../shared/settings.contract.ts';
import { returnWindowDaysSchema } from '../../../shared/returns.contract.ts';

/** The settings rows a store owner edits; the other /master fields come from their own tables or the config. */
export const storeSettingsSchema = masterSchema.pick({
  app_name: true,
  web_logo: true,
  app_locale: true,
  google_playstore_link: true,
  app_store_link: true,
  show_download_app: true,
  multi_vendor: true,
  mobile: true,
  email: true,
  address: true,
  web_show_footer: true,
  web_footer_text: true,
  web_footer_description: true,
  web_footer_logo: true,
  footer_qr: true,
  theme_colors: true,
  pusher_app_key: true,
  pusher_app_cluster: true,
  register_otp_verify: true,
  register_otp_type: true,
  forgot_otp_type: true,
  social_auths: true,
  phone_required: true,
  phone_min_length: true,
  phone_max_length: true,
  order_place_account_verify: true,
}).extend({
  // Off in a store seeded before the setting existed, as the spec has it.
  guest_checkout: masterSchema.shape.guest_checkout.default(false),
  // On unless the owner closes it; a single-vendor store never takes sellers whatever it says.
  seller_registration: masterSchema.shape.seller_registration.default(true),
  // The console's only: a variant with this many units or fewer is low on stock (the stock screen's filter).
  low_stock_threshold: lowStockThresholdSchema.default(5),
  // A shop's new products and edits of products on sale wait for the store's approval (decision 033).
  // The console's business only: `/api/master` leaves it out.
  product_approval: z.boolean().default(false),
  // A shop's people holding catalogue.write may hide and show reviews of their shop's products.
  // The console's business only, like product_approval.
  sellers_moderate_reviews: z.boolean().default(false),
  // Days after delivery a shopper may ask for a return (decision 039); the storefront learns it per order.
  return_window_days: returnWindowDaysSchema.default(14),
});

export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export type StoreSettingKey = keyof StoreSettings;
