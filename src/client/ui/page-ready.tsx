import { useEffect } from 'react';

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
