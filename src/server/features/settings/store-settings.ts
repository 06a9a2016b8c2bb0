import { z } from 'zod';
import { lowStockThresholdSchema } from '../../../shared/admin.contract.ts';
import { masterSchema } from '../../../shared/settings.contract.ts';
import { guestOrderLinkDaysSchema } from '../../../shared/orders.contract.ts';
import { returnWindowDaysSchema } from '../../../shared/returns.contract.ts';
import { commissionRateSchema } from '../../../shared/earnings.contract.ts';
import { withdrawalMinimumSchema } from '../../../shared/withdrawals.contract.ts';
import { taxRateSchema } from '../../../shared/delivery-tax.contract.ts';
import { DEFAULT_TIME_ZONE, timeZoneSchema } from '../../../shared/store-time.ts';

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
  // Days a guest's order link opens the order (decision 050); then the guest asks for a fresh one by e-mail.
  guest_order_link_days: guestOrderLinkDaysSchema.default(90),
  // The store's commission on a line in basis points, where neither its shop nor its category has one (decision 052).
  commission_rate: commissionRateSchema.default(1000),
  // The least a shop may ask to withdraw, in minor units of the base currency (decision 053).
  withdrawal_minimum: withdrawalMinimumSchema.default(1000),
  // The store's IANA time zone: flash sales' times are shown and entered in it (decision 051).
  time_zone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
  // Delivery and tax (decision 054). The store's tax rate in basis points, for products without their own.
  tax_rate: taxRateSchema.default(0),
  // The store's delivery charge per shop order, minor units; a shop's own when shops_set_delivery allows it.
  delivery_charge: z.number().int().min(0).default(0),
  // A shop's order whose goods (after its voucher) come to this many minor units or more is delivered free; null: never.
  free_delivery_threshold: z.number().int().min(0).nullable().default(null),
  // On: a shop's own delivery charge applies and its people may change it; off: every shop charges the store's.
  shops_set_delivery: z.boolean().default(true),
});

export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export type StoreSettingKey = keyof StoreSettings;
