import { configureApiClient } from '../../client/lib/api-client.ts';
import { queryClient } from '../../client/lib/query-client.ts';
import { consoleMeQuery } from '../features/access/console-me.ts';
import { useConsoleLanguage } from '../features/language/console-language.ts';

/**
 * The console's calls ask in its language; a call refused 401 while someone is shown signed in means
 * the session ended (a logout in the storefront's tab, an expiry), so the console asks who is
 * signed in again and shows the sign-in prompt. A call refused 403 may mean their access changed
 * since the console asked (they were removed from the staff, or lost a permission, and stay signed
 * in: decision 049), so it asks what they may do again: the gate then closes, or the pages follow.
 */
export function connectApiClientToConsole() {
  configureApiClient({
    locale: () => useConsoleLanguage.getState().locale,
    signedIn: () => queryClient().getQueryData(consoleMeQuery.queryKey) !== undefined,
    onUnauthorized: () => void queryClient().resetQueries({ queryKey: consoleMeQuery.queryKey }),
    onForbidden: () => {
      // The refused call may be that question itself: asking again would never end.
      if (queryClient().isFetching({ queryKey: consoleMeQuery.queryKey }) === 0) void queryClient().invalidateQueries({ queryKey: consoleMeQuery.queryKey });
    },
  });
}
