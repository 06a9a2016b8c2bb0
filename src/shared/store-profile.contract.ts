import { z } from 'zod';
import './contract-messages.ts';
import { imageSchema, translatedLocales } from './catalog-console.contract.ts';
import { isHttpsAddress, requiredText, text } from './text-fields.ts';

const httpsLink = (field: string) => text(field, { max: 500 }).refine((value) => value === '' || isHttpsAddress(value), `The ${field} must be an https:// address.`);

/** The store's texts shoppers read in their language; empty falls back to the default language's. */
const profileTextsSchema = z.object({
  address: text('address', { max: 300 }).optional(),
  web_footer_text: text('footer text', { max: 200 }).optional(),
  web_footer_description: text('footer description', { max: 1000, multiline: true }).optional(),
});

export const socialLinkInputSchema = z.object({
  name: requiredText('name', { max: 40 }),
  link: httpsLink('link').refine((value) => value !== '', 'The link field is required.'),
  logo: imageSchema('logo'),
});

/**
 * `GET|PUT /api/console/store-profile`: what the storefront's header and footer show of the store
 * (`/api/master`'s name, logos, contact, footer texts, app links and social links), its texts with
 * their translations side by side. A PUT replaces the whole profile, the social links in their order.
 */
export const storeProfileSchema = z.object({
  app_name: requiredText('store name', { max: 80 }),
  web_logo: imageSchema('logo'),
  web_footer_logo: imageSchema('footer logo'),
  footer_qr: imageSchema('QR code'),
  mobile: text('phone', { max: 32 }),
  email: text('email', { max: 254 }).refine((value) => value === '' || z.email().safeParse(value).success, 'The email must be a valid email address.'),
  address: text('address', { max: 300 }),
  web_footer_text: text('footer text', { max: 200 }),
  web_footer_description: text('footer description', { max: 1000, multiline: true }),
  web_show_footer: z.boolean(),
  show_download_app: z.boolean(),
  google_playstore_link: httpsLink('Google Play link'),
  app_store_link: httpsLink('App Store link'),
  social_links: z.array(socialLinkInputSchema).max(12, 'The social links must not have more than 12 items.'),
  translations: z.object(Object.fromEntries(translatedLocales.map((locale) => [locale, profileTextsSchema])) as Record<(typeof translatedLocales)[number], typeof profileTextsSchema>),
});
export type StoreProfile = z.infer<typeof storeProfileSchema>;

export const storeProfileAnswerSchema = z.object({ profile: storeProfileSchema });
