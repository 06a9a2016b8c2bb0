import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { countries, currencies, languages, paymentGateways, settings } from '../db/schema.ts';
import type { StoreSettings } from '../features/settings/store-settings.ts';
import { changeStoreProfile } from '../features/settings/store-profile.service.ts';
import { storeProfileSchema, type StoreProfile } from '../../shared/store-profile.contract.ts';
import { seedAuditContext } from '../platform/audit-log.ts';
import { placeholderPath } from '../features/media/placeholder-image.ts';
import { countries as countryList } from './data/countries.ts';

/**
 * A new store's settings: its configuration, and a profile holding only its name and logo. The demo
 * store's profile (contacts, footer, links, their translations) is written over it through the
 * console's service, as an owner would write it.
 */
const newStoreSettings: StoreSettings = {
  app_name: 'Open Store',
  web_logo: placeholderPath('logo', 'Open Store'),
  app_locale: 'en',
  google_playstore_link: '',
  app_store_link: '',
  show_download_app: false,
  multi_vendor: true,
  mobile: '',
  email: '',
  address: '',
  web_show_footer: true,
  web_footer_text: '',
  web_footer_description: '',
  web_footer_logo: placeholderPath('logo', 'Open Store'),
  footer_qr: '',
  theme_colors: {
    primary: '#e5541b',
    '50': '#fef5ee',
    '100': '#fde8d7',
    '200': '#facdae',
    '300': '#f6aa7b',
    '400': '#f17c46',
    '500': '#ed5a22',
    '600': '#e5541b',
    '700': '#b83416',
    '800': '#922b19',
    '900': '#762617',
    '950': '#40100a',
  },
  pusher_app_key: '',
  pusher_app_cluster: '',
  register_otp_verify: true,
  register_otp_type: 'email',
  forgot_otp_type: 'email',
  social_auths: {
    google: { is_active: false, client_id: '' },
    facebook: { is_active: false, client_id: '' },
    apple: { is_active: false, client_id: '', redirect_url: '' },
  },
  phone_required: true,
  phone_min_length: 9,
  phone_max_length: 16,
  order_place_account_verify: false,
  guest_checkout: false,
  seller_registration: true,
  low_stock_threshold: 5,
  product_approval: false,
  sellers_moderate_reviews: false,
  return_window_days: 14,
  guest_order_link_days: 90,
  commission_rate: 1000,
  withdrawal_minimum: 1000,
  time_zone: 'UTC',
  // Decision 054: no store tax (the demo products carry their own rates), each shop's own delivery charge, never free.
  tax_rate: 0,
  delivery_charge: 0,
  free_delivery_threshold: null,
  shops_set_delivery: true,
};

const demoCurrencies = [
  { name: 'USD', symbol: '$', position: 'prefix', rate: '1', isDefault: true, sortOrder: 1 },
  { name: 'EUR', symbol: '€', position: 'prefix', rate: '0.92', isDefault: false, sortOrder: 2 },
  { name: 'GBP', symbol: '£', position: 'prefix', rate: '0.79', isDefault: false, sortOrder: 3 },
  { name: 'BDT', symbol: '৳', position: 'suffix', rate: '117.5', isDefault: false, sortOrder: 4 },
] as const;

const demoLanguages = [
  { name: 'en', title: 'English', direction: 'ltr', isDefault: true, sortOrder: 1 },
  { name: 'ar', title: 'العربية', direction: 'rtl', isDefault: false, sortOrder: 2 },
  { name: 'ir', title: 'فارسی', direction: 'rtl', isDefault: false, sortOrder: 3 },
] as const;

/** The demo store's profile, in English with Arabic and Persian texts (decision 019). */
const demoProfile: StoreProfile = {
  app_name: 'Open Store',
  web_logo: placeholderPath('logo', 'Open Store'),
  web_footer_logo: placeholderPath('logo', 'Open Store Footer'),
  footer_qr: placeholderPath('qr', 'open-store-app'),
  mobile: '+1 555 0100 200',
  email: 'hello@openstore.example',
  address: '221 Market Street, San Francisco, CA 94105',
  web_footer_text: 'Open Store. All rights reserved.',
  web_footer_description: 'Everything you need from shops you trust: fair prices, fast delivery and friendly support.',
  web_show_footer: true,
  show_download_app: true,
  google_playstore_link: 'https://play.google.com/store/apps/details?id=org.openstore.app',
  app_store_link: 'https://apps.apple.com/app/open-store/id0000000000',
  social_links: ['Facebook', 'X', 'Instagram', 'YouTube', 'LinkedIn'].map((name) => ({
    name,
    link: `https://www.${name === 'X' ? 'x' : name.toLowerCase()}.com/openstore`,
    logo: placeholderPath('social', name),
  })),
  translations: {
    ar: {
      address: '221 شارع ماركت، سان فرانسيسكو، كاليفورنيا 94105',
      web_footer_text: 'أوبن ستور. جميع الحقوق محفوظة.',
      web_footer_description: 'كل ما تحتاجه من متاجر تثق بها: أسعار عادلة وتوصيل سريع ودعم ودود.',
    },
    ir: {
      address: 'سان فرانسیسکو، خیابان مارکت، پلاک ۲۲۱، کالیفرنیا ۹۴۱۰۵',
      web_footer_text: 'اوپن استور. همهٔ حقوق محفوظ است.',
      web_footer_description: 'هر آنچه نیاز دارید از فروشگاه‌هایی که به آن‌ها اعتماد دارید: قیمت منصفانه، ارسال سریع و پشتیبانی دوستانه.',
    },
  },
};

const demoPaymentGateways = [
  {
    name: 'cash',
    title: 'Cash on Delivery',
    logo: placeholderPath('payment', 'Cash on Delivery'),
    sortOrder: 1,
    translations: { ar: { title: 'الدفع عند الاستلام' }, ir: { title: 'پرداخت در محل' } },
  },
  { name: 'stripe', title: 'Stripe', logo: placeholderPath('payment', 'Stripe'), sortOrder: 2 },
];

/**
 * Store-wide reference data. Existing rows are kept, so re-running never overwrites an owner's
 * edits; the demo profile is written once, when the store's settings are first made.
 */
export async function seedStore(db: Db) {
  const made = await db
    .insert(settings)
    .values(Object.entries(newStoreSettings).map(([key, value]) => ({ key, value: value === null ? sql`'null'::jsonb` : value })))
    .onConflictDoNothing()
    .returning({ key: settings.key });
  await db.insert(currencies).values([...demoCurrencies]).onConflictDoNothing();
  await db.insert(languages).values([...demoLanguages]).onConflictDoNothing();
  await db
    .insert(countries)
    .values(countryList.map((country) => ({ code: country.code, name: country.name, phoneCode: country.phone_code })))
    .onConflictDoNothing();
  await db.insert(paymentGateways).values(demoPaymentGateways).onConflictDoNothing();
  if (made.some((row) => row.key === 'app_name')) await changeStoreProfile(db, storeProfileSchema.parse(demoProfile), seedAuditContext(new Date()));
}
