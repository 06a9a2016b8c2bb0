import '../../test/memory-storage.fixture.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../client/lib/api-client.ts';
import { notify } from '../../lib/toast.ts';
import { useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { reportVoucherFailure } from './voucher-failure.ts';

vi.mock('../../lib/toast.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), message: vi.fn() } }));

const signedIn = { user: { name: 'Ada', phone: null, profile_photo: null }, addresses: [{ id: 1, is_default: true }], favoriteProducts: 4 };

beforeEach(() => {
  vi.clearAllMocks();
  useAuth.setState(signedIn);
  useSettings.setState({ langDirection: 'ltr' });
});

describe('a failed voucher call', () => {
  it('shows the server message bottom-left and keeps the session', () => {
    const leave = vi.fn();
    reportVoucherFailure(new ApiError(409, 'You have already collected this voucher'), leave);
    expect(notify.error).toHaveBeenCalledWith('You have already collected this voucher', { position: 'bottom-left' });
    expect(useAuth.getState()).toMatchObject(signedIn);
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows it bottom-right in a right-to-left language', () => {
    useSettings.setState({ langDirection: 'rtl' });
    reportVoucherFailure(new ApiError(500, 'Server Error'), vi.fn());
    expect(notify.error).toHaveBeenCalledWith('Server Error', { position: 'bottom-right' });
  });

  it('on a lost session clears user, addresses and favourites and leaves for home', () => {
    const leave = vi.fn();
    reportVoucherFailure(new ApiError(401, 'Unauthenticated.'), leave);
    expect(notify.error).toHaveBeenCalledWith('Unauthenticated.', expect.anything());
    expect(useAuth.getState()).toMatchObject({ user: null, addresses: [], favoriteProducts: 0 });
    expect(leave).toHaveBeenCalledOnce();
  });
});
