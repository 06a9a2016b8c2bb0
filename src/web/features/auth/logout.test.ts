import '../../test/memory-storage.fixture.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toast.ts';
import { useCart } from '../cart/cart-store.ts';
import { useAuth } from '../session/session-store.ts';
import { logout } from './logout.ts';
import { connectApiClientToSession } from './session-api-client.ts';

vi.mock('../../lib/toast.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), message: vi.fn() } }));

const signedOut = { user: null, addresses: [], favoriteProducts: 0 };

beforeEach(() => {
  connectApiClientToSession();
  useAuth.setState({
    user: { id: 7, name: 'Ana', phone: null, profile_photo: null },
    addresses: [{ id: 3, is_default: true }],
    favoriteProducts: 2,
  });
  useCart.setState({ total: 3, selectedShopIds: [4], coupon_codes: { 4: 'SAVE10' }, address: 3, payable_amount: 42.5, total_amount: 40 });
  vi.mocked(notify.success).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the menu logout', () => {
  it.each([
    ['answers', 200],
    ['fails', 500],
    ['finds the session already ended', 401],
  ])('clears the session and the cart when the server %s', async (_case, status) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Logout successfully', data: {} }), { status }));
    vi.stubGlobal('fetch', fetch);
    await logout();

    expect(fetch).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'GET' }));
    expect(useAuth.getState()).toMatchObject(signedOut);
    expect(useCart.getState()).toMatchObject({ total: 0, selectedShopIds: [], coupon_codes: {}, address: null, payable_amount: 0, total_amount: 0 });
    expect(notify.success).toHaveBeenCalledWith('Logout successfully');
  });

  it('clears the session when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await logout();
    expect(useAuth.getState()).toMatchObject(signedOut);
  });
});
