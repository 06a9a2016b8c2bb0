/** Business constants of docs/product/storefront.md §9, free of any library so the storefront can import them at no cost. */
export const DEFAULT_LOCALE = 'en';
export const DEFAULT_CURRENCY = { name: 'USD', symbol: '$', position: 'prefix' } as const;
export const PHONE_LENGTH = { min: 9, max: 16 } as const;
export const OTP_LENGTH = 4;
export const OTP_RESEND_SECONDS = 60;
export const CART_TOAST_MS = 3000;
export const DEFAULT_TOAST_MS = 5000;
export const MAX_TOASTS = 20;
export const PAGE_SIZE = 10;
/** The largest picture a shopper sends (profile photo, ticket images), before it is re-encoded (2 MB). */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_PAGE_BUTTONS = 5;
export const LOCALES = ['en', 'ar', 'ir'] as const;
export type Locale = (typeof LOCALES)[number];
/** The BCP 47 language tag of a store locale ("ir" is the spec's code for Persian, "fa"). */
export const languageTagOf = (locale: string) => (locale === 'ir' ? 'fa' : locale);
export const themeColorKeys = ['primary', '50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export type ThemeColorKey = (typeof themeColorKeys)[number];

/** The id of the JSON <script> through which the server hands the storefront its first data. */
export const BOOTSTRAP_ELEMENT_ID = 'store-bootstrap';

/** The id of the JSON <script> after the page's HTML with the dates its render wrote (decision 026). */
export const WRITTEN_DATES_ELEMENT_ID = 'store-written-dates';

/** The seeded demo shopper; docs/product/storefront.md §9: a local environment prefills the login form with these. */
export const DEMO_CUSTOMER = { name: 'Demo Customer', email: 'customer@example.com', phone_code: '+1', phone: '2025550123', password: 'demo-password' } as const;

/**
 * The header by which the web storefront asks sign-in calls for a cookie session (decision 017):
 * the secret goes into an httpOnly cookie and the answer names only its end.
 */
export const COOKIE_SESSION_HEADER = { name: 'x-session', value: 'cookie' } as const;

/** The shopper's language and currency ("ar|USD"), written by the storefront so the server renders pages in them. */
export const PREFERENCES_COOKIE = 'store_prefs';

/** The storefront home's query word for a home preview link's token (`/?home_preview=TOKEN`, and `/api/home`'s). */
export const HOME_PREVIEW_PARAM = 'home_preview';
