import '../../test/memory-storage.fixture.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../session/session-store.ts';
import { signInForConsole } from './console-sign-in.ts';

const assign = vi.fn();
vi.stubGlobal('window', { location: { assign } });
const documentElement = { dataset: {} as Record<string, string> };
vi.stubGlobal('document', { documentElement });
/** Stands in for the browser's: `changed()` is the page marking itself ready. */
let changed = () => {};
vi.stubGlobal(
  'MutationObserver',
  class {
    constructor(callback: () => void) {
      changed = callback;
    }
    observe() {}
    disconnect() {}
  },
);

afterEach(() => {
  assign.mockClear();
  documentElement.dataset = {};
  useAuth.setState({ user: null, dialog: null, afterLogin: null });
});

describe('signing in for the console', () => {
  it('opens the login dialog once the page has come alive, and goes to the console once logged in', async () => {
    signInForConsole();
    expect(useAuth.getState().dialog, 'not while React hydrates the server HTML').toBe(null);
    documentElement.dataset.pageReady = '';
    changed();
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
