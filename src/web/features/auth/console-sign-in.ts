import { CONSOLE_PATH } from '../../../shared/console-sign-in.ts';
import { isSignedIn, useAuth } from '../session/session-store.ts';

/** The console's sign-in prompt sent this person here: the login dialog (unless signed in already), then back to the console. */
export function signInForConsole() {
  const goToConsole = () => window.location.assign(CONSOLE_PATH);
  if (isSignedIn()) goToConsole();
  else useAuth.getState().openDialog('login', goToConsole);
}
