import { z } from 'zod';
import { footerPageSchema } from './content-console.contract.ts';
import { themeColorKeys } from './constants.ts';
import { requiredText } from './text-fields.ts';

export const currencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  position: z.enum(['prefix', 'suffix']),
  rate: z.number().positive(),
  /** Multiply an amount in the default currency by this to get this currency (docs/product/storefront.md §5). */
  rate_from_default: z.number().positive(),
  /** Its ISO 4217 minor-unit digits (JPY 0, KWD 3; 2 for a name that is no ISO code): how many decimals prices show. */
  decimals: z.number().int().min(0),
  is_default: z.boolean(),
});

export const languageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});

export const socialLinkSchema = z.object({ id: z.number().int(), name: z.string(), link: z.string(), logo: z.string() });

export const paymentGatewaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  logo: z.string(),
});

export const themeColorsSchema = z.partialRecord(z.enum(themeColorKeys), z.string());

const socialAuthSchema = z.object({ is_active: z.boolean(), client_id: z.string() });
export const socialAuthsSchema = z.object({
  google: socialAuthSchema,
  facebook: socialAuthSchema,
  apple: socialAuthSchema.extend({ redirect_url: z.string() }),
});

export const otpChannelSchema = z.enum(['email', 'phone']);

/** `GET /api/master`: every field the storefront reads (docs/product/storefront.md §7). */
export const masterSchema = z.object({
  currency: currencySchema,
  currencies: z.array(currencySchema),
  app_name: z.string(),
  google_playstore_link: z.string(),
  app_store_link: z.string(),
  multi_vendor: z.boolean(),
  mobile: z.string(),
  email: z.string(),
  web_show_footer: z.boolean(),
  address: z.string(),
  payment_gateways: z.array(paymentGatewaySchema),
  web_footer_text: z.string(),
  web_footer_description: z.string(),
  web_footer_logo: z.string(),
  footer_qr: z.string(),
  social_links: z.array(socialLinkSchema),
  theme_colors: themeColorsSchema,
  pusher_app_key: z.string(),
  pusher_app_cluster: z.string(),
  app_environment: z.enum(['local', 'production']),
  show_download_app: z.boolean(),
  register_otp_verify: z.boolean(),
  register_otp_type: otpChannelSchema,
  forgot_otp_type: otpChannelSchema,
  languages: z.array(languageSchema),
  social_auths: socialAuthsSchema,
  phone_required: z.boolean(),
  phone_min_length: z.number().int().positive(),
  phone_max_length: z.number().int().positive(),
  order_place_account_verify: z.boolean(),
  /** Visitors may keep a cart and order without an account (off: adding to the cart asks them to log in). */
  guest_checkout: z.boolean(),
  /** Visitors may apply to sell here (`/shop/register`): on only in multi-vendor mode with the `seller_registration` setting on. */
  seller_registration: z.boolean(),
  app_locale: z.string(),
  web_logo: z.string(),
  /** The published pages linked from the footer, in each column's order. */
  footer_pages: z.array(footerPageSchema),
});

export type Currency = z.infer<typeof currencySchema>;
export type Language = z.infer<typeof languageSchema>;
export type SocialLink = z.infer<typeof socialLinkSchema>;
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;
export type ThemeColors = z.infer<typeof themeColorsSchema>;
export type SocialAuths = z.infer<typeof socialAuthsSchema>;
export type Master = z.infer<typeof masterSchema>;

export const countrySchema = z.object({ id: z.number().int(), name: z.string(), code: z.string(), phone_code: z.string() });
export type Country = z.infer<typeof countrySchema>;

export const localeParamSchema = z.object({ locale: requiredText('locale', { max: 10 }).regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Unknown language') });
