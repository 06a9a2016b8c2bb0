import { hasControlCharacters } from './control-characters.ts';

/** The storefront's route table (docs/product/storefront.md §2), shared so the server knows which paths are real pages. */
export type LayoutName = 'public' | 'account' | 'blog' | 'bare';

export interface RouteEntry {
  name: string;
  /** The page module, `src/web/pages/{page}.tsx`, loaded lazily. */
  page: string;
  path: string;
  layout: LayoutName;
  /** i18n key of the page title; none means the title is only the app name. */
  titleKey?: string;
  /** A page drawn from what the shopper selected in this browser (checkout, buy-now): the browser renders it. */
  personal?: boolean;
}

export const routes = [
  { name: 'home', page: 'home', path: '/', layout: 'public' },
  { name: 'shop', page: 'shop', path: '/shops', layout: 'public', titleKey: 'Shops' },
  { name: 'products', page: 'products', path: '/products', layout: 'public', titleKey: 'Products' },
  { name: 'categories', page: 'category', path: '/categories', layout: 'public', titleKey: 'Categories' },
  { name: 'most-popular', page: 'most-popular', path: '/most-popular', layout: 'public', titleKey: 'Most Popular' },
  { name: 'best-deal', page: 'best-deal', path: '/best-deal', layout: 'public', titleKey: 'Best Deal' },
  { name: 'flash-sale', page: 'flash-sale', path: '/flash-sale/:id', layout: 'public', titleKey: 'Flash Sale' },
  { name: 'shop-detail', page: 'shop-details', path: '/shops/:id', layout: 'public', titleKey: 'Shop Details' },
  { name: 'productDetails', page: 'product-details', path: '/products/:id/details', layout: 'public', titleKey: 'Product Details' },
  { name: 'category-product', page: 'category-product', path: '/categories/:slug', layout: 'public', titleKey: 'Category Products' },
  { name: 'checkout', page: 'checkout', path: '/checkout', layout: 'public', titleKey: 'Checkout', personal: true },
  { name: 'buynow', page: 'buy-now', path: '/buynow', layout: 'public', titleKey: 'Buy Now', personal: true },
  { name: 'support', page: 'support', path: '/support', layout: 'public', titleKey: 'Support' },
  { name: 'terms-and-conditions', page: 'terms-and-conditions', path: '/terms-and-conditions', layout: 'public', titleKey: 'Terms & Conditions' },
  { name: 'privacy-policy', page: 'privacy-policy', path: '/privacy-policy', layout: 'public', titleKey: 'Privacy Policy' },
  { name: 'about-us', page: 'about-us', path: '/about-us', layout: 'public', titleKey: 'About Us' },
  { name: 'contact-us', page: 'contact-us', path: '/contact-us', layout: 'public', titleKey: 'Contact Us' },
  { name: 'policy-page', page: 'policy-page', path: '/page/:slug', layout: 'public' },
  { name: 'shop-register', page: 'shop-register', path: '/shop/register', layout: 'public', titleKey: 'Become a Seller' },
  { name: 'shop-panel', page: 'shop-panel', path: '/shop', layout: 'public', titleKey: 'Shop Panel' },
  { name: 'dashboard', page: 'dashboard', path: '/dashboard', layout: 'account', titleKey: 'Dashboard' },
  { name: 'order-history', page: 'order-history', path: '/order-history', layout: 'account', titleKey: 'Order History' },
  { name: 'order-details', page: 'order-details', path: '/order-history/:id', layout: 'account', titleKey: 'Order Details' },
  { name: 'find-guest-order', page: 'find-guest-order', path: '/orders/guest', layout: 'public', titleKey: 'Find my order' },
  { name: 'guest-order', page: 'guest-order', path: '/orders/guest/:key', layout: 'public', titleKey: 'Order Details', personal: true },
  { name: 'wishlist', page: 'wishlist', path: '/wishlist', layout: 'account', titleKey: 'Wishlist' },
  { name: 'profile', page: 'my-profile', path: '/profile', layout: 'account', titleKey: 'My Profile' },
  { name: 'manage-address', page: 'manage-address', path: '/manage-address', layout: 'account', titleKey: 'Manage Address' },
  { name: 'add-new-address', page: 'add-new-address', path: '/manage-address/new', layout: 'account', titleKey: 'Add New Address' },
  { name: 'edit-address', page: 'edit-address', path: '/manage-address/:id/edit', layout: 'account', titleKey: 'Edit Address' },
  { name: 'change-password', page: 'change-password', path: '/change-password', layout: 'account', titleKey: 'Change Password' },
  { name: 'support-ticket', page: 'support-ticket', path: '/support-tickets', layout: 'account', titleKey: 'Support Ticket' },
  { name: 'support-ticket-details', page: 'support-ticket-details', path: '/support-ticket/:ticketNumber', layout: 'account', titleKey: 'Support Ticket Details' },
  { name: 'blogs', page: 'blog', path: '/blogs', layout: 'blog', titleKey: 'Blogs' },
  { name: 'blog-details', page: 'blog-details', path: '/blog/:slug', layout: 'blog', titleKey: 'Blog Details' },
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof routes)[number]['name'];

/**
 * Whether the server renders the page's HTML: every page but checkout and buy-now, which draw on
 * what the shopper selected in this browser (shops, vouchers, the buy-now line). The account area
 * renders for the shopper the session cookie names.
 */
export const rendersOnServer = (route: RouteEntry | undefined) => !route?.personal;

/** The page shown for any path that is no route (docs/product/storefront.md §2: Page Not Found in a bare layout). */
export const notFoundPage = 'not-found';

const routeMatchers = routes.map((route) => ({
  route: route as RouteEntry,
  pattern: new RegExp(`^${route.path.replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)')}/?$`),
}));

/** The route a path shows with its parameters, or undefined for Page Not Found (also when a parameter is no text a shopper could type). */
export function matchRoute(pathname: string): { route: RouteEntry; params: Record<string, string> } | undefined {
  for (const { route, pattern } of routeMatchers) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        return undefined;
      }
      if (hasControlCharacters(decoded)) return undefined;
      params[name] = decoded;
    }
    return { route, params };
  }
  return undefined;
}
