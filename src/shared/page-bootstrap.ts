import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the server embeds in every storefront page (`<script id="store-bootstrap">`): the page's
 * data as its route loader left it in the query cache (store settings, categories and the page's
 * own), so the storefront paints and hydrates without asking again.
 */
export interface PageBootstrap {
  queries: DehydratedState;
  /**
   * Set when the page's HTML was rendered on the server. It was rendered for a signed-out visitor
   * in the store's default language and currency; the browser hydrates it only if that is who it has.
   */
  prerendered?: boolean;
}
