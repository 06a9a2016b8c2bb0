import { useEffect, useSyncExternalStore } from 'react';

/**
 * Marks `<html data-page-ready>` once the page has come alive (rendered, or its server HTML
 * hydrated), so browser tests act on a page the way a person who waits for it would.
 */
export function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = '';
  }, []);
  return null;
}

const subscribeToNothing = () => () => undefined;

/**
 * False in the server's HTML and while it hydrates, true once the page's code runs: a form's submit
 * button waits for it, since a form sent before then goes the browser's way, its fields (a password)
 * in the page's address.
 */
export function usePageAlive(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}
