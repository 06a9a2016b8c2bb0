import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../session/session-store.ts';

const AuthDialogs = lazy(() => import('./auth-dialogs.tsx'));

/**
 * Mounts the account dialogs (one lazily loaded chunk, off the first load) when a dialog first
 * opens, and keeps them mounted so a flow keeps its steps' data.
 */
export function AuthDialogsHost() {
  const open = useAuth((state) => state.dialog !== null);
  const [wanted, setWanted] = useState(open);
  // React's "adjust state on prop change": once wanted, always wanted.
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense>
      <AuthDialogs />
    </Suspense>
  ) : null;
}
