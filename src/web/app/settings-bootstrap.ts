import { hydrate, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BOOTSTRAP_ELEMENT_ID } from '../../shared/constants.ts';
import type { PageBootstrap } from '../../shared/page-bootstrap.ts';
import type { Master } from '../../shared/settings.contract.ts';
import { embeddedJson } from '../lib/embedded-json.ts';
import { queryClient } from '../../client/lib/query-client.ts';
import { useAuth } from '../features/session/session-store.ts';
import { useCart } from '../features/cart/cart-store.ts';
import { preferencesFromServer } from '../features/settings/settings-load.ts';
import { settingsQueries } from '../features/settings/settings-queries.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { applyThemeColors } from '../features/settings/theme.ts';

/** Applies /master with docs/product/storefront.md §4 rules; false when the page is reloading for a new locale. */
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
export const readServerBootstrap = () => embeddedJson(BOOTSTRAP_ELEMENT_ID) as PageBootstrap | undefined;

const cachedMaster = () => queryClient().getQueryData(settingsQueries.master().queryKey);

/** The store settings and categories the page's data holds, into the settings store (both sides, before the first render). */
export function applyPageSettings() {
  const master = cachedMaster();
  if (master) useSettings.getState().applyMaster(master);
  const categories = queryClient().getQueryData(settingsQueries.categories().queryKey);
  if (categories) useSettings.getState().setCategories(categories);
}

/**
 * In the browser, before the first render: the server's page data into the query cache, and the
 * shopper it rendered for (signed-in user, wishlist count, cart) into the stores, which the server
 * knows better than this browser's storage; with nothing stored here, the language and currency
 * too. Answers false when the page is reloading.
 */
export function applyServerBootstrap({ queries, shopper }: PageBootstrap, { storedSettings }: { storedSettings: boolean }): boolean {
  hydrate(queryClient(), queries);
  if (shopper) {
    if (shopper.user) useAuth.setState({ user: shopper.user, favoriteProducts: shopper.favoriteProducts });
    else useAuth.getState().clearSession();
    if (shopper.cart) useCart.getState().setContents(shopper.cart);
    else useCart.getState().resetCart();
  }
  const categories = queryClient().getQueryData(settingsQueries.categories().queryKey);
  if (categories) useSettings.getState().setCategories(categories);
  const master = cachedMaster();
  if (shopper && master && !storedSettings) useSettings.setState(preferencesFromServer(shopper, master));
  const applied = master ? applyMasterSettings(master) : true;
  // Rendered in another language than this browser reads: its texts come from a refetch.
  if (shopper && useSettings.getState().locale !== shopper.locale) void queryClient().invalidateQueries({ refetchType: 'none' });
  return applied;
}

/**
 * Whether this browser would render the page as the server did: in the language and currency it
 * was rendered in, with no stored search in the header box and the cart panel closed. Otherwise
 * (a first visit after a language change made before the preferences cookie, a stored search)
 * the page renders afresh.
 */
export function rendersAsServer({ shopper }: PageBootstrap): boolean {
  const settings = useSettings.getState();
  return (
    shopper !== undefined &&
    settings.locale === shopper.locale &&
    (settings.selectedCurrency?.name ?? null) === shopper.currency &&
    settings.search === '' &&
    !settings.basketCanvas
  );
}

/** Keeps the settings store in step with /master and /categories (docs/product/storefront.md §4 settings-load rules). */
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
