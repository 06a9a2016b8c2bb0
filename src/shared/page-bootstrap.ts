import type { Category, Home, ProductDetails, ProductList } from './catalog.contract.ts';
import type { Master } from './settings.contract.ts';

/**
 * What the server embeds in every storefront page (`<script id="store-bootstrap">`): the data the
 * storefront would otherwise fetch before it can paint.
 */
export interface PageBootstrap {
  master: Master;
  categories: Category[];
  home?: Home;
  product?: ProductDetails;
  /** The first page of a bare /products. */
  productList?: ProductList;
  /**
   * Set when the page's HTML was rendered on the server. It was rendered for a signed-out visitor
   * in the store's default language and currency; the browser hydrates it only if that is who it has.
   */
  prerendered?: boolean;
}
