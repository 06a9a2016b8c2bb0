import type { DehydratedState } from '@tanstack/react-query';
import type { User } from './account.contract.ts';
import type { Cart } from './cart.contract.ts';

/** Who the server rendered the page for: what the browser's stores must hold to hydrate it as it is. */
export interface ShopperSnapshot {
  /** The signed-in shopper (from the session cookie), or null for a visitor. */
  user: (Pick<User, 'name' | 'phone' | 'profile_photo'> & Partial<User>) | null;
  favoriteProducts: number;
  /** The shopper's cart (an account's or a guest's), or null when there is none. */
  cart: Cart | null;
  locale: string;
  /** The selected currency's name. */
  currency: string | null;
}

/**
 * What the server embeds in every storefront page (`<script id="store-bootstrap">`): the page's
 * data as its route loader left it in the query cache (store settings, categories and the page's
 * own), so the storefront paints and hydrates without asking again, and who it was rendered for.
 */
export interface PageBootstrap {
  queries: DehydratedState;
  shopper?: ShopperSnapshot;
  /** Set when the page's HTML was rendered on the server (for `shopper`). */
  prerendered?: boolean;
}
