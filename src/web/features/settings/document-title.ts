import { useEffect } from 'react';
import { useSettings } from './settings-store.ts';

/** docs/product/storefront.md §2: '{page title} - {app name}', or only the app name when the page has no title. */
export function pageTitle(title: string | undefined, appName: string) {
  return title ? `${title} - ${appName}` : appName;
}

/** Sets the document title; pages that know a better title (a product's name) call it again. */
export function useDocumentTitle(title: string | undefined) {
  const appName = useSettings((state) => state.appName);
  useEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
}
