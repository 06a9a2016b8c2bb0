import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { connectApiClientToSession } from './features/auth/session-api-client.ts';
import { useSettings } from './features/settings/settings-store.ts';
import { applyThemeColors } from './features/settings/theme.ts';
import { applyServerBootstrap } from './features/settings/use-settings-bootstrap.ts';
import { applyDocumentLanguage, loadMessages } from './lib/i18n.ts';
import './styles.css';

connectApiClientToSession();

async function start() {
  const stored = useSettings.getState();
  applyDocumentLanguage(stored.locale, stored.langDirection);
  applyThemeColors(stored.themeColors);
  if (!applyServerBootstrap()) return;

  const { locale, langDirection } = useSettings.getState();
  applyDocumentLanguage(locale, langDirection);
  // English keys are the English texts: only other languages hold the first paint for their messages.
  if (locale === 'en') void loadMessages(locale);
  else await loadMessages(locale);

  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield while it renders the first screen instead of blocking input.
  startTransition(() => root.render(<App />));
}

void start();
