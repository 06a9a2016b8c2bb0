import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AuthDialogsHost } from '../../features/auth/auth-dialogs-host.tsx';
import { useAuth } from '../../features/auth/auth-store.ts';
import { useSettingsBootstrap } from '../../features/settings/use-settings-bootstrap.ts';

/** Live order and ticket updates for a signed-in shopper; its code loads apart from the first paint. */
const LiveUpdates = lazy(() => import('../../features/live/live-updates.tsx'));

export function RootLayout() {
  useSettingsBootstrap();
  const authorization = useAuth((state) => state.token);
  return (
    <>
      <Outlet />
      <AuthDialogsHost />
      {authorization && (
        <Suspense>
          <LiveUpdates authorization={authorization} />
        </Suspense>
      )}
    </>
  );
}
