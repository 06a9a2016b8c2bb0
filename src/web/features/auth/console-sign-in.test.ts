import '../../test/memory-storage.fixture.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../session/session-store.ts';
import { signInForConsole } from './console-sign-in.ts';

const assign = vi.fn();
vi.stubGlobal('window', { location: { assign } });

afterEach(() => {
  assign.mockClear();
  useAuth.setState({ user: null, dialog: null, afterLogin: null });
});

describe('signing in for the console', () => {
  it('opens the login dialog, and goes to the console once logged in', async () => {
    signInForConsole();
    const { dialog, afterLogin } = useAuth.getState();
    expect(dialog).toBe('login');
    expect(assign).not.toHaveBeenCalled();
    await afterLogin?.();
    expect(assign).toHaveBeenCalledWith('/console');
  });

  it('goes straight to the console when already signed in', () => {
    useAuth.setState({ user: { id: 1, name: 'Store Admin' } as never });
    signInForConsole();
    expect(assign).toHaveBeenCalledWith('/console');
    expect(useAuth.getState().dialog).toBe(null);
  });
});
