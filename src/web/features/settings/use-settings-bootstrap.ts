import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BOOTSTRAP_ELEMENT_ID } from '../../../shared/constants.ts';
import type { PageBootstrap } from '../../../shared/page-bootstrap.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import { useAuth } from '../auth/auth-store.ts';
import { useCart } from '../cart/cart-store.ts';
import { catalogQueries } from '../catalog/catalog-queries.ts';
import { queryClient } from '../../lib/query-client.ts';
import { settingsQueries } from './settings-queries.ts';
import { initialSettings, useSettings } from './settings-store.ts';
import { applyThemeColors } from './theme.ts';

/** Applies /master with the spec §4 rules; false when the page is reloading for a new locale. */
function applyMasterSettings(master: Master): boolean {
  const { reload } = useSettings.getState().applyMaster(master);
  if (reload) {
    window.location.reload();
    return false;
  }
  applyThemeColors(master.theme_colors);
  return true;
}

/** The data the server embedded in the page; undefined under the dev server, which serves the bare index.html. */
export function readServerBootstrap(): PageBootstrap | undefined {
  const text = document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageBootstrap) : undefined;
}

/**
 * Puts the embedded master data, categories and page content (home, a product, the bare product
 * listing) in the query cache, so the page paints without waiting for a request. `fresh: false`
 * stamps the content as old, so it is refetched at once.
 */
function cacheBootstrap({ master, categories, home, product, productList }: PageBootstrap, fresh: boolean) {
  queryClient.setQueryData(settingsQueries.master().queryKey, master);
  const updatedAt = fresh ? Date.now() : 0;
  if (home) queryClient.setQueryData(catalogQueries.home().queryKey, home, { updatedAt });
  if (product) queryClient.setQueryData(catalogQueries.product(product.id).queryKey, product, { updatedAt });
  if (productList) queryClient.setQueryData(catalogQueries.products({ page: 1 }).queryKey, productList, { updatedAt });
  queryClient.setQueryData(settingsQueries.categories().queryKey, categories);
  useSettings.getState().setCategories(categories);
}

/** In the browser: takes the server's data and applies the settings. Answers false when the page is reloading. */
export function applyServerBootstrap(bootstrap: PageBootstrap): boolean {
  // The server wrote the page for nobody in particular: a signed-in shopper's favourite hearts
  // come from a refetch at once, while the page already shows.
  cacheBootstrap(bootstrap, !useAuth.getState().token);
  return applyMasterSettings(bootstrap.master);
}

/** On the server, before it renders a page: a new visitor's settings, then the page's data. */
export function applyBootstrapForServerRender(bootstrap: PageBootstrap) {
  useSettings.setState(initialSettings);
  cacheBootstrap(bootstrap, true);
  useSettings.getState().applyMaster(bootstrap.master);
}

/**
 * Whether this browser would render the page as the server did: signed out, nothing in the cart,
 * the store's default language and currency, no stored search and the cart panel closed.
 */
export function rendersAsServer(bootstrap: PageBootstrap): boolean {
  const settings = useSettings.getState();
  return (
    !useAuth.getState().token &&
    useCart.getState().total === 0 &&
    settings.locale === bootstrap.master.app_locale &&
    settings.selectedCurrency?.name === bootstrap.master.currency.name &&
    settings.search === '' &&
    !settings.basketCanvas
  );
}

/** Keeps the settings store in step with /master and /categories (spec §4 settings-load rules). */
export function useSettingsBootstrap() {
  const master = useQuery(settingsQueries.master());
  const categories = useQuery(settingsQueries.categories());

  useEffect(() => {
    if (master.data) applyMasterSettings(master.data);
  }, [master.data]);

  useEffect(() => {
    if (categories.data) useSettings.getState().setCategories(categories.data);
  }, [categories.data]);
}
