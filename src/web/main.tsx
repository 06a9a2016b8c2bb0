import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { useAuth } from './features/auth/auth-store.ts';
import { useSettings } from './features/settings/settings-store.ts';
import { applyThemeColors } from './features/settings/theme.ts';
import { configureApiClient } from './lib/api-client.ts';
import { applyDocumentLanguage, loadMessages } from './lib/i18n.ts';
import './styles.css';

const { locale, langDirection, themeColors } = useSettings.getState();
applyDocumentLanguage(locale, langDirection);
applyThemeColors(themeColors);

configureApiClient({
  locale: () => useSettings.getState().locale,
  authorization: () => useAuth.getState().token,
  // Spec §4/§8: any authenticated call answered 401 ends the session on this device.
  onUnauthorized: () => useAuth.getState().clearSession(),
});

const messages = loadMessages(locale);
// English keys are the English texts, so only other languages wait for their messages before the first paint.
if (locale !== 'en') await messages;

createRoot(document.getElementById('root')!).render(<App />);
