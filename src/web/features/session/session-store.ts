import { createStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { browserStorage, renderFromLiveState } from '../../lib/persisted-store.ts';
import { scopedStore } from '../../../client/lib/request-scope.ts';

export interface AuthUser {
  id?: number;
  name: string;
  phone: string | null;
  email?: string | null;
  phone_code?: string | null;
  profile_photo: string | null;
  /** Whether the shopper has confirmed the account with a code (register_otp_verify). */
  is_verified?: boolean;
}

export interface AuthAddress {
  id: number;
  is_default: boolean;
}

/** Which account dialog is open; at most one at a time. */
export type AuthDialog = 'login' | 'register' | 'forgot' | 'otp' | 'reset' | null;

/**
 * Auth state of docs/product/storefront.md §3, persisted in localStorage. The session's secret is not here: it lives in an
 * httpOnly cookie (decision 017), and a stored `user` is what "signed in" means to the storefront.
 */
export interface AuthState {
  user: AuthUser | null;
  addresses: AuthAddress[];
  favoriteProducts: number;
  dialog: AuthDialog;
  /** What the shopper was doing when asked to log in, done once a login from these dialogs succeeds. */
  afterLogin: (() => unknown) | null;
  addressModal: boolean;
  changeAddressModal: boolean;
  orderCancelModal: boolean;
  favoriteRemoveModal: boolean;
}

interface AuthActions {
  /** Closing the dialogs forgets `afterLogin`; moving from one dialog to another keeps it. */
  openDialog(dialog: AuthDialog, afterLogin?: () => unknown): void;
  signIn(user: AuthUser): void;
  updateUser(changes: Partial<AuthUser>): void;
  setAddresses(addresses: AuthAddress[]): void;
  setFavoriteCount(count: number): void;
  /** docs/product/storefront.md §4/§8: user, addresses and favourites go, whatever the server said. */
  clearSession(): void;
}

const signedOut = { user: null, addresses: [], favoriteProducts: 0 } satisfies Partial<AuthState>;

export const useAuth = scopedStore(() =>
  createStore<AuthState & AuthActions>()(
    renderFromLiveState(
      persist(
        (set) => ({
          ...signedOut,
          dialog: null,
          afterLogin: null,
          addressModal: false,
          changeAddressModal: false,
          orderCancelModal: false,
          favoriteRemoveModal: false,
          openDialog: (dialog, afterLogin) => set(dialog === null ? { dialog, afterLogin: null } : afterLogin ? { dialog, afterLogin } : { dialog }),
          signIn: (user) => set({ user, dialog: null, afterLogin: null }),
          updateUser: (changes) => set(({ user }) => (user ? { user: { ...user, ...changes } } : {})),
          setAddresses: (addresses) => set({ addresses }),
          setFavoriteCount: (favoriteProducts) => set({ favoriteProducts }),
          clearSession: () => set(signedOut),
        }),
        {
          name: 'auth',
          version: 1,
          storage: browserStorage,
          partialize: ({ user, addresses, favoriteProducts }) => ({ user, addresses, favoriteProducts }),
        },
      ),
    ),
  ),
);

export const isSignedIn = () => useAuth.getState().user !== null;
