import { describe, expect, it } from 'vitest';
import { permissions, shopOwnerPermissions, storeRolePermissions, type Permission } from '../../../shared/console.contract.ts';
import { consolePages, pagesAllowed, type PageViewer } from './console-navigation.ts';

const idsFor = (held: readonly Permission[], scope: PageViewer['scope'] = 'store', sellersModerateReviews = true) =>
  pagesAllowed({ permissions: [...held], scope, sellers_moderate_reviews: sellersModerateReviews }).map((page) => page.id);

describe('the console pages a person may open', () => {
  it('are all of them for the store owner, in sidebar order', () => {
    expect(idsFor(storeRolePermissions.owner)).toEqual(consolePages.map((page) => page.id));
    expect(idsFor(storeRolePermissions.owner)).toEqual([
      'dashboard', 'products', 'categories', 'brands', 'colors', 'sizes', 'units', 'stock', 'shops', 'product-approval', 'reviews', 'my-shop', 'orders', 'returns', 'earnings', 'withdrawals',
      'customers', 'tickets', 'vouchers', 'flash-sales', 'content', 'blog', 'settings', 'theme', 'store-profile', 'staff', 'audit-log',
    ]);
  });

  it('are only the dashboard without any permission', () => {
    expect(idsFor([])).toEqual(['dashboard']);
    expect(idsFor([], 'shop')).toEqual(['dashboard']);
  });

  it("follow each store role's permissions", () => {
    expect(idsFor(storeRolePermissions.catalogue_manager)).toEqual(['dashboard', 'products', 'categories', 'brands', 'colors', 'sizes', 'units', 'stock', 'shops', 'product-approval', 'reviews', 'audit-log']);
    expect(idsFor(storeRolePermissions.order_manager)).toEqual(['dashboard', 'orders', 'returns', 'customers', 'tickets']);
    expect(idsFor(storeRolePermissions.support_agent)).toEqual(['dashboard', 'orders', 'returns', 'customers', 'tickets']);
    expect(idsFor(storeRolePermissions.content_editor)).toEqual(['dashboard', 'products', 'categories', 'brands', 'colors', 'sizes', 'units', 'stock', 'content', 'blog']);
  });

  it("give a shop's owner their shop but not the store's approvals, customers, content or settings", () => {
    expect(idsFor(shopOwnerPermissions, 'shop')).toEqual(['dashboard', 'products', 'categories', 'brands', 'colors', 'sizes', 'units', 'stock', 'reviews', 'my-shop', 'orders', 'returns', 'earnings', 'withdrawals', 'tickets', 'vouchers', 'flash-sales', 'staff', 'audit-log']);
  });

  it("show a shop's people the reviews only while the store lets sellers moderate them; the store's staff always", () => {
    expect(idsFor(shopOwnerPermissions, 'shop', false)).not.toContain('reviews');
    expect(idsFor(shopOwnerPermissions, 'shop', true)).toContain('reviews');
    expect(idsFor(storeRolePermissions.catalogue_manager, 'store', false)).toContain('reviews');
  });

  it('name a permission of the contract, a unique id and a unique address for every page', () => {
    for (const page of consolePages) if (page.needs) expect(permissions).toContain(page.needs);
    expect(new Set(consolePages.map((page) => page.id)).size).toBe(consolePages.length);
    expect(new Set(consolePages.map((page) => page.path)).size).toBe(consolePages.length);
  });
});
