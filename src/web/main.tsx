import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { AppRoutes } from './app/router.tsx';
import { connectApiClientToSession } from './features/auth/session-api-client.ts';
import { exchangeStoredToken } from './features/auth/stored-token-exchange.ts';
import { keepPreferencesInCookie } from './features/settings/preference-cookie.ts';
import { hasStoredSettings, useSettings } from './features/settings/settings-store.ts';
import { applyThemeColors } from './features/settings/theme.ts';
import { applyServerBootstrap, readServerBootstrap, rendersAsServer } from './app/settings-bootstrap.ts';
import { applyDocumentLanguage, loadMessages } from '../client/lib/i18n.ts';
import { CONSOLE_SIGN_IN_SEARCH } from '../shared/console-sign-in.ts';
import './styles.css';

connectApiClientToSession();

async function start() {
  // Read before anything is stored: this visit's first write would hide it.
  const storedSettings = hasStoredSettings();
  // Before any call: those made signed in but without the cookie yet would end the session.
  const exchanged = await exchangeStoredToken();
  const stored = useSettings.getState();
  applyDocumentLanguage(stored.locale, stored.langDirection);
  applyThemeColors(stored.themeColors);
  const bootstrap = readServerBootstrap();
  // A session just moved into its cookie: the server rendered this page for a visitor.
  if (bootstrap && exchanged) delete bootstrap.shopper;
  if (bootstrap && !applyServerBootstrap(bootstrap, { storedSettings })) return;
  keepPreferencesInCookie();

  const { locale, langDirection } = useSettings.getState();
  applyDocumentLanguage(locale, langDirection);
  // English keys are the English texts: only other languages hold the first paint for their messages.
  if (locale === 'en') void loadMessages(locale);
  else await loadMessages(locale);

  // Sent by the console's sign-in prompt: its few lines load only then.
  if (new URLSearchParams(location.search).get(CONSOLE_SIGN_IN_SEARCH.name) === CONSOLE_SIGN_IN_SEARCH.value) {
    void import('./features/auth/console-sign-in.ts').then(({ signInForConsole }) => signInForConsole());
  }

  const container = document.getElementById('root')!;
  const app = (
    <App>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
  // The server's HTML is already on screen: bring it to life when it shows what this shopper would see.
  if (bootstrap?.prerendered && rendersAsServer(bootstrap)) {
    // In a transition React hydrates in slices and yields to input in between.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // The server drew it for someone else: the page starts afresh.
  if (bootstrap?.prerendered) container.replaceChildren();
  const root = createRoot(container);
  // A transition lets React yield while it renders the first screen instead of blocking input.
  startTransition(() => root.render(app));
}

void start();
