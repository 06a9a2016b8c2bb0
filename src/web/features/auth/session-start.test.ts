import '../../test/memory-storage.fixture.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionData } from '../../../shared/account.contract.ts';
import { addToCart } from '../cart/cart-actions.ts';
import { cartLine, shopGroup } from '../../test/cart-lines.fixture.ts';
import { useCart } from '../cart/cart-store.ts';
import { useAuth } from '../session/session-store.ts';
import { connectApiClientToSession } from './session-api-client.ts';
import { startSession } from './session-start.ts';

const session: SessionData = {
  user: {
    id: 12,
    name: 'Ana Lima',
    email: 'ana@example.com',
    country: 'Brazil',
    phone_code: '+55',
    phone: '11987654321',
    profile_photo: null,
    gender: null,
    birthday: null,
    is_verified: false,
  },
  access: { auth_type: 'Cookie', expires_at: '2030-01-01T00:00:00.000Z' },
};

const address = (id: number, is_default: boolean) => ({ id, is_default, name: 'Ana', phone: '11987654321', area: 'Centro' });

/** Answers by path; a path without an answer fails the way a missing route does. */
function serve(answers: Record<string, { status?: number; body: unknown }>) {
  const fetch = vi.fn(async (url: string, _init: RequestInit) => {
    const answer = answers[new URL(url, 'http://store.test').pathname];
    if (!answer) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  connectApiClientToSession();
  useAuth.getState().clearSession();
  useAuth.getState().openDialog('login');
  useCart.getState().resetCart();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('starting a session', () => {
  it('stores the user, closes the dialog and loads favourites and addresses', async () => {
    const fetch = serve({
      '/api/favorite-products': { body: { message: '', data: { total: 5, products: [] } } },
      '/api/addresses': { body: { message: '', data: { addresses: [address(1, false), address(2, true)] } } },
    });
    const loading = startSession(session);
    expect(useAuth.getState()).toMatchObject({ user: { name: 'Ana Lima' }, dialog: null });
    await loading;

    expect(useAuth.getState().favoriteProducts).toBe(5);
    expect(useAuth.getState().addresses).toEqual([
      { id: 1, is_default: false },
      { id: 2, is_default: true },
    ]);
    expect(useCart.getState().address).toBe(2);
    expect(fetch).toHaveBeenCalled();
  });

  it('makes the first address the cart address when none is the default', async () => {
    serve({
      '/api/favorite-products': { body: { message: '', data: { total: 0, products: [] } } },
      '/api/addresses': { body: { message: '', data: { addresses: [address(8, false), address(9, false)] } } },
    });
    await startSession(session);
    expect(useCart.getState().address).toBe(8);
  });

  it('keeps the session when a follow-up load fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({ '/api/addresses': { body: { message: '', data: { addresses: [] } } } });
    await startSession(session);
    expect(useAuth.getState()).toMatchObject({ user: { name: 'Ana Lima' }, favoriteProducts: 0, addresses: [] });
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('an add to cart that asked for a login', () => {
  const choice = { product_id: 7, quantity: 2, color: 3, size: 4, unit: 'pc' };
  const cart = { message: '', data: { total: 1, cart_items: [shopGroup(1, [cartLine({ id: 7, quantity: 2 })])] } };
  const serveAccount = () =>
    serve({
      '/api/favorite-products': { body: { message: '', data: { total: 0, products: [] } } },
      '/api/addresses': { body: { message: '', data: { addresses: [] } } },
      '/api/carts': { body: { message: '', data: { total: 0, cart_items: [], unavailable_items: [] } } },
      '/api/cart/store': { body: cart },
    });
  const adds = (fetch: ReturnType<typeof serve>) =>
    fetch.mock.calls.filter(([url]) => url.endsWith('/api/cart/store')).map(([, init]) => JSON.parse(String(init.body)) as unknown);

  beforeEach(() => {
    useAuth.getState().openDialog(null);
  });

  it('is done once the login succeeds, after the cart has loaded, and only once', async () => {
    const fetch = serveAccount();
    expect(await addToCart(choice)).toBe(false);
    expect(useAuth.getState().dialog).toBe('login');
    expect(adds(fetch)).toEqual([]);

    await startSession(session);
    expect(adds(fetch)).toEqual([choice]);
    expect(useCart.getState().total).toBe(1);

    useAuth.getState().clearSession();
    useAuth.getState().openDialog('login');
    await startSession(session);
    expect(adds(fetch)).toEqual([choice]);
  });

  it('survives moving on to the register dialog', async () => {
    const fetch = serveAccount();
    await addToCart(choice);
    useAuth.getState().openDialog('register');
    await startSession(session);
    expect(adds(fetch)).toEqual([choice]);
  });

  it('is forgotten when the dialog is closed', async () => {
    const fetch = serveAccount();
    await addToCart(choice);
    useAuth.getState().openDialog(null);
    useAuth.getState().openDialog('login');
    await startSession(session);
    expect(adds(fetch)).toEqual([]);
  });

  it('is not resumed for a Buy Now, which goes on to its own page', async () => {
    const fetch = serveAccount();
    await addToCart({ ...choice, is_buy_now: true });
    await startSession(session);
    expect(adds(fetch)).toEqual([]);
  });
});
