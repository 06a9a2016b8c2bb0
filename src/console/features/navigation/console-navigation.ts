import type { ConsoleMe, Permission } from '../../../shared/console.contract.ts';

/** A page of the console: its address under /console, its name (an English message key) and the permission it needs. */
export interface ConsolePage {
  id: string;
  path: string;
  labelKey: string;
  /** Null: everyone who may open the console sees it. */
  needs: Permission | null;
  /** The store's staff only: a shop's people do not see it whatever they hold (the server refuses them too). */
  storeOnly?: boolean;
  /** A shop's people see it only while the store's setting of this name is on (the server refuses them otherwise). */
  shopsWhen?: 'sellers_moderate_reviews';
}

/** Who asks which pages they may open: what `GET /api/console/me` says of them. */
export type PageViewer = Pick<ConsoleMe, 'permissions' | 'scope' | 'sellers_moderate_reviews'>;

/**
 * Every page of the console, in sidebar order. The sidebar, the routes and the command palette all
 * read this list, so a page a person may not open is neither shown nor reachable. The server checks
 * the same permissions on every call; hiding is for clarity, not security.
 */
export const consolePages: readonly ConsolePage[] = [
  { id: 'dashboard', path: '/', labelKey: 'Dashboard', needs: null },
  { id: 'products', path: '/products', labelKey: 'Products', needs: 'catalogue.read' },
  { id: 'categories', path: '/categories', labelKey: 'Categories', needs: 'catalogue.read' },
  { id: 'brands', path: '/brands', labelKey: 'Brands', needs: 'catalogue.read' },
  { id: 'colors', path: '/colors', labelKey: 'Colours', needs: 'catalogue.read' },
  { id: 'sizes', path: '/sizes', labelKey: 'Sizes', needs: 'catalogue.read' },
  { id: 'units', path: '/units', labelKey: 'Units', needs: 'catalogue.read' },
  { id: 'stock', path: '/stock', labelKey: 'Stock', needs: 'catalogue.read' },
  { id: 'shops', path: '/shops', labelKey: 'Shops approval', needs: 'shops.review' },
  { id: 'product-approval', path: '/product-approval', labelKey: 'Product approval', needs: 'catalogue.write', storeOnly: true },
  { id: 'reviews', path: '/reviews', labelKey: 'Reviews', needs: 'catalogue.write', shopsWhen: 'sellers_moderate_reviews' },
  { id: 'my-shop', path: '/shop', labelKey: 'My shop', needs: 'shop.profile' },
  { id: 'orders', path: '/orders', labelKey: 'Orders', needs: 'orders.read' },
  { id: 'returns', path: '/returns', labelKey: 'Returns', needs: 'orders.read' },
  // A seller's people read their shop's ledger; the store's staff every shop's.
  { id: 'earnings', path: '/earnings', labelKey: 'Earnings', needs: 'earnings.read' },
  { id: 'withdrawals', path: '/withdrawals', labelKey: 'Withdrawals', needs: 'earnings.read' },
  { id: 'customers', path: '/customers', labelKey: 'Customers', needs: 'customers.read', storeOnly: true },
  { id: 'tickets', path: '/tickets', labelKey: 'Support tickets', needs: 'support.read' },
  { id: 'vouchers', path: '/vouchers', labelKey: 'Vouchers', needs: 'vouchers.write' },
  // The store's staff run the sales; a shop's people enrol their products in them.
  { id: 'flash-sales', path: '/flash-sales', labelKey: 'Flash sales', needs: 'promotions.write' },
  // A shop's people ask for their balance to be paid out; the store's staff decide.
  { id: 'content', path: '/content', labelKey: 'Content', needs: 'content.write' },
  { id: 'blog', path: '/blog', labelKey: 'Blog', needs: 'content.write' },
  { id: 'settings', path: '/settings', labelKey: 'Settings', needs: 'settings.write', storeOnly: true },
  { id: 'theme', path: '/theme', labelKey: 'Theme', needs: 'settings.write', storeOnly: true },
  { id: 'store-profile', path: '/store-profile', labelKey: 'Store profile', needs: 'settings.write', storeOnly: true },
  { id: 'staff', path: '/staff', labelKey: 'Staff', needs: 'staff.manage' },
  { id: 'audit-log', path: '/audit-log', labelKey: 'Audit log', needs: 'audit.read' },
];

/** The pages a person holding these permissions, of the store's staff or a shop's people, may open. */
export function pagesAllowed(viewer: PageViewer): ConsolePage[] {
  const held = (page: ConsolePage) => page.needs === null || viewer.permissions.includes(page.needs);
  const openToShops = (page: ConsolePage) => !page.storeOnly && (!page.shopsWhen || viewer[page.shopsWhen]);
  return consolePages.filter((page) => held(page) && (viewer.scope === 'store' || openToShops(page)));
}
