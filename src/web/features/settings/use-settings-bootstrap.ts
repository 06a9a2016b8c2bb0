import { hydrate, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BOOTSTRAP_ELEMENT_ID } from '../../../shared/constants.ts';
import type { PageBootstrap } from '../../../shared/page-bootstrap.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import { queryClient } from '../../lib/query-client.ts';
import { isSignedIn } from '../auth/auth-store.ts';
import { useCart } from '../cart/cart-store.ts';
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

/** The data the server embedded in the page; undefined under the dev server, which serves the bare index.html. */
export function readServerBootstrap(): PageBootstrap | undefined {
  const text = document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageBootstrap) : undefined;
}

const cachedMaster = () => queryClient().getQueryData(settingsQueries.master().queryKey);

/** The store settings and categories the page's data holds, into the settings store (both sides, before the first render). */
export function applyPageSettings() {
  const master = cachedMaster();
  if (master) useSettings.getState().applyMaster(master);
  const categories = queryClient().getQueryData(settingsQueries.categories().queryKey);
  if (categories) useSettings.getState().setCategories(categories);
}

/** In the browser: takes the server's page data into the query cache and applies the settings. Answers false when the page is reloading. */
export function applyServerBootstrap(bootstrap: PageBootstrap): boolean {
  hydrate(queryClient(), bootstrap.queries);
  const master = cachedMaster();
  // The server wrote the page for a signed-out visitor in the store's language: a signed-in
  // shopper's favourite hearts, or another language's texts, come from a refetch at once.
  if (isSignedIn() || useSettings.getState().locale !== master?.app_locale) {
    void queryClient().invalidateQueries({ refetchType: 'none' });
  }
  const categories = queryClient().getQueryData(settingsQueries.categories().queryKey);
  if (categories) useSettings.getState().setCategories(categories);
  return master ? applyMasterSettings(master) : true;
}

/**
 * Whether this browser would render the page as the server did: signed out, nothing in the cart,
 * the store's default language and currency, no stored search and the cart panel closed.
 */
export function rendersAsServer(): boolean {
  const settings = useSettings.getState();
  const master = cachedMaster();
  return (
    !isSignedIn() &&
    useCart.getState().total === 0 &&
    settings.locale === master?.app_locale &&
    settings.selectedCurrency?.name === master.currency.name &&
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
