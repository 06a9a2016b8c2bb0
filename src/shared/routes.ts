/** The storefront's route table (spec §2), shared so the server knows which paths are real pages. */
export type LayoutName = 'public' | 'account' | 'blog' | 'bare';

export interface RouteEntry {
  name: string;
  path: string;
  layout: LayoutName;
  /** i18n key of the page title; none means the title is only the app name. */
  titleKey?: string;
}

export const routes = [
  { name: 'home', path: '/', layout: 'public' },
  { name: 'shop', path: '/shops', layout: 'public', titleKey: 'Shops' },
  { name: 'products', path: '/products', layout: 'public', titleKey: 'Products' },
  { name: 'categories', path: '/categories', layout: 'public', titleKey: 'Categories' },
  { name: 'most-popular', path: '/most-popular', layout: 'public', titleKey: 'Most Popular' },
  { name: 'best-deal', path: '/best-deal', layout: 'public', titleKey: 'Best Deal' },
  { name: 'flash-sale', path: '/flash-sale/:id', layout: 'public', titleKey: 'Flash Sale' },
  { name: 'shop-detail', path: '/shops/:id', layout: 'public', titleKey: 'Shop Details' },
  { name: 'productDetails', path: '/products/:id/details', layout: 'public', titleKey: 'Product Details' },
  { name: 'category-product', path: '/categories/:slug', layout: 'public', titleKey: 'Category Products' },
  { name: 'checkout', path: '/checkout', layout: 'public', titleKey: 'Checkout' },
  { name: 'buynow', path: '/buynow', layout: 'public', titleKey: 'Buy Now' },
  { name: 'support', path: '/support', layout: 'public', titleKey: 'Support' },
  { name: 'terms-and-conditions', path: '/terms-and-conditions', layout: 'public', titleKey: 'Terms & Conditions' },
  { name: 'privacy-policy', path: '/privacy-policy', layout: 'public', titleKey: 'Privacy Policy' },
  { name: 'about-us', path: '/about-us', layout: 'public', titleKey: 'About Us' },
  { name: 'contact-us', path: '/contact-us', layout: 'public', titleKey: 'Contact Us' },
  { name: 'policy-page', path: '/page/:slug', layout: 'public' },
  { name: 'dashboard', path: '/dashboard', layout: 'account', titleKey: 'Dashboard' },
  { name: 'order-history', path: '/order-history', layout: 'account', titleKey: 'Order History' },
  { name: 'order-details', path: '/order-history/:id', layout: 'account', titleKey: 'Order Details' },
  { name: 'wishlist', path: '/wishlist', layout: 'account', titleKey: 'Wishlist' },
  { name: 'profile', path: '/profile', layout: 'account', titleKey: 'My Profile' },
  { name: 'manage-address', path: '/manage-address', layout: 'account', titleKey: 'Manage Address' },
  { name: 'add-new-address', path: '/manage-address/new', layout: 'account', titleKey: 'Add New Address' },
  { name: 'edit-address', path: '/manage-address/:id/edit', layout: 'account', titleKey: 'Edit Address' },
  { name: 'change-password', path: '/change-password', layout: 'account', titleKey: 'Change Password' },
  { name: 'support-ticket', path: '/support-tickets', layout: 'account', titleKey: 'Support Ticket' },
  { name: 'support-ticket-details', path: '/support-ticket/:ticketNumber', layout: 'account', titleKey: 'Support Ticket Details' },
  { name: 'blogs', path: '/blogs', layout: 'blog', titleKey: 'Blogs' },
  { name: 'blog-details', path: '/blog/:slug', layout: 'blog', titleKey: 'Blog Details' },
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof routes)[number]['name'];

const routeMatchers = routes.map((route) => {
  const pattern = route.path.replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`);
});

/** True when a path is one of the storefront's pages (anything else is Page Not Found). */
export function isKnownPage(pathname: string): boolean {
  return routeMatchers.some((matcher) => matcher.test(pathname));
}
