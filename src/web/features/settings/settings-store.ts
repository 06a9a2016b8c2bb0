import type { FooterPage } from '../../../shared/content-console.contract.ts';
import { createStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { browserStorage, renderFromLiveState } from '../../lib/persisted-store.ts';
import { scopedStore } from '../../../client/lib/request-scope.ts';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, PHONE_LENGTH } from '../../../shared/constants.ts';
import type { Category } from '../../../shared/catalog.contract.ts';
import type {
  Currency,
  Language,
  Master,
  PaymentGateway,
  SocialAuths,
  SocialLink,
  ThemeColors,
} from '../../../shared/settings.contract.ts';
import { completeThemeColors, nextCurrency, nextLocale } from './settings-load.ts';

const SETTINGS_STORAGE_KEY = 'settings';

/** Whether this browser has the settings stored (false on a first visit, or after its storage was cleared). */
export const hasStoredSettings = () => window.localStorage.getItem(SETTINGS_STORAGE_KEY) !== null;

/** Site settings exactly as docs/product/storefront.md §3 names them, persisted in localStorage. */
export interface SettingsState {
  locale: string;
  langDirection: 'ltr' | 'rtl';
  defaultLocale: string;
  logo: string;
  currency: { symbol: string; position: 'prefix' | 'suffix'; name: string };
  defaultCurrency: string;
  selectedCurrency: Currency | null;
  currencies: Currency[];
  appName: string;
  showDownloadApp: boolean;
  playStoreLink: string;
  appStoreLink: string;
  multiVendor: boolean;
  paymentGateways: PaymentGateway[];
  mobile: string;
  email: string;
  showFooter: boolean;
  address: string;
  footerText: string;
  footerDescription: string;
  footerLogo: string;
  footerQr: string;
  /** The store's published pages linked from the footer, by column. */
  footerPages: FooterPage[];
  socialLinks: SocialLink[];
  basketCanvas: boolean;
  /** The shopper opened the cart panel themselves: only then is it still open on their next page. */
  basketCanvasByShopper: boolean;
  search: string;
  categories: Category[];
  themeColors: ThemeColors;
  pusher_app_key: string;
  pusher_app_cluster: string;
  app_environment: 'local' | 'production';
  register_otp_verify: boolean;
  register_otp_type: 'email' | 'phone';
  forgot_otp_type: 'email' | 'phone';
  languages: Language[];
  socialAuths: SocialAuths | null;
  phoneRequired: boolean;
  phoneMinLength: number;
  phoneMaxLength: number;
  orderPlaceAccountVerify: boolean;
  /** Visitors may keep a cart and order without an account (master guest_checkout). */
  guestCheckout: boolean;
  /** Visitors may apply to sell (master seller_registration: multi-vendor mode with the setting on). */
  sellerRegistration: boolean;
}

interface SettingsActions {
  /** Applies `GET /master` with docs/product/storefront.md §4 rules; answers whether the page must reload for a new locale. */
  applyMaster(master: Master): { reload: boolean };
  setCategories(categories: Category[]): void;
  setLocale(locale: string): void;
  selectCurrency(currency: Currency): void;
  setSearch(search: string): void;
  /** Opens or closes the cart panel; one the store opens (after a redirect) is open on this page only. */
  setBasketCanvas(open: boolean, openedBy?: 'shopper' | 'store'): void;
}

export const initialSettings: SettingsState = {
  locale: DEFAULT_LOCALE,
  langDirection: 'ltr',
  defaultLocale: DEFAULT_LOCALE,
  logo: '',
  currency: { ...DEFAULT_CURRENCY },
  defaultCurrency: DEFAULT_CURRENCY.name,
  selectedCurrency: null,
  currencies: [],
  appName: '',
  showDownloadApp: false,
  playStoreLink: '',
  appStoreLink: '',
  multiVendor: true,
  paymentGateways: [],
  mobile: '',
  email: '',
  showFooter: true,
  address: '',
  footerText: '',
  footerDescription: '',
  footerLogo: '',
  footerQr: '',
  footerPages: [],
  socialLinks: [],
  basketCanvas: false,
  basketCanvasByShopper: false,
  search: '',
  categories: [],
  themeColors: {},
  pusher_app_key: '',
  pusher_app_cluster: '',
  app_environment: 'local',
  register_otp_verify: false,
  register_otp_type: 'email',
  forgot_otp_type: 'email',
  languages: [],
  socialAuths: null,
  phoneRequired: true,
  phoneMinLength: PHONE_LENGTH.min,
  phoneMaxLength: PHONE_LENGTH.max,
  orderPlaceAccountVerify: false,
  guestCheckout: false,
  sellerRegistration: false,
};

export const useSettings = scopedStore(() =>
  createStore<SettingsState & SettingsActions>()(
    renderFromLiveState(
      persist(
        (set, get) => ({
          ...initialSettings,
          applyMaster(master) {
            const state = get();
            const locale = nextLocale(state, master);
            const currency = nextCurrency(state, master);
            set({
              ...locale.state,
              ...currency,
              logo: master.web_logo,
              currency: { symbol: master.currency.symbol, position: master.currency.position, name: master.currency.name },
              currencies: master.currencies,
              appName: master.app_name,
              showDownloadApp: master.show_download_app,
              playStoreLink: master.google_playstore_link,
              appStoreLink: master.app_store_link,
              multiVendor: master.multi_vendor,
              paymentGateways: master.payment_gateways,
              mobile: master.mobile,
              email: master.email,
              showFooter: master.web_show_footer,
              address: master.address,
              footerText: master.web_footer_text,
              footerDescription: master.web_footer_description,
              footerLogo: master.web_footer_logo,
              footerQr: master.footer_qr,
              footerPages: master.footer_pages,
              socialLinks: master.social_links,
              themeColors: completeThemeColors(master.theme_colors) ?? state.themeColors,
              pusher_app_key: master.pusher_app_key,
              pusher_app_cluster: master.pusher_app_cluster,
              app_environment: master.app_environment,
              register_otp_verify: master.register_otp_verify,
              register_otp_type: master.register_otp_type,
              forgot_otp_type: master.forgot_otp_type,
              languages: master.languages,
              socialAuths: master.social_auths,
              phoneRequired: master.phone_required,
              phoneMinLength: master.phone_min_length,
              phoneMaxLength: master.phone_max_length,
              orderPlaceAccountVerify: master.order_place_account_verify,
              guestCheckout: master.guest_checkout,
              sellerRegistration: master.seller_registration,
            });
            return { reload: locale.reload };
          },
          setCategories: (categories) => set({ categories }),
          setLocale(locale) {
            const direction = get().languages.find((language) => language.name === locale)?.direction ?? 'ltr';
            set({ locale, langDirection: direction });
          },
          selectCurrency: (selectedCurrency) => set({ selectedCurrency }),
          setSearch: (search) => set({ search }),
          setBasketCanvas: (basketCanvas, openedBy = 'shopper') => set({ basketCanvas, basketCanvasByShopper: basketCanvas && openedBy === 'shopper' }),
        }),
        {
          name: SETTINGS_STORAGE_KEY,
          version: 1,
          storage: browserStorage,
          partialize: (state) => ({ ...state, basketCanvas: state.basketCanvas && state.basketCanvasByShopper }),
        },
      ),
    ),
  ),
);
