import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BOOTSTRAP_ELEMENT_ID } from '../../../shared/constants.ts';
import type { Category } from '../../../shared/catalog.contract.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import type { Home, ProductDetails, ProductList } from '../../../shared/catalog.contract.ts';
import { useAuth } from '../auth/auth-store.ts';
import { catalogQueries } from '../catalog/catalog-queries.ts';
import { queryClient } from '../../lib/query-client.ts';
import { settingsQueries } from './settings-queries.ts';
import { useSettings } from './settings-store.ts';
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

/**
 * Takes the master data, categories (and on home, a product page or the product listing its content) the server embedded in the page, so the header and footer
 * paint without waiting for a request. Answers false when the page is reloading.
 */
export function applyServerBootstrap(): boolean {
  const text = document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return true; // the dev server serves the bare index.html
  const { master, categories, home, product, productList } = JSON.parse(text) as {
    master: Master;
    categories: Category[];
    home?: Home;
    product?: ProductDetails;
    /** The first page of a bare /products. */
    productList?: ProductList;
  };
  queryClient.setQueryData(settingsQueries.master().queryKey, master);
  // The server wrote the page for nobody in particular: a signed-in shopper's favourite hearts
  // come from a refetch at once (data stamped as old), while the page already shows.
  const updatedAt = useAuth.getState().token ? 0 : Date.now();
  if (home) queryClient.setQueryData(catalogQueries.home().queryKey, home, { updatedAt });
  if (product) queryClient.setQueryData(catalogQueries.product(product.id).queryKey, product, { updatedAt });
  if (productList) queryClient.setQueryData(catalogQueries.products({ page: 1 }).queryKey, productList, { updatedAt });
  queryClient.setQueryData(settingsQueries.categories().queryKey, categories);
  useSettings.getState().setCategories(categories);
  return applyMasterSettings(master);
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
