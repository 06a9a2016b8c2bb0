import { api } from '../../../client/lib/api-client.ts';
import { useAuth } from '../session/session-store.ts';

const STORE_NAME = 'auth';

interface StoredAuth {
  state?: { token?: unknown };
}

function readStoredAuth(): StoredAuth {
  try {
    return (JSON.parse(window.localStorage.getItem(STORE_NAME) ?? '{}') as StoredAuth | null) ?? {};
  } catch {
    return {};
  }
}

/**
 * Decision 017: a shopper signed in by an earlier storefront has "Bearer <token>" in localStorage.
 * It is exchanged once for the session cookie (a refused token signs the shopper out, as any 401
 * does) and removed from the stored state, whose other entries stay. Answers whether there was one.
 */
export async function exchangeStoredToken(): Promise<boolean> {
  const stored = readStoredAuth();
  const authorization = stored.state?.token;
  if (typeof authorization !== 'string') return false;
  try {
    const answer = await api.call('POST /auth/cookie-session', { headers: { Authorization: authorization } });
    useAuth.getState().signIn(answer.data.user);
    return true;
  } catch (error) {
    console.warn('The stored session could not be moved into its cookie', error);
    return false;
  } finally {
    const latest = readStoredAuth();
    delete latest.state?.token;
    window.localStorage.setItem(STORE_NAME, JSON.stringify(latest));
  }
}
