import { applyDocumentLanguage, loadMessages } from '../../../client/lib/i18n.ts';
import { useSettings } from './settings-store.ts';

/** Spec §4: store the locale, set the direction, load its messages, then reload the page. */
export async function chooseLanguage(locale: string) {
  const settings = useSettings.getState();
  settings.setLocale(locale);
  const { langDirection } = useSettings.getState();
  applyDocumentLanguage(locale, langDirection);
  await loadMessages(locale);
  window.location.reload();
}
