import { loadMessagesForNextPage, writeDocumentLanguage } from '../../../client/lib/i18n.ts';
import { useSettings } from './settings-store.ts';

/**
 * docs/product/storefront.md §4: store the locale, set the direction, load its messages, then reload the page, which the
 * server renders in the new language. The page on screen keeps its texts until then: a part of it
 * may still be hydrating (the footer's code comes after the page's), and it must render what the
 * server sent; the messages come from the browser's cache on the reloaded page.
 */
export async function chooseLanguage(locale: string) {
  const settings = useSettings.getState();
  settings.setLocale(locale);
  writeDocumentLanguage(locale, useSettings.getState().langDirection);
  await loadMessagesForNextPage(locale);
  window.location.reload();
}
