import { Outlet } from 'react-router';
import { AuthDialogsHost } from '../../features/auth/auth-dialogs-host.tsx';
import { useSettingsBootstrap } from '../../features/settings/use-settings-bootstrap.ts';

export function RootLayout() {
  useSettingsBootstrap();
  return (
    <>
      <Outlet />
      <AuthDialogsHost />
    </>
  );
}
