import { NavLink } from 'react-router';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';

export interface NavItem {
  to: string;
  label: string;
  /** Active only on this exact path (home). */
  end?: boolean;
  /** The seller side lives outside the storefront, so its links load a new page. */
  external?: boolean;
}

export type NavItemKey =
  | 'home'
  | 'products'
  | 'mostPopular'
  | 'bestDeal'
  | 'shops'
  | 'blogs'
  | 'contactUs'
  | 'contact'
  | 'becomeSeller'
  | 'aboutUs'
  | 'terms'
  | 'privacy';

/** Links that exist only when the store is a marketplace. */
const multiVendorOnly = new Set<NavItemKey>(['shops', 'contactUs', 'contact', 'becomeSeller']);

/** The chosen storefront links, translated, without the marketplace ones in single-vendor mode. */
export function useNavItems(keys: readonly NavItemKey[]): NavItem[] {
  const { t } = useTranslation();
  const multiVendor = useSettings((state) => state.multiVendor);
  const items: Record<NavItemKey, NavItem> = {
    home: { to: '/', label: t('Home'), end: true },
    products: { to: '/products', label: t('Products') },
    mostPopular: { to: '/most-popular', label: t('Most Popular') },
    bestDeal: { to: '/best-deal', label: t('Best Deal') },
    shops: { to: '/shops', label: t('Shops') },
    blogs: { to: '/blogs', label: t('Blogs') },
    contactUs: { to: '/contact-us', label: t('Contact Us') },
    contact: { to: '/contact-us', label: t('Contact') },
    becomeSeller: { to: '/shop/register', label: t('Become a Seller'), external: true },
    aboutUs: { to: '/about-us', label: t('About Us') },
    terms: { to: '/terms-and-conditions', label: t('Terms & Conditions') },
    privacy: { to: '/privacy-policy', label: t('Privacy Policy') },
  };
  return keys.filter((key) => multiVendor || !multiVendorOnly.has(key)).map((key) => items[key]);
}

export function NavItemLink({ item, className }: { item: NavItem; className: (active: boolean) => string }) {
  if (item.external) {
    return (
      <a href={item.to} className={className(false)}>
        {item.label}
      </a>
    );
  }
  return (
    <NavLink to={item.to} end={item.end} className={({ isActive }) => className(isActive)}>
      {item.label}
    </NavLink>
  );
}
