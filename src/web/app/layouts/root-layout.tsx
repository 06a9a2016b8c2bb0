import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AuthDialogsHost } from '../../features/auth/auth-dialogs-host.tsx';
import { useAuth } from '../../features/session/session-store.ts';
import { useSettingsBootstrap } from '../settings-bootstrap.ts';

/** Live order and ticket updates for a signed-in shopper; its code loads apart from the first paint. */
const LiveUpdates = lazy(() => import('../../features/live/live-updates.tsx'));

export function RootLayout() {
  useSettingsBootstrap();
  const userId = useAuth((state) => state.user?.id);
  return (
    <>
      <Outlet />
      <AuthDialogsHost />
      {userId !== undefined && (
        <Suspense>
          <LiveUpdates key={userId} />
        </Suspense>
      )}
    </>
  );
}
