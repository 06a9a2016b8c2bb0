import { CONSOLE_PATH } from '../../../shared/console-sign-in.ts';
import { isSignedIn, useAuth } from '../session/session-store.ts';

/**
 * Runs `then` once the page has come alive (`<html data-page-ready>`): a dialog opened while React
 * still hydrates the server's HTML makes the two differ, and React throws the page away (error 418).
 */
function whenPageReady(then: () => void) {
  const root = document.documentElement;
  if ('pageReady' in root.dataset) return then();
  const observer = new MutationObserver(() => {
    if (!('pageReady' in root.dataset)) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-page-ready'] });
}

/** The console's sign-in prompt sent this person here: the login dialog (unless signed in already), then back to the console. */
export function signInForConsole() {
  const goToConsole = () => window.location.assign(CONSOLE_PATH);
  if (isSignedIn()) goToConsole();
  else whenPageReady(() => useAuth.getState().openDialog('login', goToConsole));
}
