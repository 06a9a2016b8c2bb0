import { storedState } from '../../test/memory-storage.fixture.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../../client/lib/api-client.ts';
import { useSettings } from '../settings/settings-store.ts';
import { answerEveryCall } from '../../../client/test/fetch-answer.fixture.ts';
import { useAuth } from '../session/session-store.ts';
import { connectApiClientToSession } from './session-api-client.ts';

const signedIn = {
  user: { id: 7, name: 'Ana', phone: '2025550188', profile_photo: null },
  addresses: [{ id: 3, is_default: true }],
  favoriteProducts: 4,
};

beforeEach(() => {
  connectApiClientToSession();
  useAuth.setState(signedIn);
  useSettings.setState({ locale: 'ar' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client on the stored session', () => {
  it('sends the chosen language and asks for cookie sessions, never a token of its own', async () => {
    const fetch = answerEveryCall(200, { message: '', data: { addresses: [] } });
    await api.call('GET /addresses');
    const headers = fetch.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['x-session']).toBe('cookie');
    expect(headers['Accept-Language']).toBe('ar');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('ends the session when a call made signed in is answered 401', async () => {
    answerEveryCall(401, { message: 'Unauthenticated.' });
    await expect(api.call('GET /favorite-products')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    const signedOut = { user: null, addresses: [], favoriteProducts: 0 };
    expect(useAuth.getState()).toMatchObject(signedOut);
    // A reload must not bring the session back.
    expect(storedState('auth')).toMatchObject({ state: signedOut });
  });

  it('keeps the session on other failures', async () => {
    answerEveryCall(422, { message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } });
    const failure = api.call('POST /contact', { body: { name: '', email: 'ana@example.com', subject: 'Hi', message: 'Hello there, store.' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 422 });
    expect(useAuth.getState()).toMatchObject(signedIn);
  });

  it('leaves the state alone when a call made signed out is answered 401', async () => {
    useAuth.setState({ user: null, favoriteProducts: 4 });
    answerEveryCall(401, { message: 'Unauthenticated.' });
    await expect(api.call('GET /profile')).rejects.toMatchObject({ status: 401 });
    expect(useAuth.getState()).toMatchObject({ user: null, favoriteProducts: 4 });
  });
});
