import { storedState } from '../../test/memory-storage.fixture.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerEveryCall } from '../../../client/test/fetch-answer.fixture.ts';
import { useAuth } from '../session/session-store.ts';
import { connectApiClientToSession } from './session-api-client.ts';
import { exchangeStoredToken } from './stored-token-exchange.ts';

const storedUser = { id: 7, name: 'Ana', phone: null, profile_photo: null };
const kept = { user: storedUser, addresses: [{ id: 3, is_default: true }], favoriteProducts: 2 };

beforeEach(() => {
  connectApiClientToSession();
  useAuth.setState(kept);
  // What an earlier storefront left behind.
  window.localStorage.setItem('auth', JSON.stringify({ state: { ...kept, token: 'Bearer old-token' }, version: 1 }));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the stored token of an earlier storefront', () => {
  it('is exchanged once for the session cookie, then gone from storage while the rest stays', async () => {
    const fetch = answerEveryCall(200, { message: 'Login Successful', data: { user: { ...storedUser, name: 'Ana Lima' }, access: { auth_type: 'Cookie', expires_at: '2030-01-01T00:00:00.000Z' } } });
    await exchangeStoredToken();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init.method]).toEqual(['/api/auth/cookie-session', 'POST']);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
    expect(useAuth.getState()).toMatchObject({ user: { name: 'Ana Lima' }, favoriteProducts: 2 });
    expect(storedState('auth')).toEqual({ state: { ...kept, user: { ...storedUser, name: 'Ana Lima' } }, version: 1 });

    await exchangeStoredToken();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('signs the shopper out when the server refuses it, and is gone as well', async () => {
    answerEveryCall(401, { message: 'Unauthenticated.' });
    await exchangeStoredToken();
    expect(useAuth.getState()).toMatchObject({ user: null, addresses: [], favoriteProducts: 0 });
    expect(storedState('auth')).toEqual({ state: { user: null, addresses: [], favoriteProducts: 0 }, version: 1 });
  });

  it('is not asked about when storage holds none', async () => {
    window.localStorage.setItem('auth', JSON.stringify({ state: kept, version: 1 }));
    const fetch = answerEveryCall(200, {});
    await exchangeStoredToken();
    expect(fetch).not.toHaveBeenCalled();
    expect(useAuth.getState()).toMatchObject(kept);
  });
});
